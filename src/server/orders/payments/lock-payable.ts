import type { Kysely } from 'kysely';
import type { OrderMoney } from '../../../lib/orders/order-balance.ts';
import type { Database } from '../../db/types.ts';
import { Conflict } from '../../errors.ts';
import { lockOrder } from '../lock-order.ts';
import { orderMoney } from './record-payment.ts';

/**
 * Locks an order (lock-order.ts) that can be asked for money and paid (docs/decisions/0029-deposits.md) and answers its money: a
 * request, a payment and a cancel on one order queue on this lock, so each sees the others'
 * effect. A cancelled order or one whose checkout is not finished answers 409 in words.
 */
export async function lockPayableOrder(trx: Kysely<Database>, orderId: string): Promise<OrderMoney> {
  const order = await lockOrder(trx, orderId, ['status', 'paid_at']);
  if (order.status === 'cancelled') {
    throw new Conflict('order_cancelled', 'This order is cancelled: nothing can be asked for or paid on it.');
  }
  if (!order.paid_at) {
    throw new Conflict(
      'order_not_paid',
      "This order's checkout is not finished: it cannot take a payment request yet.",
    );
  }
  return (await orderMoney(trx, orderId))!;
}
