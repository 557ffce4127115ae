import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { SHOP_TIME_ZONE } from '../../lib/admin-schemas/orders.ts';
import { DUE_SOON_DAYS, HANDED_OVER_STAGES } from '../../lib/order-queue.ts';
import { ORDER_STAGES } from '../../lib/order-stages.ts';
import type { Database } from '../db/types.ts';

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/** Today in the shop's time zone (YYYY-MM-DD), as the database sees it. */
export const shopToday = () => sql<string>`to_char((now() at time zone ${SHOP_TIME_ZONE})::date, 'YYYY-MM-DD')`;

/**
 * Orders that need the owner (issue #16): a payment anomaly, or a paid job whose customer asked
 * for changes, whose artwork has not come, or whose in-hands date is within three days (or past)
 * while it is not yet handed over. The list's filter and the count use this one condition.
 */
export function needsAttention(eb: OrdersEb) {
  return eb.or([
    eb('o.attention_reason', 'is not', null),
    eb.and([
      eb('o.status', '=', 'paid'),
      eb.or([
        eb('o.stage', 'in', ['changes_requested', 'awaiting_artwork']),
        eb.and([
          eb('o.in_hands_date', 'is not', null),
          eb('o.in_hands_date', '<=', sql<Date>`(now() at time zone ${SHOP_TIME_ZONE})::date + ${DUE_SOON_DAYS}::int`),
          eb('o.stage', 'not in', [...HANDED_OVER_STAGES]),
        ]),
      ]),
    ]),
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
