import { Throttled } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/** Who is asking to hold stock, and how many unpaid holds they may keep open at once. */
export interface HoldClient {
  /** holdClientKey of the peer address (a hash). */
  key: string;
  maxOpenHolds: number;
}

/**
 * Refuses a checkout when its client already has `maxOpenHolds` pending orders that still hold
 * stock (pending and not yet expired), inside the checkout's transaction. A transaction-scoped
 * advisory lock on the client's key makes concurrent checkouts of one client queue here, so
 * each counts the orders the ones before it committed: parallel requests cannot slip past the
 * bound. Other clients take other locks and never wait. 429 too_many_holds with Retry-After:
 * when the client's earliest hold lapses.
 */
export async function claimHoldSlot(trx: Kysely<Database>, client: HoldClient): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-hold:${client.key}`}, 0))`.execute(trx);
  const open = await trx
    .selectFrom('orders')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number | null>`ceil(extract(epoch from (min(expires_at) - now())))::int`.as('retry_after'),
    ])
    .where('hold_client_key', '=', client.key)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  if (open.count < client.maxOpenHolds) return;
  throw new Throttled(
    'too_many_holds',
    `You already have ${open.count} unpaid checkouts holding items. Finish or cancel one, or wait for it to lapse, before starting another.`,
    Math.max(1, open.retry_after ?? 60),
  );
}
