import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { NotFound } from '../errors.ts';

/**
 * The quote request, locked for the rest of the transaction: saving a revision, sending,
 * withdrawing, accepting and declining take this lock first, so they happen one at a time per
 * quote (two "Accept and pay" clicks cannot both make an order).
 */
export async function lockQuoteRequest(trx: Kysely<Database>, id: string) {
  const row = await trx.selectFrom('quote_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new NotFound('not_found', `There is no quote request with id ${id}.`);
  return row;
}
