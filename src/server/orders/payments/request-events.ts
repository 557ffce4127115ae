import type { Kysely } from 'kysely';
import type { PaymentEvent } from '../../payments/payment-event.ts';
import type { Database } from '../../db/types.ts';
import { lockOrders } from '../lock-order.ts';
import { bankPaymentDeclined, bankPaymentProcessing } from './bank-payments.ts';
import { payRequest } from './pay-request.ts';

/**
 * A Stripe event about a payment request's session (docs/decisions/0029-deposits.md), inside the webhook's
 * transaction: paid records the payment once and marks the request paid (payRequest); a bank
 * payment still processing holds the request, a failed one opens it again and e-mails the
 * customer (bank-payments.ts); expired forgets the session so the next Pay opens a new one. The
 * caller found the request through the session (payment-sessions.ts).
 */
export async function applyRequestEvent(
  trx: Kysely<Database>,
  event: PaymentEvent,
  request: { id: string; order_id: string },
): Promise<void> {
  // The order before its request, as every path takes them (lock-order.ts): the timeline line a
  // bank payment writes needs the order, so taking the request first could deadlock with a
  // withdrawal or a Pay that holds the order.
  await lockOrders(trx, [request.order_id]);
  if (event.kind === 'paid') {
    const outcome = await payRequest(trx, {
      requestId: request.id,
      orderId: request.order_id,
      provider: 'stripe',
      method: event.method ?? 'card',
      sessionId: event.sessionId,
      amountCents: event.amountCents ?? 0,
      paymentIntentId: event.details.paymentIntentId ?? null,
    });
    if (outcome === 'refused') {
      console.error(`[payments] session ${event.sessionId} paid request ${request.id} after it was closed`);
    }
  } else if (event.kind === 'awaiting_payment') {
    await bankPaymentProcessing(trx, request.id, event.sessionId);
  } else if (event.kind === 'failed') {
    await bankPaymentDeclined(trx, request.id, event.sessionId, event.amountCents ?? null);
  } else {
    await trx
      .updateTable('payment_requests')
      .set({ session_id: null, session_amount_cents: null })
      .where('id', '=', request.id)
      .where('session_id', '=', event.sessionId)
      .where('processing_since', 'is', null)
      .execute();
  }
}
