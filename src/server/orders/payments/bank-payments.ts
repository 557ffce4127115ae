import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import { requestLabel } from '../../../lib/orders/order-balance.ts';
import type { Database } from '../../db/types.ts';
import { Conflict } from '../../errors.ts';
import { queueOrderMail } from '../../mail/order-mail.ts';
import { bankPaymentFailed, bankPaymentStarted } from './payment-timeline.ts';
import { askOf } from './request-views.ts';

/*
 * Bank transfer (ACH Direct Debit) on a payment request (docs/decisions/0029-deposits.md). Stripe completes the
 * Checkout Session with the payment still processing and reports days later whether it
 * succeeded (recorded by payRequest, like a card) or failed. Meanwhile the request stays open but
 * is not offered for payment again (processing_since). Each step matches the request's current
 * session, so a late or out-of-order report (a completion after the failure, a failure of a
 * session already replaced) changes nothing.
 */

/** The session of an open request completed with its bank payment processing. */
export async function bankPaymentProcessing(
  trx: Kysely<Database>,
  requestId: string,
  sessionId: string,
): Promise<void> {
  const row = await trx
    .updateTable('payment_requests')
    .set({ processing_since: sql`now()` })
    .where('id', '=', requestId)
    .where('status', '=', 'open')
    .where('session_id', '=', sessionId)
    .where('processing_since', 'is', null)
    .returning(['order_id', 'kind', 'share_percent', 'amount_cents', 'session_amount_cents'])
    .executeTakeFirst();
  if (row) await bankPaymentStarted(trx, row.order_id, requestLabel(askOf(row)), row.session_amount_cents ?? 0);
}

/**
 * The bank payment of a request's session failed: the request forgets the session and is open
 * to pay again, the timeline says so and the customer gets the bank-payment-failed e-mail with
 * the link to their order page. Nothing happens for a session the request no longer has.
 */
export async function bankPaymentDeclined(
  trx: Kysely<Database>,
  requestId: string,
  sessionId: string,
  amountCents: number | null,
): Promise<void> {
  const row = await trx
    .updateTable('payment_requests')
    .set({ session_id: null, session_amount_cents: null, processing_since: null })
    .where('id', '=', requestId)
    .where('status', '=', 'open')
    .where('session_id', '=', sessionId)
    .returning(['order_id', 'kind', 'share_percent', 'amount_cents'])
    .executeTakeFirst();
  if (!row) return;
  const label = requestLabel(askOf(row));
  const amount = amountCents ?? 0;
  await bankPaymentFailed(trx, row.order_id, label, amount);
  await queueOrderMail(trx, row.order_id, 'bank-payment-failed', { amount: formatUsd(amount), what: label });
}

/** Pay refused while the request's bank payment settles. */
export function bankPaymentInProgress(amountCents: number | null): Conflict {
  const amount = amountCents ? `of ${formatUsd(amountCents)} ` : '';
  return new Conflict(
    'payment_processing',
    `Your bank payment ${amount}for this request is processing (it takes a few business days): there is nothing to pay now.`,
  );
}

/** The owner's withdrawal refused while the request's bank payment settles. */
export function bankPaymentPending(): Conflict {
  return new Conflict(
    'payment_processing',
    'A bank payment for this request is processing: it cannot be withdrawn until the bank says whether it went through.',
  );
}
