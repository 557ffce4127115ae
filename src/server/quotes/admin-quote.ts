import type { Kysely } from 'kysely';
import type { AdminQuote } from '../../lib/admin-schemas/quote-revisions.ts';
import type { Database } from '../db/types.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { adminRevision } from './revisions.ts';

/**
 * The quote side of a request for the Quotes tab (docs/decisions/0017-quotes.md): every revision (newest first, the
 * one sent marked), the customer's answer, the order it became, and the files sent with it.
 */
export async function getAdminQuote(db: Kysely<Database>, requestId: string): Promise<AdminQuote | null> {
  const request = await db
    .selectFrom('quote_requests')
    .select(['status', 'sent_revision_id', 'sent_at', 'decline_reason', 'answered_at'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!request) return null;
  const [revisions, order, artwork] = await Promise.all([
    db
      .selectFrom('quote_revisions')
      .selectAll()
      .where('quote_request_id', '=', requestId)
      .orderBy('number', 'desc')
      .execute(),
    db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('quote_request_id', '=', requestId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('artwork')
      .select(['id', 'original_name', 'content_type', 'byte_size'])
      .where('quote_request_id', '=', requestId)
      .where('status', '=', 'ready')
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    status: request.status,
    revisions: revisions.map((r) => adminRevision(r, request.sent_revision_id)),
    sent_at: request.sent_at?.toISOString() ?? null,
    decline_reason: request.decline_reason,
    answered_at: request.answered_at?.toISOString() ?? null,
    order: order ? { id: order.id, order_number: orderNumber(order.id), status: order.status } : null,
    artwork: artwork.map((a) => ({
      id: a.id,
      file_name: a.original_name,
      content_type: a.content_type,
      byte_size: a.byte_size,
    })),
  };
}
