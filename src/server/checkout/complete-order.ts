import { type Kysely, sql } from 'kysely';
import type { Database, OrderStatus } from '../db/types.ts';
import { queueOrderConfirmation } from '../mail/order-confirmation.ts';
import { redeemDiscount } from './discounts.ts';
import { atomically } from './transaction.ts';

/** What the payment page collected, in the app's own shape (mapped from Stripe at its boundary). */
export interface PaymentDetails {
  email?: string | null;
  shipping?: {
    name: string;
    address_line1: string;
    address_line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string;
  } | null;
}

export type CompleteResult =
  /** This call moved the order from pending to paid. */
  | { outcome: 'paid' }
  /** The order is not pending (already paid, fulfilled or cancelled): nothing changed. */
  | { outcome: 'unchanged'; status: OrderStatus }
  | { outcome: 'missing' };

/**
 * Marks a pending order paid, once: the conditional update on `status = 'pending'` lets exactly
 * one of any number of concurrent or repeated calls (webhook redeliveries, a double-clicked Pay)
 * through, and only that call counts the discount use and stores the address. Used by the
 * Stripe webhook and the built-in test checkout alike.
 */
export async function completeOrder(
  db: Kysely<Database>,
  orderId: string,
  details: PaymentDetails = {},
): Promise<CompleteResult> {
  return atomically(db, async (trx) => {
    const email = details.email?.trim();
    const paid = await trx
      .updateTable('orders')
      .set({
        status: 'paid',
        paid_at: sql`now()`,
        ...(email && /^[^@\s]+@[^@\s]+$/.test(email) ? { email } : {}),
      })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .returning(['id', 'discount_code_id', 'discount_code', 'fulfillment', 'shipping_cents'])
      .executeTakeFirst();
    if (!paid) {
      const current = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
      return current ? { outcome: 'unchanged', status: current.status } : { outcome: 'missing' };
    }

    if (paid.discount_code_id && !(await redeemDiscount(trx, paid.discount_code_id))) {
      console.warn(
        `[checkout] order ${orderId} was paid with promo code ${paid.discount_code} after it ran out; the use was not counted`,
      );
    }
    if (details.shipping && paid.fulfillment === 'shipping') {
      await trx
        .insertInto('order_shipping')
        .values({ order_id: orderId, ...details.shipping, shipping_amount_cents: paid.shipping_cents })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    }
    // Queued with the payment it confirms; the outbox sender delivers it.
    await queueOrderConfirmation(trx, orderId, details.shipping?.name);
    return { outcome: 'paid' };
  });
}
