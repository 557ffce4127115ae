import type { Kysely } from 'kysely';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { requestLabel } from '../../lib/orders/order-balance.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict } from '../errors.ts';
import { combinedItems, payCombined } from '../orders/payments/pay-combined.ts';
import { askOf } from '../orders/payments/request-views.ts';
import { markPaymentSession, type PaymentSession } from '../orders/payments/payment-sessions.ts';

/**
 * A combined payment's test payment page (docs/decisions/0029-deposits.md): one line per request,
 * as its session charges.
 */
export interface CombinedTestPayment {
  sessionId: string;
  combinedPaymentId: string;
  /** The customer whose payer page opened it (the page sends them back there). */
  userId: string;
  lines: { label: string; amountCents: number }[];
  amountCents: number;
}

/** The combined payment a test payment session (found in payment_sessions) pays, or null. */
export async function findCombinedTestPayment(
  db: Kysely<Database>,
  session: PaymentSession,
): Promise<CombinedTestPayment | null> {
  if (!session.combinedPaymentId) return null;
  const combined = await db
    .selectFrom('combined_payments')
    .select(['id', 'user_id', 'amount_cents'])
    .where('id', '=', session.combinedPaymentId)
    .executeTakeFirst();
  if (!combined) return null;
  const items = await combinedItems(db, combined.id);
  return {
    sessionId: session.sessionId,
    combinedPaymentId: combined.id,
    userId: combined.user_id,
    lines: items.map((i) => ({
      label: `${requestLabel(askOf(i))}, order ${orderNumber(i.order_id)}`,
      amountCents: i.charged_cents,
    })),
    amountCents: combined.amount_cents,
  };
}

/**
 * Pay on a combined payment's test page, as Stripe's checkout.session.completed does: every
 * request recorded, or none. Refused with 409 in words, nothing recorded: any request paid,
 * withdrawn or changed since the page opened, or a cancelled order; paying the page again too.
 */
export async function payCombinedTestPayment(db: Kysely<Database>, payment: CombinedTestPayment): Promise<void> {
  await atomically(db, async (trx) => {
    const outcome = await payCombined(trx, payment.combinedPaymentId, {
      provider: 'embedded',
      sessionId: payment.sessionId,
      amountCents: payment.amountCents,
    });
    if (outcome.kind === 'duplicate') throw new Conflict('request_paid', 'This payment is already made. Thank you!');
    if (outcome.kind !== 'refused') await markPaymentSession(trx, payment.sessionId, 'paid');
    if (outcome.kind === 'refused') {
      throw new Conflict(
        'payment_refused',
        `${outcome.reason} Nothing was charged: go back to what you owe and pay again.`,
      );
    }
  });
}
