import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import { requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import type { Database, OrderPaymentsTable } from '../../db/types.ts';
import { lockOrders } from '../lock-order.ts';
import { queuePaymentReceived } from '../money-mail.ts';
import { requestPaid } from './payment-timeline.ts';
import { orderMoney, recordPayment } from './record-payment.ts';
import { askOf } from './request-views.ts';

/** A combined payment's session was paid: what the provider reports. */
export interface CombinedReceived {
  provider: OrderPaymentsTable['provider'];
  sessionId: string;
  /** What the session charged in all, in cents. */
  amountCents: number;
  paymentIntentId?: string | null;
}

export type CombinedOutcome = { kind: 'paid' } | { kind: 'duplicate' } | { kind: 'refused'; reason: string };

/** The requests a combined payment pays, in the order their amounts are worked out. */
export async function combinedItems(trx: Kysely<Database>, combinedPaymentId: string) {
  return trx
    .selectFrom('combined_payment_requests as c')
    .innerJoin('payment_requests as r', 'r.id', 'c.request_id')
    .select(['c.request_id', 'c.order_id', 'c.amount_cents as charged_cents'])
    .select(['r.kind', 'r.share_percent', 'r.amount_cents', 'r.created_at'])
    .where('c.combined_payment_id', '=', combinedPaymentId)
    .orderBy('c.order_id')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/**
 * Records a paid combined payment (docs/decisions/0029-deposits.md), all or nothing: under each order's lock (taken in
 * order id order, as opening one does), every request must still be open, its order not
 * cancelled, and ask exactly what the session charged for it (two requests of one order are
 * worked out one after the other, as if paid in turn). Then each gets its payment row (one per
 * request, all under the one session) and is marked paid. A session already recorded changes
 * nothing ('duplicate'); any request paid, withdrawn or changed meanwhile refuses the whole
 * payment with the reason in words, recording nothing.
 */
export async function payCombined(
  trx: Kysely<Database>,
  combinedPaymentId: string,
  received: CombinedReceived,
): Promise<CombinedOutcome> {
  const items = await combinedItems(trx, combinedPaymentId);
  const orderIds = [...new Set(items.map((i) => i.order_id))].sort();
  const orders = new Map((await lockOrders(trx, orderIds, ['status'])).map((o) => [o.id, o.status]));
  const known = await trx
    .selectFrom('order_payments')
    .select('id')
    .where('provider_session_id', '=', received.sessionId)
    .where('request_id', 'is not', null)
    .executeTakeFirst();
  if (known) return { kind: 'duplicate' };
  const requests = new Map<string, { status: string }>();
  for (const id of items.map((i) => i.request_id).sort()) {
    const row = await trx
      .selectFrom('payment_requests')
      .select('status')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    requests.set(id, row);
  }
  const reason = await refusal(trx, items, orders, requests, received.amountCents);
  if (reason) return { kind: 'refused', reason };
  for (const item of items) {
    const payment = {
      orderId: item.order_id,
      requestId: item.request_id,
      amountCents: item.charged_cents,
      provider: received.provider,
      sessionId: received.sessionId,
      paymentIntentId: received.paymentIntentId ?? null,
    };
    if (!(await recordPayment(trx, payment))) throw new Error(`request ${item.request_id} was paid twice`);
    await trx
      .updateTable('payment_requests')
      .set({ status: 'paid', paid_at: sql`now()` })
      .where('id', '=', item.request_id)
      .execute();
    const label = requestLabel(askOf(item));
    await requestPaid(trx, item.order_id, label, item.charged_cents);
    await queuePaymentReceived(trx, item.order_id, label, item.charged_cents);
  }
  return { kind: 'paid' };
}

type Item = Awaited<ReturnType<typeof combinedItems>>[number];

/** Why the combined payment cannot be recorded as it was opened, in words; null when it can. */
async function refusal(
  trx: Kysely<Database>,
  items: Item[],
  orders: Map<string, string>,
  requests: Map<string, { status: string }>,
  receivedCents: number,
): Promise<string | null> {
  const charged = items.reduce((sum, i) => sum + i.charged_cents, 0);
  if (items.length === 0 || charged !== receivedCents) {
    return `The payment of ${formatUsd(receivedCents)} is not what was asked (${formatUsd(charged)}).`;
  }
  for (const orderId of [...new Set(items.map((i) => i.order_id))]) {
    const number = orderNumber(orderId);
    if ((orders.get(orderId) ?? 'cancelled') === 'cancelled')
      return `Order ${number} was cancelled: nothing can be paid on it.`;
    const money = (await orderMoney(trx, orderId))!;
    for (const item of items.filter((i) => i.order_id === orderId)) {
      const label = requestLabel(askOf(item));
      const status = requests.get(item.request_id)?.status;
      if (status === 'paid') return `The ${label} on order ${number} is already paid.`;
      if (status !== 'open') return `The shop withdrew the ${label} request on order ${number}.`;
      if (requestAmountNow(askOf(item), money) !== item.charged_cents) {
        return `Order ${number} changed since this payment was opened, so ${formatUsd(item.charged_cents)} is not what its ${label} asks now.`;
      }
      money.paidCents += item.charged_cents;
    }
  }
  return null;
}

/**
 * Money for a refused combined payment arrived anyway (Stripe): nothing is counted, and each of
 * its orders is flagged for the owner to refund it (an existing flag is kept), as a single
 * request's late payment is.
 */
export async function flagRefusedCombined(
  trx: Kysely<Database>,
  combinedPaymentId: string,
  amountCents: number,
  reason: string,
): Promise<void> {
  const items = await combinedItems(trx, combinedPaymentId);
  const orderIds = [...new Set(items.map((i) => i.order_id))];
  // The orders by the numbers people quote; the Stripe session id stays in the server log.
  const numbers = new Intl.ListFormat('en-US').format(orderIds.map(orderNumber));
  for (const orderId of orderIds) {
    await trx
      .updateTable('orders')
      .set({
        attention_reason: (
          `A Stripe payment of ${formatUsd(amountCents)} paid requests on orders ${numbers} together, ` +
          `and was refused: ${reason} It was not counted: refund it in Stripe.`
        ).slice(0, 500),
        attention_at: sql`now()`,
      })
      .where('id', '=', orderId)
      .where('attention_reason', 'is', null)
      .execute();
  }
}
