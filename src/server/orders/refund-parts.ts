import type { Kysely } from 'kysely';
import type { RefundablePayment, RefundPart } from '../../lib/orders/order-balance.ts';
import type { Database } from '../db/types.ts';

/**
 * The order's payments newest first, each with what earlier refunds took from it (docs/decisions/0029-deposits.md):
 * a refund's parts name their payment; a refund without parts (made before payments could be
 * several, or found in Stripe) took from the order's own checkout payment.
 */
export async function refundablePayments(
  trx: Kysely<Database>,
  order: { id: string; payment_intent_id: string | null },
): Promise<RefundablePayment[]> {
  const [payments, refunds] = await Promise.all([
    trx
      .selectFrom('order_payments')
      .select(['id', 'request_id', 'amount_cents', 'provider_session_id', 'payment_intent_id'])
      .where('order_id', '=', order.id)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    trx.selectFrom('order_refunds').select(['amount_cents', 'parts']).where('order_id', '=', order.id).execute(),
  ]);
  const taken = new Map<string, number>();
  const checkout = payments.find((p) => p.request_id === null);
  for (const refund of refunds) {
    const parts: Pick<RefundPart, 'payment_id' | 'amount_cents'>[] =
      (refund.parts as RefundPart[] | null) ??
      (checkout ? [{ payment_id: checkout.id, amount_cents: refund.amount_cents }] : []);
    for (const part of parts) taken.set(part.payment_id, (taken.get(part.payment_id) ?? 0) + part.amount_cents);
  }
  return payments.map((p) => ({
    id: p.id,
    sessionId: p.provider_session_id,
    // The checkout's PaymentIntent may be known on the order only (kept there by earlier refunds).
    paymentIntentId: p.payment_intent_id ?? (p.request_id === null ? order.payment_intent_id : null),
    amountCents: p.amount_cents,
    refundedCents: taken.get(p.id) ?? 0,
  }));
}
