import type { Kysely } from 'kysely';
import { thumbnailResponse } from '../artwork/serve.ts';
import { artworkStore } from '../artwork/store.ts';
import type { Database } from '../db/types.ts';
import { isUuid } from '../../lib/identifiers.ts';

/** A checked file of this order (its artwork or a proof); null for any other file. */
async function orderFile(db: Kysely<Database>, orderId: string, fileId: string) {
  if (!isUuid(fileId)) return null;
  return (
    (await db
      .selectFrom('artwork')
      .select(['storage_key', 'thumbnail_key', 'original_name'])
      .where('id', '=', fileId.toLowerCase())
      .where('order_id', '=', orderId)
      .where('status', '=', 'ready')
      .executeTakeFirst()) ?? null
  );
}

/**
 * A file on the customer's order page: `thumbnail` answers the picture the shop made of it
 * (WebP it rendered itself, never the customer's bytes), `download` a redirect to a short-lived
 * URL that serves the original as an attachment. Null: not a file of this order.
 */
export async function orderFileResponse(
  db: Kysely<Database>,
  orderId: string,
  fileId: string,
  what: string,
): Promise<Response | null> {
  const file = await orderFile(db, orderId, fileId);
  if (!file) return null;
  if (what === 'download') {
    const url = await artworkStore().downloadUrl(file.storage_key, file.original_name);
    return new Response(null, { status: 302, headers: { location: url, 'cache-control': 'no-store' } });
  }
  if (what !== 'thumbnail' || !file.thumbnail_key) return null;
  return thumbnailResponse(file.thumbnail_key);
}
