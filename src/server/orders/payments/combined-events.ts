import type { Kysely } from 'kysely';
import type { PaymentEvent } from '../../payments/payment-event.ts';
import type { Database } from '../../db/types.ts';
import { flagRefusedCombined, payCombined } from './pay-combined.ts';

/**
 * A Stripe event about a combined payment's session (docs/decisions/0029-deposits.md), inside the webhook's
 * transaction: paid records every request's payment once (payCombined), or, refused, counts
 * nothing and flags the orders for a refund; expired or failed forgets the session on its
 * requests so the next Pay opens a new one. The caller found it through the session
 * (payment-sessions.ts).
 */
export async function applyCombinedEvent(
  trx: Kysely<Database>,
  event: PaymentEvent,
  combinedPaymentId: string,
): Promise<void> {
  const combined = { id: combinedPaymentId };
  if (event.kind === 'paid') {
    const received = {
      provider: 'stripe' as const,
      sessionId: event.sessionId,
      amountCents: event.amountCents ?? 0,
      paymentIntentId: event.details.paymentIntentId ?? null,
    };
    const outcome = await payCombined(trx, combined.id, received);
    if (outcome.kind === 'refused') {
      console.error(`[payments] combined session ${event.sessionId} refused: ${outcome.reason}`);
      await flagRefusedCombined(trx, combined.id, received.amountCents, outcome.reason);
    }
  } else if (event.kind !== 'awaiting_payment') {
    await trx
      .updateTable('payment_requests')
      .set({ session_id: null, session_amount_cents: null })
      .where('session_id', '=', event.sessionId)
      .execute();
  }
}
