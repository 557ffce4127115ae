import type { Kysely } from 'kysely';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { requestAmountNow, requestLabel } from '../../lib/orders/order-balance.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict } from '../errors.ts';
import { lockPayableOrder } from '../orders/payments/lock-payable.ts';
import { payRequest } from '../orders/payments/pay-request.ts';
import { askOf } from '../orders/payments/request-views.ts';
import { CLOSED_STATES, findPaymentSession, markPaymentSession } from '../orders/payments/payment-sessions.ts';
import { type CombinedTestPayment, findCombinedTestPayment } from './combined-test-payment.ts';

/** A payment request's test payment page, as it opened (what its session charges). */
export interface TestPayment {
  sessionId: string;
  requestId: string;
  orderId: string;
  /** "Deposit 50 %, order C25CA953". */
  line: string;
  amountCents: number;
}

/**
 * The request (or the combined payment, docs/decisions/0029-deposits.md) behind a test payment
 * session that was opened, or null.
 */
export async function findTestPayment(
  db: Kysely<Database>,
  sessionId: string,
): Promise<TestPayment | CombinedTestPayment | null> {
  // One lookup names what the session pays (payment-sessions.ts); a replaced or closed one is gone.
  const session = await findPaymentSession(db, sessionId);
  if (session?.provider !== 'embedded' || CLOSED_STATES.includes(session.state)) return null;
  if (session.purpose === 'combined') return findCombinedTestPayment(db, session);
  if ((session.purpose !== 'request' && session.purpose !== 'invoice') || !session.requestId) return null;
  const row = await db
    .selectFrom('payment_requests')
    .selectAll()
    .where('id', '=', session.requestId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId,
    requestId: row.id,
    orderId: row.order_id,
    line: `${requestLabel(askOf(row))}, order ${orderNumber(row.order_id)}`,
    amountCents: session.amountCents,
  };
}

/**
 * Pay on the test payment page, as Stripe's checkout.session.completed does for a request's
 * session. Refused with 409 in words, nothing recorded: a request paid or withdrawn meanwhile,
 * a cancelled order, or an order that changed so the page's amount is no longer what is asked.
 * Paying the same page twice records one payment.
 */
export async function payTestPayment(db: Kysely<Database>, payment: TestPayment): Promise<void> {
  await atomically(db, async (trx) => {
    const money = await lockPayableOrder(trx, payment.orderId);
    const request = await trx
      .selectFrom('payment_requests')
      .selectAll()
      .where('id', '=', payment.requestId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (request.status === 'paid')
      throw new Conflict('request_paid', 'This payment request is already paid. Thank you!');
    if (request.status === 'cancelled') {
      throw new Conflict('request_cancelled', 'The shop withdrew this payment request: nothing was charged.');
    }
    if (requestAmountNow(askOf(request), money) !== payment.amountCents) {
      throw new Conflict(
        'amount_changed',
        'The order changed since this page opened, so the amount is not what is owed now. Nothing was charged: go back to your order and pay again.',
      );
    }
    await payRequest(trx, { ...payment, provider: 'embedded' });
    await markPaymentSession(trx, payment.sessionId, 'paid');
  });
}
