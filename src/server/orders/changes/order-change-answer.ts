import type { Kysely } from 'kysely';
import type { OrderChangeAnswer } from '../../../lib/admin-schemas/order-adjustment.ts';
import { balanceDue, overpaidCents } from '../../../lib/orders/order-balance.ts';
import type { Database } from '../../db/types.ts';
import { orderMoney } from '../payments/record-payment.ts';

/** The order's money after a change: its total, what it owes and what it was overpaid. */
export async function orderChangeAnswer(trx: Kysely<Database>, orderId: string): Promise<OrderChangeAnswer> {
  const money = (await orderMoney(trx, orderId))!;
  return {
    id: orderId,
    total_cents: money.totalCents,
    balance_cents: balanceDue(money),
    overpaid_cents: overpaidCents(money),
  };
}
