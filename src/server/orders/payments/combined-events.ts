import type { Kysely } from 'kysely';
import { isUuid } from '../../../lib/identifiers.ts';
import type { PaymentEvent } from '../../payments/payment-event.ts';
import type { Database } from '../../db/types.ts';
import { flagRefusedCombined, payCombined } from './pay-combined.ts';

/**
 * A Stripe event about a combined payment's session (docs/decisions/0029-deposits.md), inside the webhook's
 * transaction: paid records every request's payment once (payCombined), or, refused, counts
 * nothing and flags the orders for a refund; expired or failed forgets the session on its
 * requests so the next Pay opens a new one. False when the session is not a combined payment's.
 */
export async function applyCombinedEvent(trx: Kysely<Database>, event: PaymentEvent): Promise<boolean> {
  const bySession = await trx
    .selectFrom('combined_payments')
    .select('id')
    .where('session_id', '=', event.sessionId)
    .executeTakeFirst();
  // The session id is kept just after Stripe answers; a process that died in between still left
  // the combined payment's id in the session's metadata.
  const combined =
    bySession ??
    (event.combinedPaymentId && isUuid(event.combinedPaymentId)
      ? await trx
          .selectFrom('combined_payments')
          .select('id')
          .where('id', '=', event.combinedPaymentId.toLowerCase())
          .where('session_id', 'is', null)
          .executeTakeFirst()
      : undefined);
  if (!combined) return false;
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
      await flagRefusedCombined(trx, combined.id, event.sessionId, received.amountCents, outcome.reason);
    }
  } else if (event.kind !== 'awaiting_payment') {
    await trx
      .updateTable('payment_requests')
      .set({ session_id: null, session_amount_cents: null })
      .where('session_id', '=', event.sessionId)
      .execute();
  }
  return true;
}
