import { type RawBuilder, sql } from 'kysely';

/**
 * What was given back on an order, as every figure the owner or customer reads counts it
 * (docs/decisions/0025-hardening.md): the order's refunded_cents less its refunds still pending. refunded_cents grows
 * when a refund is reserved, before the provider is asked, so it is what can no longer be
 * refunded, not what was refunded; a pending refund counts once it succeeds (the sweep settles
 * it). The same rule as refundTotals' doneCents (src/lib/orders/refund-totals.ts), in SQL for queries
 * that add orders up. `order` is the orders table's name or alias in the query.
 */
export function refundsMadeCents(order: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(`${order}.refunded_cents`)} - coalesce((
    select sum(pending.amount_cents) from order_refunds pending
    where pending.order_id = ${sql.ref(`${order}.id`)} and pending.status = 'pending'), 0))::int`;
}
