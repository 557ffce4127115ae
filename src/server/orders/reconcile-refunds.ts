import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { findLockedOrder } from './lock-order.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import { refundEvent } from './order-events.ts';

/**
 * A charge.refunded webhook (docs/decisions/0016-order-workflow.md): Stripe says how much of a
 * PaymentIntent is refunded in all. What the shop has not recorded yet (a refund made in Stripe's
 * dashboard) is recorded as a refund from Stripe; the shop's own refunds are already counted
 * (reserved before Stripe was asked), so a webhook about them changes nothing. Answers the cents newly recorded (0 when
 * nothing was new), or null when no order has that payment.
 */
export async function reconcileRefunds(
  db: Kysely<Database>,
  payment: { paymentIntentId: string; amountRefunded: number; sessionId?: string | null },
): Promise<number | null> {
  return atomically(db, async (trx) => {
    // A plain read finds the order (its session never changes, its payment intent is only ever
    // set), then it is locked and read again.
    let query = trx.selectFrom('orders').select('id');
    query = payment.sessionId
      ? query.where((eb) =>
          eb.or([
            eb('payment_intent_id', '=', payment.paymentIntentId),
            eb('payment_session_id', '=', payment.sessionId!),
          ]),
        )
      : query.where('payment_intent_id', '=', payment.paymentIntentId);
    const found = await query.executeTakeFirst();
    const order = found && (await findLockedOrder(trx, found.id, ['total_cents', 'refunded_cents']));
    if (!order) return null;
    const missing = Math.min(payment.amountRefunded, order.total_cents) - order.refunded_cents;
    if (missing <= 0) return 0;
    await trx
      .updateTable('orders')
      .set({ refunded_cents: sql<number>`refunded_cents + ${missing}`, payment_intent_id: payment.paymentIntentId })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        amount_cents: missing,
        status: 'succeeded',
        source: 'stripe',
        reason: 'Refunded in Stripe',
      })
      .execute();
    await refundEvent(trx, order.id, 'system', `${formatUsd(missing)} refunded in Stripe`);
    await queueOrderMail(trx, order.id, 'order-refunded', { amount: formatUsd(missing), reason: '' });
    return missing;
  });
}
