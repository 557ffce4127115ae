import { Conflict, DomainError, NotFound, RetryLater } from '../errors.ts';
import type { Kysely } from 'kysely';
import {
  type ArtworkCheckResult,
  type ArtworkContentType,
  type ArtworkFindings,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_MB,
} from '../../lib/artwork/artwork-schema.ts';
import { describeArtwork } from '../../lib/artwork/artwork-words.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';
import { inspectArtwork } from './inspect.ts';
import { ownerHash } from './owner.ts';
import { artworkTooLarge } from './refusals.ts';
import { artworkStore, FileTooLarge, originalKey, thumbnailKey } from './store.ts';

/** One answer for "no such id" and "not yours": a guess learns nothing. */
export const artworkNotFound = () => new NotFound('not_found', 'There is no such artwork upload.');

interface CheckedRow {
  id: string;
  original_name: string;
  content_type: ArtworkContentType | null;
  byte_size: number | null;
  checks: Record<string, unknown>;
}

export function checkResult(row: CheckedRow, printWidthInches: number | null): ArtworkCheckResult {
  const findings = row.checks as unknown as ArtworkFindings;
  const words = describeArtwork(findings, printWidthInches);
  return {
    ...findings,
    artworkId: row.id,
    fileName: row.original_name,
    contentType: row.content_type as ArtworkContentType,
    byteSize: row.byte_size ?? 0,
    printWidthInches,
    ...words,
    thumbnailPath: `/api/artwork/${row.id}/thumbnail`,
  };
}

/**
 * Step two: reads the uploaded file from storage and decides. Accepted: the row becomes ready
 * with what was found and a thumbnail. Refused (413/415): the row is marked rejected with the
 * reason, the file is deleted, and the error is answered. Checking a ready file again answers
 * the same findings (for another print width).
 */
export async function checkArtwork(
  db: Kysely<Database>,
  input: {
    id: string;
    ownerToken: string;
    printWidthInches: number | null;
    /** The peer address asking: its check waits for a slot of its own (check-slots.ts). */
    address?: string | undefined;
  },
): Promise<ArtworkCheckResult> {
  const row = await db
    .selectFrom('artwork')
    .select(['id', 'status', 'original_name', 'content_type', 'byte_size', 'checks', 'rejection'])
    .where('id', '=', input.id)
    .where('owner_hash', '=', ownerHash(input.ownerToken))
    .executeTakeFirst();
  if (!row) throw artworkNotFound();
  if (row.status === 'ready') return checkResult(row, input.printWidthInches);
  if (row.status === 'rejected') {
    throw new Conflict('artwork_rejected', row.rejection ?? 'This file was refused. Upload another one.');
  }
  const store = artworkStore();
  let bytes: Buffer | null;
  try {
    bytes = await store.read(originalKey(row.id), MAX_ARTWORK_BYTES);
  } catch (error) {
    if (!(error instanceof FileTooLarge)) throw error;
    return reject(db, row.id, artworkTooLarge(`The file is larger than ${MAX_ARTWORK_MB} MB. Send a smaller file.`));
  }
  if (!bytes) throw new Conflict('upload_missing', 'The file has not arrived yet. Upload it, then check it.');
  let inspected: Awaited<ReturnType<typeof inspectArtwork>>;
  try {
    inspected = await inspectArtwork(bytes, input.address);
  } catch (error) {
    // Busy or shutting down (503) says nothing about the file: it stays waiting for a check.
    if (error instanceof DomainError && !(error instanceof RetryLater)) return reject(db, row.id, error);
    throw error;
  }
  await store.write(thumbnailKey(row.id), inspected.thumbnail, 'image/webp');
  const updated = await db
    .updateTable('artwork')
    .set({
      status: 'ready',
      content_type: inspected.contentType,
      byte_size: bytes.length,
      thumbnail_key: thumbnailKey(row.id),
      checks: jsonb(inspected.findings as unknown as Record<string, unknown>),
      checked_at: new Date(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'awaiting_upload')
    .returning(['id', 'original_name', 'content_type', 'byte_size', 'checks'])
    .executeTakeFirst();
  // A check running at the same time finished first: answer what it stored.
  if (!updated) return checkArtwork(db, input);
  return checkResult(updated, input.printWidthInches);
}

async function reject(db: Kysely<Database>, id: string, error: DomainError): Promise<never> {
  await artworkStore().remove([originalKey(id), thumbnailKey(id)]);
  await db
    .updateTable('artwork')
    .set({ status: 'rejected', rejection: error.message, checks: jsonb({}) })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_upload')
    .execute();
  throw error;
}
