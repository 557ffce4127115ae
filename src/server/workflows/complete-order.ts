import { type Kysely, sql } from 'kysely';
import type { Database, OrderStatus } from '../db/types.ts';
import type { PaymentDetails } from '../payments/payment-event.ts';
import { stageOnPayment } from '../../lib/orders/order-stages.ts';
import { queueOrderConfirmation } from '../mail/order-confirmation.ts';
import { stageContext } from '../orders/move-stage.ts';
import { redeemDiscount } from '../checkout/discounts.ts';
import { atomically } from '../db/transaction.ts';
import { isEmail } from '../../lib/identifiers.ts';
import { lockQuoteOfOrder } from '../quotes/lock.ts';
import { markQuotePaid, quoteTakesPayment } from '../quotes/paid.ts';
import { releaseOrder } from '../orders/release-order.ts';
import { recordPayment } from '../orders/payments/record-payment.ts';
import { storeTakesPayment } from '../stores/store-lock.ts';
import { queueStoreOrderConfirmation } from '../stores/store-order-mail.ts';

const isE164 = (phone: string) => /^\+[0-9]{7,15}$/.test(phone);

export type CompleteResult =
  /** This call moved the order from pending to paid. */
  | { outcome: 'paid' }
  /** The order is not pending (already paid or cancelled): nothing changed. */
  | { outcome: 'unchanged'; status: OrderStatus }
  | { outcome: 'missing' };

/**
 * Marks a pending order paid, once: the conditional update on `status = 'pending'` lets exactly
 * one of any number of concurrent or repeated calls (webhook redeliveries, a double-clicked Pay)
 * through, and only that call counts the discount use, stores the address, records the customer
 * (see upsertCustomer) and queues the confirmation, all in one transaction. Used by the Stripe
 * webhook and the built-in test checkout alike.
 */
export async function completeOrder(
  db: Kysely<Database>,
  orderId: string,
  details: PaymentDetails = {},
): Promise<CompleteResult> {
  return atomically(db, async (trx) => {
    const given = details.email?.trim();
    const email = given && isEmail(given) ? given : null;
    const phone = details.phone && isE164(details.phone) ? details.phone : null;
    const payer = details.name?.trim().slice(0, 120) || null;
    // A quote's order: the quote is locked before the order, as decline and accept lock them.
    const quote = await lockQuoteOfOrder(trx, orderId);
    // Paid after its quote was closed: the quote stays closed and the order is cancelled (not
    // paid), so the caller treats the payment as one of a cancelled order (flagged for a refund).
    if (quote && !quoteTakesPayment(quote)) await releaseOrder(trx, orderId);
    // A store buyer's order: its store locked FOR SHARE and still open, or the order is cancelled
    // the same way (the store's close takes the lock FOR UPDATE: see stores/store-lock.ts).
    if (!(await storeTakesPayment(trx, orderId))) await releaseOrder(trx, orderId);
    const paid = await trx
      .updateTable('orders')
      .set({
        status: 'paid',
        // A paid order always has a stage (the database checks it); the one it starts at follows.
        stage: 'paid',
        paid_at: sql`now()`,
        ...(details.paymentIntentId ? { payment_intent_id: details.paymentIntentId } : {}),
        ...(phone ? { phone } : {}),
        // A store buyer's order keeps the name typed on the store's form: it is who the piece and
        // the bag are for, which the cardholder's name need not be.
        ...(payer
          ? {
              customer_name: sql<string>`case when store_id is not null and nullif(btrim(customer_name), '') is not null then customer_name else ${payer} end`,
            }
          : {}),
        // An order bound by a personal code keeps that address whatever the payment page reports.
        ...(email ? { email: sql<string>`coalesce(discount_email, ${email})` } : {}),
      })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .returning([
        'id',
        'discount_code_id',
        'discount_code',
        'discount_email',
        'fulfillment',
        'shipping_cents',
        'quote_request_id',
        'total_cents',
        'deposit_cents',
        'payment_provider',
        'payment_session_id',
        'store_id',
      ])
      .executeTakeFirst();
    if (!paid) {
      const current = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
      return current ? { outcome: 'unchanged', status: current.status } : { outcome: 'missing' };
    }

    // The checkout's own payment, a row of its own beside any later request's (docs/decisions/0029-deposits.md): the
    // whole total, or a quote's deposit; nothing for an order billed to an account.
    const onAccount = paid.payment_provider === 'account';
    const charged = onAccount ? 0 : (paid.deposit_cents ?? paid.total_cents);
    if (charged > 0) {
      await recordPayment(trx, {
        orderId,
        amountCents: charged,
        provider: paid.payment_provider === 'stripe' ? 'stripe' : 'embedded',
        sessionId: paid.payment_session_id ?? `checkout_${orderId}`,
        paymentIntentId: details.paymentIntentId ?? null,
      });
    }
    // Where the job starts in the shop: waiting for artwork promised for later, or simply paid.
    const context = await stageContext(trx, orderId, paid.fulfillment);
    await trx
      .updateTable('orders')
      .set({ stage: stageOnPayment(context) })
      .where('id', '=', orderId)
      .execute();
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
    // The payer's own name (not the shipping recipient's, who may be someone else).
    const name = payer;
    const customerEmail = paid.discount_email ?? email;
    if (customerEmail) {
      const userId = await upsertCustomer(trx, customerEmail, name);
      await trx.updateTable('orders').set({ user_id: userId }).where('id', '=', orderId).execute();
    }
    if (paid.quote_request_id) await markQuotePaid(trx, paid.quote_request_id, orderId);
    // Queued with the payment it confirms; the outbox sender delivers it. An order on account is
    // confirmed by its invoice's e-mail instead (issueInvoice).
    if (paid.store_id) await queueStoreOrderConfirmation(trx, orderId);
    else if (!onAccount) await queueOrderConfirmation(trx, orderId, details.shipping?.name ?? name);
    return { outcome: 'paid' };
  });
}

/**
 * The customer behind a paid order, by e-mail (unique case-insensitively): a new row with role
 * 'customer', or the existing one with its name brought up to date. An admin's row keeps its
 * role (never downgraded) and its name (only filled in when it has none). One atomic upsert on
 * the lower(email) index, so two orders paid at once by the same new customer make one row.
 */
export async function upsertCustomer(trx: Kysely<Database>, email: string, name: string | null): Promise<string> {
  const row = await trx
    .insertInto('users')
    .values({ email, full_name: name, role: 'customer' })
    .onConflict((oc) =>
      oc.expression(sql`lower(email)`).doUpdateSet({
        full_name: sql`case when users.role = 'admin' then coalesce(users.full_name, excluded.full_name)
                            else coalesce(excluded.full_name, users.full_name) end`,
        updated_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
