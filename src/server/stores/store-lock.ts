import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { Conflict } from '../errors.ts';
import { storeState } from '../../lib/stores/store-state.ts';
import { storeDateTime } from '../../lib/stores/store-words.ts';

/**
 * The lock that keeps buyer orders and a store's close apart (docs/decisions/0030-team-stores.md).
 * Placing a buyer's order and completing its payment take the store's row FOR SHARE and check, under it, that the store
 * is open (a payment: that it has not closed); the close takes the same row FOR UPDATE before it
 * marks the store closed and gathers its paid orders. So a payment either commits before the close reads the paid orders (it is in
 * the batch), or waits for the close and then finds the store closed (the order is cancelled and
 * the payment refunded in full, store-late-payment.ts): never charged and left out. Shares do not queue behind one
 * another, so buyers paying at once do not wait for each other.
 */
export async function lockStoreForOrder(trx: Kysely<Database>, storeId: string) {
  return trx
    .selectFrom('stores')
    .select(['id', 'name', 'status', 'opens_at', 'closes_at'])
    .where('id', '=', storeId)
    .forShare()
    .executeTakeFirst();
}

/** Why a store that is not open refuses an order (409), in words; null when it is open. */
export function notOpenRefusal(
  store: Parameters<typeof storeState>[0] & { name: string },
  now: Date = new Date(),
): Conflict | null {
  const state = storeState(store, now);
  if (state === 'open') return null;
  if (state === 'scheduled') {
    return new Conflict('store_not_open', `${store.name} opens ${storeDateTime(store.opens_at)}.`);
  }
  if (state === 'closing' || state === 'closed') {
    return new Conflict('store_closed', `${store.name} closed on ${storeDateTime(store.closes_at)}.`);
  }
  return new Conflict('store_not_open', `${store.name} is not open.`);
}

/**
 * Before a buyer's order is marked paid: its store (if any), locked FOR SHARE, and whether it
 * still takes the order. A plain read finds the store (store_id never changes), then the row is
 * locked, as lockQuoteOfOrder does for quotes. Answers true for an order of no store.
 * The order was placed while the store was open; its payment is taken until the close has run,
 * even a moment past closes_at: the close, waiting on this lock, then finds it paid and prints
 * it. Only a store already closed refuses it (the order is cancelled and the
 * webhook refunds the payment: store-late-payment.ts).
 */
export async function storeTakesPayment(trx: Kysely<Database>, orderId: string): Promise<boolean> {
  const order = await trx.selectFrom('orders').select('store_id').where('id', '=', orderId).executeTakeFirst();
  if (!order?.store_id) return true;
  const store = await lockStoreForOrder(trx, order.store_id);
  return store?.status === 'approved';
}
