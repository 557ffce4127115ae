import { type Kysely, sql } from 'kysely';
import type { OrderMoney } from '../../../lib/orders/order-balance.ts';
import type { Database, OrderPaymentsTable } from '../../db/types.ts';

export interface PaymentReceived {
  orderId: string;
  requestId?: string | null;
  amountCents: number;
  provider: OrderPaymentsTable['provider'];
  /** How it was paid; a card for Stripe and the test checkout's own otherwise, unless said. */
  method?: OrderPaymentsTable['method'];
  sessionId: string;
  paymentIntentId?: string | null;
}

/**
 * Records money received for an order, once per checkout session: the session id is unique,
 * so a replayed or concurrent report of the same session inserts nothing (false). Call it in
 * the transaction that marks the order or request paid.
 */
export async function recordPayment(trx: Kysely<Database>, payment: PaymentReceived): Promise<boolean> {
  const row = await trx
    .insertInto('order_payments')
    .values({
      order_id: payment.orderId,
      request_id: payment.requestId ?? null,
      amount_cents: payment.amountCents,
      method: payment.method ?? (payment.provider === 'stripe' ? 'card' : 'test'),
      provider: payment.provider,
      provider_session_id: payment.sessionId,
      payment_intent_id: payment.paymentIntentId ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's total, what was paid and what was given back: what balanceDue reads. */
export async function orderMoney(db: Kysely<Database>, orderId: string): Promise<OrderMoney | null> {
  const row = await db
    .selectFrom('orders')
    .select(['total_cents', 'refunded_cents'])
    .select(
      sql<number>`(select coalesce(sum(amount_cents), 0)::int from order_payments p where p.order_id = orders.id)`.as(
        'paid_cents',
      ),
    )
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row ? { totalCents: row.total_cents, paidCents: row.paid_cents, refundedCents: row.refunded_cents } : null;
}
