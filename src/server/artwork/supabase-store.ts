import { createClient } from '@supabase/supabase-js';
import { type ArtworkStore, FileTooLarge } from './store-contract.ts';

/**
 * Supabase's signed upload URLs last two hours (fixed by Supabase), longer than an unchecked
 * upload's life, and take any file up to the bucket's limit: the budgets count what the bucket
 * holds (receivedBytes), and the sweep deletes a lapsed upload's file again once its URL is dead
 * too (sweep-unchecked.ts).
 */
export const UPLOAD_URL_LIFETIME_MS = 2 * 60 * 60 * 1000;
const DOWNLOAD_URL_SECONDS = 5 * 60;

/**
 * Artwork in a private Supabase Storage bucket. The bucket should be created private with a
 * 50 MB file size limit (the check refuses larger files anyway). Upload URLs come from
 * createSignedUploadUrl: the browser PUTs the raw file to it; without upsert a second upload to
 * the same key is refused, so a URL works once. Downloads are signed URLs on Supabase's
 * origin with `download` set, so the original is an attachment and never a page of the shop.
 */
export function supabaseArtworkStore(url: string, serviceRoleKey: string, bucket: string): ArtworkStore {
  const storage = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).storage.from(bucket);
  return {
    boundsUploadSize: false,
    async createUploadUrl(key) {
      const { data, error } = await storage.createSignedUploadUrl(key);
      if (error) throw new Error(`Supabase Storage signed upload URL failed: ${error.message}`);
      return {
        url: data.signedUrl,
        headers: { 'x-upsert': 'false' },
        expiresAt: new Date(Date.now() + UPLOAD_URL_LIFETIME_MS),
      };
    },
    async receivedBytes(keys) {
      const sizes = new Map<string, number>();
      // One listing of each upload's folder (`<id>/`); a few at a time.
      for (let at = 0; at < keys.length; at += 8) {
        await Promise.all(
          keys.slice(at, at + 8).map(async (key) => {
            const slash = key.lastIndexOf('/');
            const { data, error } = await storage.list(key.slice(0, slash), { search: key.slice(slash + 1) });
            if (error) throw new Error(`Supabase Storage list failed: ${error.message}`);
            const found = data?.find((o) => o.name === key.slice(slash + 1));
            const size = Number((found?.metadata as { size?: unknown } | null | undefined)?.size);
            if (found && Number.isFinite(size)) sizes.set(key, size);
          }),
        );
      }
      return sizes;
    },
    async read(key, maxBytes) {
      const { data, error } = await storage.download(key);
      if (error) {
        if (/not.?found|does not exist|404/i.test(`${error.message} ${(error as { status?: number }).status ?? ''}`)) {
          return null;
        }
        throw new Error(`Supabase Storage download failed: ${error.message}`);
      }
      if (data.size > maxBytes) throw new FileTooLarge();
      return Buffer.from(await data.arrayBuffer());
    },
    async write(key, bytes, contentType) {
      const { error } = await storage.upload(key, bytes, { contentType, upsert: true, cacheControl: '3600' });
      if (error) throw new Error(`Supabase Storage upload failed: ${error.message}`);
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const { error } = await storage.remove(keys);
      if (error) throw new Error(`Supabase Storage remove failed: ${error.message}`);
    },
    async downloadUrl(key, fileName) {
      const { data, error } = await storage.createSignedUrl(key, DOWNLOAD_URL_SECONDS, { download: fileName });
      if (error) throw new Error(`Supabase Storage signed URL failed: ${error.message}`);
      return data.signedUrl;
    },
  };
}
