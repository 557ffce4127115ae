import { storageChoice } from '../storage-choice.ts';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';

/**
 * Where admin uploads go. Embedded default: files in `<DATA_DIR>/uploads`, answered as
 * `/uploads/<name>` (the local server's image CDN reads that folder). Production (SUPABASE_URL
 * and SUPABASE_SERVICE_ROLE_KEY set): the public Supabase Storage bucket `uploads`, answered
 * by its public URL. Names are made by the server (a random UUID plus the detected type's
 * extension), never taken from the client.
 */
export interface ImageStore {
  save(name: string, bytes: Buffer, contentType: string): Promise<string>;
  remove(url: string): Promise<void>;
}

export const UPLOADS_BUCKET = 'uploads';
const SAFE_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp|avif)$/;

export function localImageStore(dir: string): ImageStore {
  const root = resolve(dir);
  return {
    async save(name, bytes) {
      if (!SAFE_NAME.test(name)) throw new Error(`refusing to store an upload named ${name}`);
      await mkdir(root, { recursive: true });
      await writeFile(join(root, name), bytes, { flag: 'wx', mode: 0o644 });
      return `/uploads/${name}`;
    },
    async remove(url) {
      const name = basename(url);
      if (url === `/uploads/${name}` && SAFE_NAME.test(name)) await rm(join(root, name), { force: true });
    },
  };
}

export function supabaseImageStore(url: string, serviceRoleKey: string, bucket = UPLOADS_BUCKET): ImageStore {
  const storage = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).storage.from(bucket);
  const marker = `/storage/v1/object/public/${bucket}/`;
  return {
    async save(name, bytes, contentType) {
      const { error } = await storage.upload(name, bytes, { contentType, upsert: false, cacheControl: '31536000' });
      if (error) throw new Error(`Supabase Storage upload failed: ${error.message}`);
      return storage.getPublicUrl(name).data.publicUrl;
    },
    async remove(publicUrl) {
      const at = publicUrl.indexOf(marker);
      if (at < 0) return;
      const name = publicUrl.slice(at + marker.length);
      if (!SAFE_NAME.test(name)) return;
      const { error } = await storage.remove([name]);
      if (error) throw new Error(`Supabase Storage remove failed: ${error.message}`);
    },
  };
}

const store = storageChoice<ImageStore>('ImageStore', {
  supabase: (s) => supabaseImageStore(s.url, s.serviceRoleKey),
  local: (dataDir) => localImageStore(join(dataDir, 'uploads')),
});

export function imageStore(): ImageStore {
  return store.get();
}

/** Tests install a store in a temporary folder. */
export function installImageStore(next: ImageStore | undefined) {
  store.install(next);
}
