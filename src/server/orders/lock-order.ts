import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, OrdersTable } from '../db/types.ts';
import { NotFound } from '../errors.ts';

/**
 * The one lock of an order's row (SELECT … FOR UPDATE). A payment, a payment request, a change,
 * a refund, a stage move, a proof and a reminder of one order queue on it, so each sees the
 * others' effect. Every path takes its locks in this order, so no two wait on each other the
 * opposite way round:
 *
 *   1. the store (stores/store-lock.ts: FOR SHARE to place or pay a buyer's order, FOR UPDATE
 *      to close it);
 *   2. the quote (quotes/lock.ts: accept and decline, and the payment of its order);
 *   3. the order, here; several orders in the order of their ids (lockOrders);
 *   4. what hangs from the order: its payment requests (in id order), its refunds, the artwork
 *      it takes, the business account it is billed to.
 *
 * A path that needs an order's store or quote finds them with a plain read and locks them before
 * the order (lockQuoteOfOrder, storeTakesPayment), never after. Stock rows come last of all, in
 * their own order (stock-lock-order.ts). A batch job claims orders with claimOrders (SKIP
 * LOCKED): it never waits on a lock, so it cannot close a loop.
 */
type OrderRow = Selectable<OrdersTable>;
export type OrderColumn = keyof OrderRow & string;
export type LockedOrder<C extends OrderColumn> = Pick<OrderRow, C | 'id'>;

/**
 * Locks the orders with these ids, in id order (two paths locking the same orders never wait on
 * each other in a loop), and answers the columns asked for of each one found, in id order.
 */
export async function lockOrders<C extends OrderColumn = 'id'>(
  trx: Kysely<Database>,
  orderIds: readonly string[],
  columns: readonly C[] = [],
): Promise<LockedOrder<C>[]> {
  const ids = [...new Set(orderIds)].sort();
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('orders')
    .select(['id', ...columns] as readonly OrderColumn[])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows as unknown as LockedOrder<C>[];
}

/** Locks one order and answers the columns asked for; undefined when there is no such order. */
export async function findLockedOrder<C extends OrderColumn = 'id'>(
  trx: Kysely<Database>,
  orderId: string,
  columns: readonly C[] = [],
): Promise<LockedOrder<C> | undefined> {
  return (await lockOrders(trx, [orderId], columns))[0];
}

/** Locks one order and answers the columns asked for; 404 in words when there is no such order. */
export async function lockOrder<C extends OrderColumn = 'id'>(
  trx: Kysely<Database>,
  orderId: string,
  columns: readonly C[] = [],
): Promise<LockedOrder<C>> {
  const order = await findLockedOrder(trx, orderId, columns);
  if (!order) throw new NotFound('not_found', `There is no order with id ${orderId}.`);
  return order;
}

/**
 * A batch job's claim (the sweep of lapsed checkouts): the orders `candidates` selects that no
 * other transaction holds, locked; those held are skipped for the next run. Never waits.
 */
export async function claimOrders(
  candidates: SelectQueryBuilder<Database, 'orders', { id: string }>,
): Promise<{ id: string }[]> {
  return candidates.forUpdate().skipLocked().execute();
}
