import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { SHOP_TIME_ZONE } from '../../lib/admin-schemas/orders.ts';
import { DUE_SOON_DAYS, HANDED_OVER_STAGES } from '../../lib/orders/order-queue.ts';
import { ORDER_STAGES } from '../../lib/orders/order-stages.ts';
import type { Database } from '../db/types.ts';

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/** Today in the shop's time zone, as the database sees it. */
const today = sql<Date>`(now() at time zone ${SHOP_TIME_ZONE})::date`;

const handedOver = sql.join(HANDED_OVER_STAGES.map((stage) => sql.lit(stage)));

/**
 * Why an order needs the owner (docs/decisions/0016-order-workflow.md, one rule for the list's
 * filter, the count and the reasons in words): a payment anomaly (attention_reason), or a paid job
 * whose customer asked for changes or whose artwork has not come (waiting_stage), or whose due day (the earlier of its in-hands date and the day its turnaround promised) is within
 * DUE_SOON_DAYS or past while it is not yet handed over (due_in_days, negative when overdue), or a
 * paid order whose payments came to more than it costs (overpaid_cents: paid − refunded − total,
 * docs/decisions/0029-deposits.md), derived from the payments and refunds so it ends with the refund.
 * Each fact is null when it does not apply; the screens word these columns (attentionReasons)
 * and never decide again.
 */
export const attentionFacts = {
  waiting_stage: sql<'changes_requested' | 'awaiting_artwork' | null>`case
    when o.status = 'paid' and o.stage in ('changes_requested', 'awaiting_artwork') then o.stage end`,
  due_in_days: sql<number | null>`case
    when o.status = 'paid' and o.stage not in (${handedOver})
      and least(o.in_hands_date, o.ready_by) <= ${today} + ${DUE_SOON_DAYS}::int
    then (least(o.in_hands_date, o.ready_by) - ${today})::int end`,
  overpaid_cents: sql<number | null>`case when o.status = 'paid' then nullif(greatest(0,
    coalesce((select sum(p.amount_cents) from order_payments p where p.order_id = o.id), 0)
      - o.refunded_cents - o.total_cents), 0)::bigint end`,
};

/** The attention facts as selections on orders joined as o. */
export const attentionColumns = () => [
  attentionFacts.waiting_stage.as('waiting_stage'),
  attentionFacts.due_in_days.as('due_in_days'),
  attentionFacts.overpaid_cents.as('overpaid_cents'),
];

/** Orders with any attention fact: the list's filter and the count use this one condition. */
export function needsAttention(eb: OrdersEb) {
  return eb.or([
    eb('o.attention_reason', 'is not', null),
    eb(attentionFacts.waiting_stage, 'is not', null),
    eb(attentionFacts.due_in_days, 'is not', null),
    eb(attentionFacts.overpaid_cents, 'is not', null),
  ]);
}

/** The work queue's head: paid jobs per stage and how many need attention. */
export async function orderCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('orders as o')
    .select(['o.stage', sql<number>`count(*)::int`.as('n')])
    .where('o.status', '=', 'paid')
    .groupBy('o.stage')
    .execute();
  const stages = Object.fromEntries(ORDER_STAGES.map((s) => [s, 0])) as Record<(typeof ORDER_STAGES)[number], number>;
  for (const row of rows) if (row.stage) stages[row.stage] += row.n;
  const attention = await db
    .selectFrom('orders as o')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(needsAttention)
    .executeTakeFirstOrThrow();
  return { stages, attention: attention.n };
}
