import type { Kysely } from 'kysely';
import type { OrderAmounts } from '../../../lib/orders/order-retotal.ts';
import type { Database } from '../../db/types.ts';
import { refuseAboveMaxCharge } from '../charge-limit.ts';

/**
 * Stores an order's new money after a change of its lines (the database checks it adds up). A
 * change that takes the order above what the payment provider can charge is refused, as a new
 * order is; its transaction then stores nothing.
 */
export async function writeOrderAmounts(trx: Kysely<Database>, orderId: string, amounts: OrderAmounts) {
  refuseAboveMaxCharge(amounts.total_cents, 'An order', { order: 'Put the extra work on an order of its own.' });
  await trx
    .updateTable('orders')
    .set({
      subtotal_cents: amounts.subtotal_cents,
      discount_cents: amounts.discount_cents,
      shipping_cents: amounts.shipping_cents,
      tax_cents: amounts.tax_cents,
      total_cents: amounts.total_cents,
    })
    .where('id', '=', orderId)
    .execute();
}
