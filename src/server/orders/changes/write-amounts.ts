import type { Kysely } from 'kysely';
import type { OrderAmounts } from '../../../lib/orders/order-retotal.ts';
import type { Database } from '../../db/types.ts';

/** Stores an order's new money after a change of its lines (the database checks it adds up). */
export async function writeOrderAmounts(trx: Kysely<Database>, orderId: string, amounts: OrderAmounts) {
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
