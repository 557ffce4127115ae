import type { Kysely } from 'kysely';
import { releaseOrder } from '../orders/release-order.ts';
import type { Database } from '../db/types.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/**
 * After a store's close committed (docs/decisions/0030-team-stores.md): the buyers' checkouts still open are closed, so
 * nobody pays for a piece that is no longer printed. Each session is expired at the provider
 * first, then its order cancelled. A session the provider will not expire (paid a moment ago,
 * or the provider unreachable) keeps its order pending: its payment, if it comes, finds the
 * store closed and is cancelled and flagged (stores/store-lock.ts), and the expiry sweep
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
