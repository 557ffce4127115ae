import type { Kysely } from 'kysely';
import { paymentProvider } from '../orders/payment-provider.ts';
import { releaseOrder } from '../orders/release-order.ts';
import type { Database } from '../db/types.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { SweepJob } from '../timers/sweep-job.ts';

/**
 * After a store's close committed (docs/decisions/0030-team-stores.md): the buyers' checkouts still open are closed, so
 * nobody pays for a piece that is no longer printed. Each session is expired at the provider
 * first, then its order cancelled. A session the provider will not expire (paid a moment ago,
 * or the provider unreachable) keeps its order pending: its payment, if it comes, finds the
 * store closed: the order is cancelled and the payment refunded (store-late-payment.ts), and the expiry sweep
 * releases it otherwise. Answers how many checkouts were closed.
 */
export async function closeOpenCheckouts(
  db: Kysely<Database>,
  storeId: string,
  provider: () => PaymentProvider,
): Promise<number> {
  const pending = await db
    .selectFrom('orders')
    .select(['id', 'payment_session_id'])
    .where('store_id', '=', storeId)
    .where('status', '=', 'pending')
    .execute();
  let closed = 0;
  for (const order of pending) {
    if (order.payment_session_id) {
      try {
        await provider().expireSession(order.payment_session_id);
      } catch (error) {
        console.warn(`[stores] checkout of order ${order.id} left open at the close of store ${storeId}:`, error);
        continue;
      }
    }
    if (await releaseOrder(db, order.id)) closed++;
  }
  return closed;
}

/** Closed stores whose checkouts are looked at per sweep run, at most. */
const STORES_PER_RUN = 10;

/**
 * The sweep's job (DESIGN.md "Timers"): a close that committed but was killed before it closed
 * the buyers' checkouts left their sessions payable. Every closed store with a pending buyer
 * order has its checkouts closed here as the close would have (closeOpenCheckouts: the session
 * expired at the provider, then the order cancelled). Idempotent: a cancelled order is not
 * pending, so its session is never asked for again; one the provider will not expire (paid a
 * moment ago) stays pending for its webhook, which refunds it (store-late-payment.ts).
 */
export const closeLeftOpenCheckoutsJob: SweepJob = {
  name: 'close-store-checkouts',
  async run(db) {
    const stores = await db
      .selectFrom('stores as s')
      .select('s.id')
      .where('s.status', '=', 'closed')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.store_id', '=', 's.id')
            .where('o.status', '=', 'pending'),
        ),
      )
      .orderBy('s.closed_at')
      .limit(STORES_PER_RUN)
      .execute();
    let provider: PaymentProvider | undefined;
    let closed = 0;
    for (const { id } of stores) {
      closed += await closeOpenCheckouts(db, id, () => {
        provider ??= paymentProvider(db);
        return provider;
      });
    }
    return closed > 0 ? `closed ${closed} checkout(s) of closed stores` : null;
  },
};
