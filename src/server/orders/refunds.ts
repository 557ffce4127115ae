import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { lockOrder } from './lock-order.ts';
import { Conflict, Unavailable } from '../errors.ts';
import { type PaymentProvider, PaymentUnavailableError, type RefundReceipt } from '../payments/provider.ts';
import { splitRefund } from '../../lib/orders/order-balance.ts';
import { jsonb } from '../db/json.ts';
import {
  askForRefund,
  type PendingRefund,
  type RefundMailTemplate,
  recordRefundMade,
  releaseRefund,
} from './refund-settlement.ts';
import { refundablePayments } from './refund-parts.ts';
import { refuseStoreBatch } from './changes/lock-editable.ts';

export interface RefundRequest {
  amountCents: number;
  reason?: string | null;
  /** Also cancel the order (only before it shipped or was handed over). */
  cancel?: boolean;
  /** With cancel: put the order's pieces back in stock. */
  restock?: boolean;
  /** The e-mail that tells the customer when it is made (a store's missed minimum); default order-refunded. */
  mailTemplate?: RefundMailTemplate | null;
  /** The staff account that asks for it (null: the shop itself, as a store's missed minimum). */
  staffId?: string | null;
}

export interface RefundDone {
  refundId: string;
  /** succeeded: the provider made it; pending: it did not answer, and the sweep settles it. */
  refundStatus: 'succeeded' | 'pending';
  refundedCents: number;
  status: string;
  mailIds: string[];
}

const HANDED_OVER = new Set(['shipped', 'ready_for_pickup', 'completed']);

/**
 * A refund from the admin (docs/decisions/0016-order-workflow.md), in three steps so the provider
 * is never asked inside a transaction and money is never given back twice:
 *   1. lock the order, check the amount against what is left, and reserve it (refunded_cents
 *      grows, a pending order_refunds row is written with the idempotency key it will be asked
 *      with): two refunds racing on one order queue on the lock, and the second sees the first's
 *      reservation, a pending one included;
 *   2. ask the provider with that key;
 *   3. record the refund (and the cancellation, restock and e-mail) when it was made, give the
 *      reservation back when the provider refused, and leave it pending when the outcome is
 *      unknown (no answer, a timeout): the sweep asks again with the same key (docs/decisions/0025-hardening.md), as it
 *      does for a refund whose process was killed between 1 and 3.
 */
export async function refundOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: string,
  request: RefundRequest,
): Promise<RefundDone> {
  const { refund, order } = await reserveRefund(db, provider, orderId, request);
  let receipt: RefundReceipt;
  try {
    receipt = await askForRefund(provider, refund, order);
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    if (error.refused) {
      await releaseRefund(db, refund);
      console.error(`[refunds] order ${orderId}: the provider refused the refund`, error.cause ?? error);
      throw new Unavailable(
        'refund_failed',
        'The payment provider did not make the refund. Nothing was refunded; try again.',
        30,
      );
    }
    console.error(
      `[refunds] order ${orderId}: no answer about refund ${refund.id}; left pending`,
      error.cause ?? error,
    );
    return { ...(await orderNow(db, orderId)), refundId: refund.id, refundStatus: 'pending', mailIds: [] };
  }
  const recorded = await recordRefundMade(db, refund, receipt);
  return {
    ...(await orderNow(db, orderId)),
    refundId: refund.id,
    refundStatus: 'succeeded',
    mailIds: recorded?.mailIds ?? [],
  };
}

/**
 * Step 1 of a refund (see refundOrder), for a caller that asks the provider itself after its
 * own transaction (a store's close reserves its refunds inside the close, and asks after it).
 */
export async function reserveRefund(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: string,
  request: RefundRequest,
): Promise<{ refund: PendingRefund; order: { payment_session_id: string | null; payment_intent_id: string | null } }> {
  const reason = request.reason?.trim() || null;
  return atomically(db, async (trx) => {
    const order = await lockOrder(trx, orderId, [
      'status',
      'stage',
      'paid_at',
      'total_cents',
      'refunded_cents',
      'store_batch_of',
      'payment_provider',
      'payment_session_id',
      'payment_intent_id',
    ]);
    refuseStoreBatch(order);
    if (!order.paid_at) throw new Conflict('not_paid', 'This order was never paid: there is nothing to refund.');
    if (request.cancel && order.status === 'cancelled')
      throw new Conflict('cancelled', 'This order is already cancelled.');
    if (request.cancel && order.stage && HANDED_OVER.has(order.stage)) {
      throw new Conflict('handed_over', 'A shipped or handed-over order cannot be cancelled; refund it instead.');
    }
    // What can go back is what was received (a deposit order may not be paid in full), split
    // across the payments that received it (docs/decisions/0029-deposits.md). An order with no payment rows (seeded
    // before payments were recorded) refunds its checkout payment, as before.
    const payments = await refundablePayments(trx, order);
    const received = payments.length > 0 ? payments.reduce((sum, p) => sum + p.amountCents, 0) : order.total_cents;
    const left = received - order.refunded_cents;
    if (request.amountCents > left) {
      throw new Conflict(
        'refund_too_large',
        left === 0
          ? 'This order is already refunded in full.'
          : `At most ${formatUsd(left)} is left to refund on this order.`,
        { fields: { amount_cents: `At most ${formatUsd(left)}` } },
      );
    }
    // An order on account took no payment at checkout: its payments came through requests, on this provider.
    if (order.payment_provider && order.payment_provider !== 'account' && order.payment_provider !== provider.name) {
      throw new Conflict('other_provider', `This order was paid through ${order.payment_provider}; refund it there.`);
    }
    const parts = payments.length > 0 ? splitRefund(request.amountCents, payments) : null;
    if (payments.length > 0 && !parts) {
      throw new Conflict('refund_too_large', 'The payments of this order do not hold that much to refund.');
    }
    await trx
      .updateTable('orders')
      .set({ refunded_cents: sql<number>`refunded_cents + ${request.amountCents}` })
      .where('id', '=', order.id)
      .execute();
    const cancelOrder = request.cancel ?? false;
    const restock = cancelOrder && (request.restock ?? false);
    const idempotencyKey = `refund-${crypto.randomUUID()}`;
    const row = await trx
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        amount_cents: request.amountCents,
        source: 'admin',
        reason,
        idempotency_key: idempotencyKey,
        attempted_at: sql<Date>`now()`,
        cancel_order: cancelOrder,
        restock,
        parts: parts ? jsonb(parts) : null,
        mail_template: request.mailTemplate ?? null,
        staff_id: request.staffId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      refund: {
        id: row.id,
        orderId,
        amountCents: request.amountCents,
        reason,
        idempotencyKey,
        staffId: request.staffId ?? null,
        cancelOrder,
        restock,
        parts,
        mailTemplate: request.mailTemplate ?? null,
      },
      order,
    };
  });
}

async function orderNow(db: Kysely<Database>, orderId: string) {
  const after = await db
    .selectFrom('orders')
    .select(['refunded_cents', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { refundedCents: after.refunded_cents, status: after.status };
}
