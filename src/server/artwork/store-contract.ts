/**
 * Where artwork files live. The browser sends the bytes straight to storage with a signed,
 * expiring upload URL (a function never carries them: Netlify takes 6 MB at most); the check
 * reads them back. Production: Supabase Storage's private bucket ARTWORK_BUCKET. Embedded
 * default: files under <DATA_DIR>/artwork, received and served by the local server
 * (local-store.ts, local-transfer.ts). Not under <DATA_DIR>/uploads: the local image CDN publishes that folder,
 * and customer files are private.
 */
export interface ArtworkStore {
  /**
   * A single-use URL the browser PUTs the file to, valid for a while (shorter than an unchecked
   * upload's life where the store can say so). `maxBytes` bounds the file where `boundsUploadSize`.
   */
  createUploadUrl(
    key: string,
    maxBytes?: number,
  ): Promise<{ url: string; headers: Record<string, string>; expiresAt: Date }>;
  /** True when an upload URL takes no more than the `maxBytes` it was made with (else up to 50 MB). */
  readonly boundsUploadSize: boolean;
  /**
   * The bytes storage holds under each key, a file still arriving included where the store can
   * see it; keys with nothing stored are left out. The upload budgets count these
   * (docs/decisions/0041-outside-audit.md item 5).
   */
  receivedBytes(keys: readonly string[]): Promise<Map<string, number>>;
  /** The stored bytes; null when nothing was uploaded; FileTooLarge past `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the files (and anything kept beside them); missing ones are fine. */
  remove(keys: string[]): Promise<void>;
  /** A short-lived URL that downloads the file as an attachment named `fileName`, off the page's origin context. */
  downloadUrl(key: string, fileName: string): Promise<string>;
  /** Deletes the partial files of uploads that stopped half way more than `olderThanMs` ago; answers how many. */
  removeStalePartials?(olderThanMs: number): Promise<number>;
}

export class FileTooLarge extends Error {}

/** storage_key and thumbnail_key of an artwork row: made by the server from the row id. */
export const originalKey = (id: string) => `${id}/original`;
export const thumbnailKey = (id: string) => `${id}/thumbnail.webp`;
export const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(original|thumbnail\.webp)$/;
