import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import type { Database } from '../../db/types.ts';
import { lockOrder } from '../lock-order.ts';
import { requestLabel } from '../../../lib/orders/order-balance.ts';
import { queuePaymentReceived } from '../money-mail.ts';
import { requestPaid } from './payment-timeline.ts';
import { askOf } from './request-views.ts';
import { recordPayment, type PaymentReceived } from './record-payment.ts';

export type RequestPaidOutcome = 'paid' | 'duplicate' | 'refused';

/**
 * A payment request's session was paid (the webhook, or Pay on the test payment page): under the
 * order's lock, the payment is recorded once and the request marked paid. A report of a session
 * already recorded changes nothing ('duplicate'); money for a request that was paid or cancelled
 * meanwhile, or for a cancelled order, records nothing and flags the order for the owner to
 * refund it ('refused'), so nothing is ever counted twice.
 */
export async function payRequest(
  trx: Kysely<Database>,
  payment: PaymentReceived & { requestId: string },
): Promise<RequestPaidOutcome> {
  const order = await lockOrder(trx, payment.orderId, ['status']);
  const known = await trx
    .selectFrom('order_payments')
    .select('id')
    .where('provider_session_id', '=', payment.sessionId)
    .executeTakeFirst();
  if (known) return 'duplicate';
  const request = await trx
    .selectFrom('payment_requests')
    .selectAll()
    .where('id', '=', payment.requestId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (request.status === 'open' && order.status !== 'cancelled' && payment.amountCents > 0) {
    if (!(await recordPayment(trx, payment))) return 'duplicate';
    await trx
      .updateTable('payment_requests')
      .set({ status: 'paid', paid_at: sql`now()`, processing_since: null })
      .where('id', '=', payment.requestId)
      .execute();
    const label = requestLabel(askOf(request));
    await requestPaid(trx, payment.orderId, label, payment.amountCents);
    await queuePaymentReceived(trx, payment.orderId, label, payment.amountCents);
    return 'paid';
  }
  await trx
    .updateTable('orders')
    .set({
      attention_reason:
        `A Stripe payment of ${formatUsd(payment.amountCents)} came in for a payment request that was already ` +
        'paid or withdrawn, or for a cancelled order. It was not counted: refund it in Stripe.',
      attention_at: sql`now()`,
    })
    .where('id', '=', payment.orderId)
    .where('attention_reason', 'is', null)
    .execute();
  return 'refused';
}
