import type { Kysely } from 'kysely';
import type { StoreClosedReceipt } from '../../lib/cart/checkout-schema.ts';
import type { Database } from '../db/types.ts';

/**
 * What the success page tells a store buyer whose payment lost the race with the close (issue 41,
 * item 11): Stripe sends them there whether or not the shop can take the payment. An order of a
 * closed store that is not paid and in no batch, and was not paid before the close (a buyer of a
 * design that missed its minimum was, and is told by e-mail), is such a payment: before its webhook
 * the order is still pending; after it, cancelled with the whole payment refunded. Null for any
 * other order.
 */
export async function lateStorePaymentReceipt(
  db: Kysely<Database>,
  orderId: string,
): Promise<StoreClosedReceipt | null> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('stores as s', 's.id', 'o.store_id')
    .select(['o.total_cents', 's.name'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('order_refunds as r')
            .select('r.id')
            .whereRef('r.order_id', '=', 'o.id')
            .where('r.status', '=', 'succeeded'),
        )
        .as('refunded'),
    )
    .where('o.id', '=', orderId)
    .where('s.status', '=', 'closed')
    .where('o.status', '!=', 'paid')
    .where('o.store_batch_order_id', 'is', null)
    .where((eb) =>
      eb.or([eb('o.paid_at', 'is', null), eb('s.closed_at', 'is', null), eb('o.paid_at', '>=', eb.ref('s.closed_at'))]),
    )
    .executeTakeFirst();
  if (!row) return null;
  return { store_name: row.name, amount_cents: row.total_cents, refund: row.refunded ? 'made' : 'pending' };
}
