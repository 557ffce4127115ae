import { Throttled } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import type { HoldClient } from '../throttle/shop-throttles.ts';

/**
 * Refuses a checkout when its client already has `maxOpenHolds` pending orders that still hold
 * stock (pending and not yet expired), inside the checkout's transaction. The database function
 * `claim_hold_slot` (one round trip) takes a transaction-scoped advisory lock on the client's
 * key, then counts: concurrent checkouts of one client queue there, so each counts the orders
 * the ones before it committed and parallel requests cannot slip past the bound. Other clients
 * take other locks and never wait. 429 too_many_holds with Retry-After: when the client's
 * earliest hold lapses.
 */
export async function claimHoldSlot(trx: Kysely<Database>, client: HoldClient): Promise<void> {
  const { rows } = await sql<{ open_holds: number; retry_after: number | null }>`
    select open_holds, retry_after from public.claim_hold_slot(${client.key})
  `.execute(trx);
  const open = rows[0] ?? { open_holds: 0, retry_after: null };
  if (open.open_holds < client.maxOpenHolds) return;
  throw new Throttled(
    'too_many_holds',
    `You already have ${open.open_holds} unpaid checkouts holding items. Finish or cancel one, or wait for it to lapse, before starting another.`,
    Math.max(1, open.retry_after ?? 60),
  );
}
