import type { Kysely } from 'kysely';
import type { OrderAmounts } from '../../../lib/orders/order-retotal.ts';
import type { Database } from '../../db/types.ts';
import { Conflict } from '../../errors.ts';
import { lockOrder } from '../lock-order.ts';

/** Once a job has left the shop (or waits at the counter), its lines are what was handed over. */
const HANDED_OVER = new Set(['shipped', 'ready_for_pickup', 'completed']);

/**
 * A store's production batch is its buyers' orders added up at $0.00 (docs/decisions/0030-team-stores.md): a change,
 * an adjustment or a refund of it would make it disagree with them, so only its stages, proofs and shipping move.
 */
export function refuseStoreBatch(order: { store_batch_of: string | null }): void {
  if (order.store_batch_of) {
    throw new Conflict(
      'store_batch',
      "This is a store's production batch: its lines are the buyers' orders added up, so it cannot change, take an adjustment or be refunded. Change or refund the buyer's own order instead.",
    );
  }
}

export type EditableOrder = OrderAmounts & { id: string; refunded_cents: number };

/**
 * Locks (lock-order.ts) a paid order whose lines the owner may change (docs/decisions/0029-deposits.md, order changes) and answers its
 * money: a change, a payment, a payment request and a refund of one order queue on this lock, so
 * each sees the others' effect. A cancelled order, one whose checkout is not finished and one
 * already shipped or handed over answer 409 in words.
 */
export async function lockEditableOrder(trx: Kysely<Database>, orderId: string): Promise<EditableOrder> {
  const order = await lockOrder(trx, orderId, [
    'status',
    'stage',
    'paid_at',
    'refunded_cents',
    'store_batch_of',
    'subtotal_cents',
    'discount_cents',
    'shipping_cents',
    'tax_cents',
    'tax_rate_milli',
    'total_cents',
  ]);
  refuseStoreBatch(order);
  if (order.status === 'cancelled') throw new Conflict('order_cancelled', 'This order is cancelled: it cannot change.');
  if (!order.paid_at) {
    throw new Conflict(
      'order_not_paid',
      "This order's checkout is not finished: the customer pays what the checkout shows.",
    );
  }
  if (order.stage && HANDED_OVER.has(order.stage)) {
    throw new Conflict(
      'order_handed_over',
      'This order has shipped or was handed over: its lines stay as delivered. Refund or ask for a payment instead.',
    );
  }
  return {
    id: order.id,
    refunded_cents: order.refunded_cents,
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    shipping_cents: order.shipping_cents,
    tax_cents: order.tax_cents,
    total_cents: order.total_cents,
    tax_rate_milli: order.tax_rate_milli,
  };
}
