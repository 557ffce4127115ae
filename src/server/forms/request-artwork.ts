import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_ARTWORK_BYTES, MAX_ARTWORK_MB } from '../../lib/artwork/artwork-schema.ts';
import { inspectArtwork, type InspectedArtwork } from '../artwork/inspect.ts';
import { ownerHash } from '../artwork/owner.ts';
import { artworkStore, originalKey, thumbnailKey } from '../artwork/store.ts';
import { newOwnerToken } from '../artwork/uploads.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';
import { DomainError, Invalid, TooLarge } from '../errors.ts';
import type { SubmittedFile } from '../form-body.ts';

/** A file sent with a plain form post, checked in memory (nothing is stored yet). */
export interface CheckedRequestFile {
  id: string;
  name: string;
  bytes: Buffer;
  inspected: InspectedArtwork;
}

/**
 * The artwork a quote request carried without script (a multipart post), checked exactly like
 * every upload (type by content, size, pixels, pages) before anything is stored. A refusal
 * keeps its status (413/415) and names the form's field. `address` is the peer that sent it,
 * whose checks share one slot (check-slots.ts).
 */
export async function checkRequestFile(file: SubmittedFile, address?: string): Promise<CheckedRequestFile> {
  if (file.bytes.length > MAX_ARTWORK_BYTES) {
    const message = `The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`;
    throw new TooLarge('artwork_too_large', message, { fields: { artwork: message } });
  }
  try {
    return {
      id: randomUUID(),
      name: file.name,
      bytes: file.bytes,
      inspected: await inspectArtwork(file.bytes, address),
    };
  } catch (error) {
    if (error instanceof DomainError) throw error.withFields({ artwork: error.message });
    throw error;
  }
}

/** Puts a checked file's original and thumbnail in storage (before the request's transaction). */
export async function storeRequestFile(file: CheckedRequestFile): Promise<void> {
  const store = artworkStore();
  await store.write(originalKey(file.id), file.bytes, file.inspected.contentType);
  await store.write(thumbnailKey(file.id), file.inspected.thumbnail, 'image/webp');
}

/** Takes the files back out when the request could not be stored. */
export async function forgetRequestFile(file: CheckedRequestFile): Promise<void> {
  await artworkStore()
    .remove([originalKey(file.id), thumbnailKey(file.id)])
    .catch((error: unknown) => console.error(`[quotes] could not remove artwork ${file.id}:`, error));
}

/** Who holds a checked file from the start: a quote request, or an order (its missing artwork). */
export type CheckedFileHolder = { quoteRequestId: string } | { orderId: string };

/** The checked file's row, its holder's from the start (nobody holds an owner token for it). */
export async function insertRequestFile(trx: Kysely<Database>, file: CheckedRequestFile, holder: CheckedFileHolder) {
  await trx
    .insertInto('artwork')
    .values({
      id: file.id,
      owner_hash: ownerHash(newOwnerToken()),
      status: 'ready',
      original_name: file.name,
      content_type: file.inspected.contentType,
      byte_size: file.bytes.length,
      storage_key: originalKey(file.id),
      thumbnail_key: thumbnailKey(file.id),
      checks: jsonb(file.inspected.findings as unknown as Record<string, unknown>),
      checked_at: new Date(),
      ...('orderId' in holder
        ? { order_id: holder.orderId, attached_at: new Date() }
        : { quote_request_id: holder.quoteRequestId }),
    })
    .execute();
}

/**
 * Artwork the page's script uploaded straight to storage and had checked (the same uploads as
 * a product's): it becomes the request's when it is this browser's checked upload that no
 * order or request holds; otherwise the request is refused on the field and nothing stored.
 */
export async function claimUploadForRequest(
  trx: Kysely<Database>,
  upload: { artworkId: string; ownerToken: string },
  quoteRequestId: string,
): Promise<void> {
  const claimed = await trx
    .updateTable('artwork')
    .set({ quote_request_id: quoteRequestId })
    .where('id', '=', upload.artworkId)
    .where('owner_hash', '=', ownerHash(upload.ownerToken))
    .where('status', '=', 'ready')
    .where('order_id', 'is', null)
    .where('quote_request_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const message = 'That file is not a checked upload of yours. Choose it again.';
    throw new Invalid('invalid_artwork', message, { fields: { artwork: message } });
  }
}
