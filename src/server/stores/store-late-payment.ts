import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { recordPayment } from '../orders/payments/record-payment.ts';
import { reserveRefund } from '../orders/refunds.ts';
import { paymentProvider } from '../orders/payment-provider.ts';

/** What the provider reported of a payment that arrived for a cancelled order. */
export interface LatePayment {
  sessionId: string;
  amountCents?: number | null;
  paymentIntentId?: string | null;
}

/**
 * A buyer's payment the provider took just as their store closed
 * (docs/decisions/0030-team-stores.md): the close expires the checkouts still open
 * (./store-close-checkouts.ts), but a session paid a moment before is reported after it, and the
 * store lock cancels its order (it is in no batch). So no buyer is charged and left out, the
 * payment is recorded and its whole amount reserved for refund in the webhook's own transaction;
 * the sweep's settle-interrupted-refunds asks the provider within a minute or two with the refund's
 * idempotency key, and the buyer gets the refund e-mail. The order carries a note for the owner.
 * Answers false (nothing done) for any other cancelled order.
 */
export async function refundLateStorePayment(
  trx: Kysely<Database>,
  orderId: string,
  payment: LatePayment,
): Promise<boolean> {
  const order = await trx
    .selectFrom('orders as o')
    .innerJoin('stores as s', 's.id', 'o.store_id')
    .select(['o.status', 'o.paid_at', 'o.total_cents', 'o.payment_provider', 's.name', 's.status as store_status'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (order?.status !== 'cancelled' || order.store_status !== 'closed' || order.paid_at) return false;
  const amountCents = payment.amountCents ?? order.total_cents;
  if (amountCents <= 0) return false;
  // Refunded by the provider that took it; one the shop no longer uses is left to the owner's flag.
  const provider = paymentProvider(trx);
  if (order.payment_provider !== provider.name) return false;
  await recordPayment(trx, {
    orderId,
    amountCents,
    provider: order.payment_provider === 'stripe' ? 'stripe' : 'embedded',
    sessionId: payment.sessionId,
    paymentIntentId: payment.paymentIntentId ?? null,
  });
  await trx
    .updateTable('orders')
    .set({
      paid_at: sql<Date>`now()`,
      ...(payment.paymentIntentId ? { payment_intent_id: payment.paymentIntentId } : {}),
      attention_reason:
        `Paid after ${order.name} closed, so it is in no print batch: the payment is refunded in full automatically.`.slice(
          0,
          500,
        ),
      attention_at: sql<Date>`now()`,
    })
    .where('id', '=', orderId)
    .execute();
  await reserveRefund(trx, provider, orderId, {
    amountCents,
    reason: `Paid after ${order.name} closed: refunded in full.`,
  });
  return true;
}
