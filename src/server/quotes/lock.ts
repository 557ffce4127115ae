import type { Kysely } from 'kysely';
import type { Database, QuoteStatus } from '../db/types.ts';
import { NotFound } from '../errors.ts';

/**
 * The quote request, locked for the rest of the transaction: saving a revision, sending,
 * withdrawing, accepting and declining take this lock first, so they happen one at a time per
 * quote (two "Accept and pay" clicks cannot both make an order).
 *
 * One lock order for a quote and its orders: the quote first, then the order. Decline and
 * accept lock the quote and then release or write its order; payment (lockQuoteOfOrder) does
 * the same, so the two queue on the quote instead of deadlocking (docs/decisions/0025-hardening.md).
 */
export async function lockQuoteRequest(trx: Kysely<Database>, id: string) {
  const row = await trx.selectFrom('quote_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new NotFound('not_found', `There is no quote request with id ${id}.`);
  return row;
}

/**
 * Before an order is changed, the quote it was made from (if any), locked: a plain read finds
 * the quote (quote_request_id never changes once the order exists), then its row is locked,
 * so no order lock is held while the quote's is awaited. Answers the quote's status as locked
 * (null for an order not made from a quote).
 */
export async function lockQuoteOfOrder(trx: Kysely<Database>, orderId: string): Promise<QuoteStatus | null> {
  const order = await trx.selectFrom('orders').select('quote_request_id').where('id', '=', orderId).executeTakeFirst();
  if (!order?.quote_request_id) return null;
  const quote = await trx
    .selectFrom('quote_requests')
    .select('status')
    .where('id', '=', order.quote_request_id)
    .forUpdate()
    .executeTakeFirst();
  return quote?.status ?? null;
}
