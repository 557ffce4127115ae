import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { MAX_ARTWORK_BYTES } from '../../lib/artwork/artwork-schema.ts';
import { receiveLocalUpload, refusal, removeStalePartials, serveLocalDownload } from './local-transfer.ts';
import { type ArtworkStore, FileTooLarge, KEY_PATTERN } from './store-contract.ts';

/** The local server answers this prefix (scripts/server), as Supabase Storage would. */
export const LOCAL_STORAGE_PREFIX = '/_storage/artwork/';
/**
 * The browser PUTs the moment it has its ticket, so the URL need only last minutes; an upload
 * under way when it expires carries on. Well inside an unchecked upload's life
 * (UNCHECKED_UPLOAD_MINUTES, upload-budget.ts), which leaves the rest for the bytes to arrive.
 */
const UPLOAD_LIFETIME_MS = 5 * 60 * 1000;
const DOWNLOAD_LIFETIME_MS = 5 * 60 * 1000;

export interface LocalArtworkStore extends ArtworkStore {
  /** Answers PUT (upload) and GET (download) of LOCAL_STORAGE_PREFIX URLs. */
  serve(req: Request): Promise<Response>;
}

export interface LocalStoreOptions {
  uploadLifetimeMs?: number;
  now?: () => number;
}

/** The key signing this folder's URLs: made once, kept beside the files (like the admin password). */
function signingKey(root: string): Buffer {
  const file = join(root, '.signing-key');
  mkdirSync(root, { recursive: true });
  try {
    return readFileSync(file);
  } catch {
    try {
      writeFileSync(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process made it first: use theirs.
    }
    return readFileSync(file);
  }
}

/**
 * Artwork under `dir` (embedded default). URLs are signed (HMAC-SHA256 over method, key, expiry,
 * file name and an upload's largest size) and expire; an upload URL works once (a marker file is created exclusively
 * before the first byte is written).
 */
export function localArtworkStore(dir: string, options: LocalStoreOptions = {}): LocalArtworkStore {
  const root = resolve(dir);
  const now = options.now ?? Date.now;
  const uploadLifetime = options.uploadLifetimeMs ?? UPLOAD_LIFETIME_MS;
  let key: Buffer | undefined;
  const sign = (text: string) => {
    key ??= signingKey(root);
    return createHmac('sha256', key).update(text).digest('base64url');
  };
  const pathOf = (storageKey: string) => {
    if (!KEY_PATTERN.test(storageKey)) throw new Error(`refusing artwork key ${storageKey}`);
    return join(root, storageKey);
  };
  const signed = (method: string, storageKey: string, expires: number, name = '', max = '') =>
    sign(`${method}\n${storageKey}\n${expires}\n${name}\n${max}`);

  /** The key of a signed URL that is valid now, or a reason it is not. */
  const verify = (
    method: 'PUT' | 'GET',
    url: URL,
  ): { key: string; name: string; maxBytes: number } | { refused: string } => {
    const storageKey = decodeURIComponent(url.pathname.slice(LOCAL_STORAGE_PREFIX.length));
    const expires = Number(url.searchParams.get('expires'));
    const name = url.searchParams.get('name') ?? '';
    const max = url.searchParams.get('max') ?? '';
    const given = Buffer.from(url.searchParams.get('signature') ?? '');
    const expected = Buffer.from(
      KEY_PATTERN.test(storageKey) && Number.isSafeInteger(expires)
        ? signed(method, storageKey, expires, name, max)
        : '',
    );
    if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { refused: 'This link is not valid.' };
    }
    if (expires < now()) return { refused: 'This link has expired. Start the upload again.' };
    return { key: storageKey, name, maxBytes: Math.min(Number(max) || MAX_ARTWORK_BYTES, MAX_ARTWORK_BYTES) };
  };

  const urlFor = (method: string, storageKey: string, lifetime: number, name?: string, max?: number) => {
    const expires = now() + lifetime;
    const query = new URLSearchParams({ expires: String(expires) });
    if (name !== undefined) query.set('name', name);
    if (max !== undefined) query.set('max', String(max));
    query.set('signature', signed(method, storageKey, expires, name ?? '', max === undefined ? '' : String(max)));
    return { url: `${LOCAL_STORAGE_PREFIX}${storageKey}?${query}`, expires };
  };

  return {
    boundsUploadSize: true,
    async createUploadUrl(storageKey, maxBytes = MAX_ARTWORK_BYTES) {
      pathOf(storageKey);
      const { url, expires } = urlFor('PUT', storageKey, uploadLifetime, undefined, maxBytes);
      return { url, headers: {}, expiresAt: new Date(expires) };
    },
    async receivedBytes(storageKeys) {
      const sizes = new Map<string, number>();
      for (const storageKey of storageKeys) {
        const file = pathOf(storageKey);
        // A whole file, or the part of one still arriving (receiveLocalUpload writes `.part` first).
        const info = (await stat(file).catch(() => null)) ?? (await stat(`${file}.part`).catch(() => null));
        if (info) sizes.set(storageKey, info.size);
      }
      return sizes;
    },
    async read(storageKey, maxBytes) {
      const file = pathOf(storageKey);
      const info = await stat(file).catch(() => null);
      if (!info) return null;
      if (info.size > maxBytes) throw new FileTooLarge();
      return readFile(file);
    },
    async write(storageKey, bytes) {
      const file = pathOf(storageKey);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600 });
    },
    async remove(keys) {
      for (const storageKey of keys) {
        await rm(pathOf(storageKey), { force: true });
        await rm(`${pathOf(storageKey)}.part`, { force: true });
      }
      // The upload marker outlives the file until the upload URL has expired, so a refused
      // file's URL cannot be used to put another file there; then the folder goes.
      for (const folder of new Set(keys.map((k) => dirname(pathOf(k))))) {
        const rest = await readdir(folder).catch(() => [] as string[]);
        if (rest.some((name) => name !== '.upload-used')) continue;
        const marker = await stat(join(folder, '.upload-used')).catch(() => null);
        if (!marker || marker.mtimeMs + uploadLifetime < now()) await rm(folder, { recursive: true, force: true });
      }
    },
    removeStalePartials: (olderThanMs) => removeStalePartials(root, now() - olderThanMs),
    async downloadUrl(storageKey, fileName) {
      return urlFor('GET', storageKey, DOWNLOAD_LIFETIME_MS, fileName).url;
    },
    async serve(req) {
      const url = new URL(req.url);
      if (req.method === 'PUT') {
        const ok = verify('PUT', url);
        return 'refused' in ok ? refusal(403, ok.refused) : receiveLocalUpload(req, pathOf(ok.key), ok.maxBytes);
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const ok = verify('GET', url);
        return 'refused' in ok ? refusal(403, ok.refused) : serveLocalDownload(req, pathOf(ok.key), ok.name);
      }
      return refusal(405, 'Use PUT to upload.', { allow: 'PUT, GET, HEAD' });
    },
  };
}
