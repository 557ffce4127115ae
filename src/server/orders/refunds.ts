import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { restoreStock } from '../checkout/release-order.ts';
import { atomically } from '../checkout/transaction.ts';
import type { Database } from '../db/types.ts';
import { Conflict, NotFound, Unavailable } from '../errors.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import { type PaymentProvider, PaymentUnavailableError } from '../payments/provider.ts';

export interface RefundRequest {
  amountCents: number;
  reason?: string | null;
  /** Also cancel the order (only before it shipped or was handed over). */
  cancel?: boolean;
  /** With cancel: put the order's pieces back in stock. */
  restock?: boolean;
}

export interface RefundDone {
  refundId: string;
  refundedCents: number;
  status: string;
  mailIds: string[];
}

const HANDED_OVER = new Set(['shipped', 'ready_for_pickup', 'completed']);

/**
 * A refund from the admin (issue #16), in three steps so the provider is never asked inside a
 * transaction and money is never given back twice:
 *   1. lock the order, check the amount against what is left, and reserve it (refunded_cents
 *      grows, a pending order_refunds row is written): two refunds racing on one order queue on
 *      the lock, and the second sees the first's reservation;
 *   2. ask the provider (Stripe's Refunds API, idempotent on the row's id);
 *   3. record the refund (and the cancellation, restock and e-mail), or, when the provider
 *      refused, give the reservation back.
 */
export async function refundOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: string,
  request: RefundRequest,
): Promise<RefundDone> {
  const reason = request.reason?.trim() || null;
  const reserved = await atomically(db, async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select([
        'id',
        'status',
        'stage',
        'paid_at',
        'total_cents',
        'refunded_cents',
        'payment_provider',
        'payment_session_id',
        'payment_intent_id',
      ])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new NotFound('not_found', `There is no order with id ${orderId}.`);
    if (!order.paid_at) throw new Conflict('not_paid', 'This order was never paid: there is nothing to refund.');
    if (request.cancel && order.status === 'cancelled')
      throw new Conflict('cancelled', 'This order is already cancelled.');
    if (request.cancel && order.stage && HANDED_OVER.has(order.stage)) {
      throw new Conflict('handed_over', 'A shipped or handed-over order cannot be cancelled; refund it instead.');
    }
    const left = order.total_cents - order.refunded_cents;
    if (request.amountCents > left) {
      throw new Conflict(
        'refund_too_large',
        left === 0
          ? 'This order is already refunded in full.'
          : `At most ${formatUsd(left)} is left to refund on this order.`,
        { fields: { amount_cents: `At most ${formatUsd(left)}` } },
      );
    }
    if (order.payment_provider && order.payment_provider !== provider.name) {
      throw new Conflict('other_provider', `This order was paid through ${order.payment_provider}; refund it there.`);
    }
    await trx
      .updateTable('orders')
      .set({ refunded_cents: sql<number>`refunded_cents + ${request.amountCents}` })
      .where('id', '=', order.id)
      .execute();
    const row = await trx
      .insertInto('order_refunds')
      .values({ order_id: order.id, amount_cents: request.amountCents, source: 'admin', reason })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { refundId: row.id, order };
  });

  let receipt: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    receipt = await provider.refund(
      {
        orderId,
        sessionId: reserved.order.payment_session_id,
        paymentIntentId: reserved.order.payment_intent_id,
      },
      request.amountCents,
      reserved.refundId,
    );
  } catch (error) {
    await atomically(db, async (trx) => {
      await trx.deleteFrom('order_refunds').where('id', '=', reserved.refundId).execute();
      await trx
        .updateTable('orders')
        .set({ refunded_cents: sql<number>`refunded_cents - ${request.amountCents}` })
        .where('id', '=', orderId)
        .execute();
    });
    if (error instanceof PaymentUnavailableError) {
      console.error(`[refunds] order ${orderId}: the provider did not refund`, error.cause ?? error);
      throw new Unavailable(
        'refund_failed',
        'The payment provider did not make the refund. Nothing was refunded; try again.',
        30,
      );
    }
    throw error;
  }

  return atomically(db, async (trx) => {
    await trx
      .updateTable('order_refunds')
      .set({ status: 'succeeded', provider_refund_id: receipt.refundId })
      .where('id', '=', reserved.refundId)
      .execute();
    if (receipt.paymentIntentId && !reserved.order.payment_intent_id) {
      await trx
        .updateTable('orders')
        .set({ payment_intent_id: receipt.paymentIntentId })
        .where('id', '=', orderId)
        .execute();
    }
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        actor: 'owner',
        kind: 'refund',
        comment: `${formatUsd(request.amountCents)} refunded${reason ? `: ${reason}` : ''}`,
      })
      .execute();
    if (request.cancel) {
      const cancelled = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', cancelled_at: sql<Date>`now()` })
        .where('id', '=', orderId)
        .where('status', 'in', ['paid', 'fulfilled'])
        .returning('id')
        .executeTakeFirst();
      if (cancelled) {
        if (request.restock) await restoreStock(trx, [orderId]);
        await trx
          .insertInto('order_events')
          .values({
            order_id: orderId,
            actor: 'owner',
            kind: 'cancel',
            comment: request.restock ? 'Cancelled; the pieces went back in stock' : 'Cancelled',
          })
          .execute();
      }
    }
    const mailId = await queueOrderMail(trx, orderId, 'order-refunded', {
      amount: formatUsd(request.amountCents),
      reason: reason ?? '',
    });
    const after = await trx
      .selectFrom('orders')
      .select(['refunded_cents', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return {
      refundId: reserved.refundId,
      refundedCents: after.refunded_cents,
      status: after.status,
      mailIds: mailId ? [mailId] : [],
    };
  });
}

/**
 * A charge.refunded webhook (issue #16): Stripe says how much of a PaymentIntent is refunded in
 * all. What the shop has not recorded yet (a refund made in Stripe's dashboard) is recorded as a
 * refund from Stripe; the shop's own refunds are already counted (reserved before Stripe was
 * asked), so a webhook about them changes nothing. Answers the cents newly recorded (0 when
 * nothing was new), or null when no order has that payment.
 */
export async function reconcileRefunds(
  db: Kysely<Database>,
  payment: { paymentIntentId: string; amountRefunded: number; sessionId?: string | null },
): Promise<number | null> {
  return atomically(db, async (trx) => {
    let query = trx.selectFrom('orders').select(['id', 'total_cents', 'refunded_cents']).forUpdate();
    query = payment.sessionId
      ? query.where((eb) =>
          eb.or([
            eb('payment_intent_id', '=', payment.paymentIntentId),
            eb('payment_session_id', '=', payment.sessionId!),
          ]),
        )
      : query.where('payment_intent_id', '=', payment.paymentIntentId);
    const order = await query.executeTakeFirst();
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
    await trx
      .insertInto('order_events')
      .values({
        order_id: order.id,
        actor: 'system',
        kind: 'refund',
        comment: `${formatUsd(missing)} refunded in Stripe`,
      })
      .execute();
    await queueOrderMail(trx, order.id, 'order-refunded', { amount: formatUsd(missing), reason: '' });
    return missing;
  });
}
