import type { Kysely } from 'kysely';
import { OWNER_HEADER } from '../../lib/artwork/artwork-schema.ts';
import { bearerToken, requireAdmin } from '../staff/require-admin.ts';
import type { Database } from '../db/types.ts';
import { artworkNotFound } from './check.ts';
import { ownerHash } from './owner.ts';
import { artworkStore } from './store.ts';
import { isUuid } from '../../lib/identifiers.ts';

const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The thumbnail of a checked file: for its owner (owner token in the X-Artwork-Owner header)
 * or the admin (Bearer token). Anything else, a wrong token included, is the same 404.
 */
export async function artworkThumbnail(db: Kysely<Database>, req: Request, id: string): Promise<Response> {
  if (!isUuid(id)) throw artworkNotFound();
  const owner = req.headers.get(OWNER_HEADER);
  let query = db
    .selectFrom('artwork')
    .select(['thumbnail_key'])
    .where('id', '=', id.toLowerCase())
    .where('status', '=', 'ready');
  if (bearerToken(req)) await requireAdmin(req, db);
  else if (owner && /^[A-Za-z0-9_-]{32,128}$/.test(owner)) query = query.where('owner_hash', '=', ownerHash(owner));
  else throw artworkNotFound();
  const row = await query.executeTakeFirst();
  const answer = row?.thumbnail_key ? await thumbnailResponse(row.thumbnail_key) : null;
  if (!answer) throw artworkNotFound();
  return answer;
}

/**
 * The WebP thumbnail the shop made of a checked file (never the customer's own bytes), private
 * and never cached; null when it is not in storage.
 */
export async function thumbnailResponse(thumbnailKey: string): Promise<Response | null> {
  const bytes = await artworkStore().read(thumbnailKey, THUMBNAIL_MAX_BYTES);
  if (!bytes) return null;
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * Where the admin downloads an original: a short-lived signed URL that answers it as an
 * attachment (Supabase's origin in production; the local server with nosniff and a sandbox
 * CSP by default), so an SVG or PDF never opens as a page of the shop. A function could not
 * carry a 50 MB file anyway.
 */
export async function artworkOriginal(db: Kysely<Database>, id: string) {
  if (!isUuid(id)) throw artworkNotFound();
  const row = await db
    .selectFrom('artwork')
    .select(['id', 'storage_key', 'original_name', 'content_type', 'byte_size', 'order_id'])
    .where('id', '=', id.toLowerCase())
    .where('status', '=', 'ready')
    .executeTakeFirst();
  if (!row) throw artworkNotFound();
  return {
    artworkId: row.id,
    fileName: row.original_name,
    contentType: row.content_type,
    byteSize: row.byte_size,
    orderId: row.order_id,
    url: await artworkStore().downloadUrl(row.storage_key, row.original_name),
  };
}
