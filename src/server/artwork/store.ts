import { storageChoice } from '../storage-choice.ts';
import { join } from 'node:path';
import { config } from '../config.ts';
import { LOCAL_STORAGE_PREFIX, type LocalArtworkStore, localArtworkStore } from './local-store.ts';
import { supabaseArtworkStore } from './supabase-store.ts';
import type { ArtworkStore } from './store-contract.ts';

export type { ArtworkStore } from './store-contract.ts';
export { FileTooLarge, KEY_PATTERN, originalKey, thumbnailKey } from './store-contract.ts';

const store = storageChoice<ArtworkStore>('ArtworkStore', {
  supabase: (s) => supabaseArtworkStore(s.url, s.serviceRoleKey, config().ARTWORK_BUCKET),
  local: (dataDir) => localArtworkStore(join(dataDir, 'artwork')),
});

export function artworkStore(): ArtworkStore {
  return store.get();
}

/** Tests install a store in a temporary folder. */
export function installArtworkStore(next: ArtworkStore | undefined) {
  store.install(next);
}

/**
 * What the local server answers under /_storage/artwork/ (signed PUTs and downloads) when the
 * embedded store is in use; undefined with Supabase Storage, which serves its own URLs.
 */
export function localStorageStandIn(): { prefix: string; serve(req: Request): Promise<Response> } | undefined {
  const store = artworkStore();
  if (!('serve' in store)) return undefined;
  const local = store as LocalArtworkStore;
  return { prefix: LOCAL_STORAGE_PREFIX, serve: (req) => local.serve(req) };
}
