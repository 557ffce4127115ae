import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { restoreStock } from './release-order.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { lockOrders } from './lock-order.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import type { RefundPart } from '../../lib/orders/order-balance.ts';
import { type PaymentProvider, PaymentUnavailableError, type RefundReceipt } from '../payments/provider.ts';
import { type Actor, cancelEvent, refundEvent } from './order-events.ts';

/** What the order received (its payments, or its checkout total for an order paid before payments were rows). */
async function receivedCents(trx: Kysely<Database>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select([
      'total_cents',
      sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from order_payments p where p.order_id = orders.id)`.as(
        'paid_cents',
      ),
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.paid_cents > 0 ? row.paid_cents : row.total_cents;
}

/** A reserved refund (a pending order_refunds row) and what settling it must do. */
export interface PendingRefund {
  id: string;
  orderId: string;
  amountCents: number;
  reason: string | null;
  idempotencyKey: string;
  /** Who asked for it (order_refunds.staff_id): the timeline names them, whoever settles it; null: the shop. */
  staffId?: string | null;
  cancelOrder: boolean;
  restock: boolean;
  /** The split across the order's payments (docs/decisions/0029-deposits.md); null: the checkout payment alone. */
  parts: RefundPart[] | null;
  /** The e-mail that tells the customer (order_refunds.mail_template); null: order-refunded. */
  mailTemplate?: RefundMailTemplate | null;
}

/** The e-mails a refund may be told by besides the usual "Refund issued". */
export type RefundMailTemplate = 'store-minimum-missed';

/** The order's payment as the provider is asked about it. */
export interface OrderPayment {
  payment_session_id: string | null;
  payment_intent_id: string | null;
}

/**
 * Asks the provider for the refund, always with the key stored on its row (a repeat is
 * harmless). A refund split across payments (docs/decisions/0029-deposits.md) is one provider refund per part, in
 * order, each with a key of its own derived from the row's; one part keeps the row's key. A part
 * refused after an earlier one was made is not a refusal of the whole (money did go back): the
 * refund stays pending, and the sweep asks again with the same keys.
 */
export async function askForRefund(
  provider: PaymentProvider,
  refund: PendingRefund,
  order: OrderPayment,
): Promise<RefundReceipt> {
  const parts = refund.parts;
  if (!parts) {
    return provider.refund(
      { orderId: refund.orderId, sessionId: order.payment_session_id, paymentIntentId: order.payment_intent_id },
      refund.amountCents,
      refund.idempotencyKey,
    );
  }
  const receipts: RefundReceipt[] = [];
  for (const [index, part] of parts.entries()) {
    const key = parts.length === 1 ? refund.idempotencyKey : `${refund.idempotencyKey}-${index + 1}`;
    try {
      receipts.push(
        await provider.refund(
          { orderId: refund.orderId, sessionId: part.session_id, paymentIntentId: part.payment_intent_id },
          part.amount_cents,
          key,
        ),
      );
    } catch (error) {
      if (index > 0 && error instanceof PaymentUnavailableError && error.refused) {
        throw new PaymentUnavailableError(`part ${index + 1} of refund ${refund.id} was refused after ${index} made`, {
          cause: error,
        });
      }
      throw error;
    }
  }
  // The order keeps its own checkout's PaymentIntent (reconciling Stripe's reports finds it by it).
  const checkout = parts.findIndex((part) => part.session_id === order.payment_session_id);
  return {
    refundId: receipts.map((r) => r.refundId).join(' '),
    paymentIntentId: checkout >= 0 ? (receipts[checkout]?.paymentIntentId ?? null) : null,
  };
}

/**
 * Records a refund the provider made: the row succeeds, the timeline and the customer are told,
 * and the cancellation (with restock) the owner asked for is done. Once: the conditional change
 * pending -> succeeded lets only one of the owner's request and the sweep through. The order is
 * locked first, then its refund, as the reservation does. Answers the e-mail queued, or null
 * when the refund was settled (or released) already.
 */
export async function recordRefundMade(
  db: Kysely<Database>,
  refund: PendingRefund,
  receipt: RefundReceipt,
): Promise<{ mailIds: string[] } | null> {
  const actor: Actor = refund.staffId ? { staffId: refund.staffId } : 'system';
  return atomically(db, async (trx) => {
    await lockOrders(trx, [refund.orderId]);
    const settled = await trx
      .updateTable('order_refunds')
      .set({ status: 'succeeded', provider_refund_id: receipt.refundId })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!settled) return null;
    if (receipt.paymentIntentId) {
      await trx
        .updateTable('orders')
        .set({ payment_intent_id: receipt.paymentIntentId })
        .where('id', '=', refund.orderId)
        .where('payment_intent_id', 'is', null)
        .execute();
    }
    const whole = (await receivedCents(trx, refund.orderId)) <= refund.amountCents ? ' in full' : '';
    await refundEvent(
      trx,
      refund.orderId,
      actor,
      `${formatUsd(refund.amountCents)} refunded${whole}${refund.reason ? `: ${refund.reason}` : ''}`,
    );
    if (refund.cancelOrder) {
      const cancelled = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', cancelled_at: sql<Date>`now()` })
        .where('id', '=', refund.orderId)
        .where('status', '=', 'paid')
        .returning('id')
        .executeTakeFirst();
      if (cancelled) {
        if (refund.restock) await restoreStock(trx, [refund.orderId]);
        await cancelEvent(
          trx,
          refund.orderId,
          actor,
          refund.restock ? 'Cancelled; the pieces went back in stock' : 'Cancelled',
        );
        await flagPaidWhileCancelling(trx, refund.orderId, refund.id);
      }
    }
    const mailId = await queueOrderMail(trx, refund.orderId, refund.mailTemplate ?? 'order-refunded', {
      amount: formatUsd(refund.amountCents),
      reason: refund.reason ?? '',
      ...(refund.mailTemplate ? await refundMailValues(trx, refund.orderId) : {}),
    });
    return { mailIds: mailId ? [mailId] : [] };
  });
}

/**
 * Gives a reservation back when the provider refused the refund (nothing was refunded): the
 * row goes and the order's refunded_cents shrinks by its amount, so the owner can refund again.
 * `note` goes on the timeline (the sweep's releases; the owner's own request answers an error
 * instead). False when the refund was settled or released already.
 */
export async function releaseRefund(db: Kysely<Database>, refund: PendingRefund, note?: string): Promise<boolean> {
  return atomically(db, async (trx) => {
    await lockOrders(trx, [refund.orderId]);
    const gone = await trx
      .deleteFrom('order_refunds')
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .returning('amount_cents')
      .executeTakeFirst();
    if (!gone) return false;
    await trx
      .updateTable('orders')
      .set({ refunded_cents: sql<number>`refunded_cents - ${gone.amount_cents}` })
      .where('id', '=', refund.orderId)
      .execute();
    if (note) {
      await refundEvent(trx, refund.orderId, 'system', note);
    }
    return true;
  });
}

/**
 * A payment recorded after the cancelling refund was reserved (a customer paying a request while
 * the owner cancelled) is money the owner did not see when typing the refund: the order is
 * flagged to give it back. Money received before the cancel and kept (a fee) is the owner's call.
 */
async function flagPaidWhileCancelling(trx: Kysely<Database>, orderId: string, refundId: string): Promise<void> {
  const late = await trx
    .selectFrom('order_payments as p')
    .select(sql<number>`coalesce(sum(p.amount_cents), 0)::int`.as('cents'))
    .where('p.order_id', '=', orderId)
    .where('p.paid_at', '>', trx.selectFrom('order_refunds').select('created_at').where('id', '=', refundId))
    .executeTakeFirstOrThrow();
  if (late.cents === 0) return;
  await trx
    .updateTable('orders')
    .set({
      attention_reason: `A payment of ${formatUsd(late.cents)} came in while the order was being cancelled. It was counted and not refunded: refund it.`,
      attention_at: sql`now()`,
    })
    .where('id', '=', orderId)
    .where('attention_reason', 'is', null)
    .execute();
}

/**
 * What a store's refund e-mail names besides the order: the store the order was placed in, and
 * the buyer by the name they paid with (a store buyer may have no customer record).
 */
async function refundMailValues(trx: Kysely<Database>, orderId: string): Promise<Record<string, string>> {
  const row = await trx
    .selectFrom('orders as o')
    .leftJoin('stores as s', 's.id', 'o.store_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['s.name', 'o.customer_name', 'u.full_name'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  const name = row?.full_name || row?.customer_name;
  return { storeName: row?.name ?? '', ...(name ? { customerName: name } : {}) };
}
