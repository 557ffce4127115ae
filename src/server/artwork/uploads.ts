import { TooLarge } from '../errors.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type CreateUploadInput,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_MB,
  type UploadTicket,
} from '../../lib/artwork-schema.ts';
import type { Database } from '../db/types.ts';
import { ownerHash } from './owner.ts';
import { artworkStore, originalKey } from './store.ts';

/** A new anonymous owner token for a browser that has none yet (256 random bits). */
export const newOwnerToken = () => randomBytes(32).toString('base64url');

/**
 * Step one of an upload: a row awaiting the file and a signed URL the browser sends it to. A
 * declared size over 50 MB is refused here already (the check measures the real file again).
 */
export async function createArtworkUpload(db: Kysely<Database>, input: CreateUploadInput): Promise<UploadTicket> {
  if (input.size > MAX_ARTWORK_BYTES) {
    throw new TooLarge('artwork_too_large', `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`, {
      fields: { size: `At most ${MAX_ARTWORK_MB} MB` },
    });
  }
  const ownerToken = input.ownerToken ?? newOwnerToken();
  const id = randomUUID();
  const upload = await artworkStore().createUploadUrl(originalKey(id));
  await db
    .insertInto('artwork')
    .values({
      id,
      owner_hash: ownerHash(ownerToken),
      // Kept as sent (it is only shown to the admin, escaped, and named in the download's header).
      original_name: input.fileName,
      storage_key: originalKey(id),
    })
    .execute();
  return {
    artworkId: id,
    ownerToken,
    upload: { url: upload.url, method: 'PUT', headers: upload.headers, expiresAt: upload.expiresAt.toISOString() },
  };
}
