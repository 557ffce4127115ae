import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { claimOrders } from '../orders/lock-order.ts';
import { releaseOrders } from '../orders/release-order.ts';
import { atomically } from '../db/transaction.ts';

/**
 * A Stripe payment made in the last seconds before expires_at is reported by a webhook a
 * little later; Stripe orders get this much grace so such an order is not cancelled under it.
 */
export const STRIPE_GRACE = '10 minutes';

/**
 * Cancels pending orders whose checkout lapsed and returns their stock. The scheduled sweep
 * (src/server/sweep) runs it, and so does a checkout refused for stock (then tried again), so it
 * is kept cheap: one indexed read (orders_pending_expiry_idx) that is usually empty, and at most
 * `limit` orders per call. `skip locked` lets parallel checkouts share the work instead of
 * queueing behind each other. Answers how many were cancelled.
 */
export async function sweepExpiredOrders(db: Kysely<Database>, limit = 20): Promise<number> {
  const expired = (executor: Kysely<Database>) =>
    executor
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'pending')
      .where('expires_at', '<', sql<Date>`now()`)
      .where((eb) =>
        eb.or([
          eb('payment_provider', 'is distinct from', 'stripe'),
          eb('expires_at', '<', sql<Date>`now() - cast(${STRIPE_GRACE} as interval)`),
        ]),
      )
      .orderBy('expires_at')
      .limit(limit);
  if ((await expired(db).execute()).length === 0) return 0;
  return atomically(db, async (trx) => {
    const due = await claimOrders(expired(trx));
    return (
      await releaseOrders(
        trx,
        due.map((r) => r.id),
      )
    ).length;
  });
}
