import { type Kysely, sql } from 'kysely';
import { SHOP_TIME_ZONE } from '../../lib/admin-schemas/orders.ts';
import type { DashboardAnswer } from '../../lib/admin-schemas/dashboard.ts';
import type { Database } from '../db/types.ts';
import { refundsMadeCents } from '../orders/refunds-made.ts';
import { orderCounts } from './order-queue.ts';

const TZ = SHOP_TIME_ZONE;
const LOW_STOCK_ROWS = 200;

/**
 * The owner's dashboard (docs/decisions/0016-order-workflow.md), every figure from the orders as
 * they are: revenue net of refunds made (not those still pending: refundsMadeCents) by the day the order was paid (in
 * the shop's time zone) over one window whose first and last days it names, orders per stage, average order, best sellers, how fast customers
 * answer proofs, and stock running low.
 */
export async function dashboard(db: Kysely<Database>, days: number): Promise<DashboardAnswer> {
  const today = sql`(now() at time zone ${TZ})::date`;
  const paidDay = sql`(o.paid_at at time zone ${TZ})::date`;
  const since = sql`${today} - ${days - 1}::int`;
  // Refunds still pending are not taken off: only money given back is.
  const refunded = refundsMadeCents('o');
  // What the order brought in before refunds: its total, or what was paid when the owner lowered
  // the order after payment (docs/decisions/0029-deposits.md), since the refund of the difference is then taken off.
  const charged = sql`greatest(o.total_cents, (select coalesce(sum(p.amount_cents), 0) from order_payments p where p.order_id = o.id))`;

  const window = await sql<{ from: string; to: string }>`
    select to_char(${since}, 'YYYY-MM-DD') as "from", to_char(${today}, 'YYYY-MM-DD') as "to"`.execute(db);

  const byDay = await sql<{ day: string; cents: number; orders: number }>`
    with d as (select generate_series(${since}, ${today}, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(sum(${charged} - ${refunded}), 0)::bigint as cents,
           count(o.id)::int as orders
    from d left join orders o on o.paid_at is not null and ${paidDay} = d.day
    group by d.day order by d.day`.execute(db);

  const average = await sql<{ cents: number | null }>`
    select round(avg(o.total_cents))::bigint as cents from orders o
    where o.paid_at is not null and ${paidDay} >= ${since}`.execute(db);

  const top = await sql<{ name: string; pieces: number; cents: number }>`
    select max(i.name) as name, sum(i.quantity)::int as pieces, sum(i.quantity::bigint * i.unit_price_cents)::bigint as cents
    from order_items i join orders o on o.id = i.order_id
    where i.item_type = 'product' and o.paid_at is not null and ${paidDay} >= ${since}
    group by coalesce(i.product_id::text, i.name)
    order by cents desc, name limit 5`.execute(db);

  const turnaround = await sql<{ answered: number; median_hours: number | null; average_hours: number | null }>`
    select count(*)::int as answered,
           round((percentile_cont(0.5) within group (order by hours))::numeric, 1)::float8 as median_hours,
           round(avg(hours)::numeric, 1)::float8 as average_hours
    from (
      select extract(epoch from (a.created_at - s.created_at)) / 3600 as hours
      from order_events s
      join lateral (
        select e.created_at from order_events e
        where e.order_id = s.order_id and e.actor = 'customer' and e.created_at >= s.created_at
          and e.to_stage in ('approved', 'changes_requested')
        order by e.created_at limit 1
      ) a on true
      where s.to_stage = 'proof_sent' and (s.created_at at time zone ${TZ})::date >= ${since}
    ) t`.execute(db);

  const low = await sql<DashboardAnswer['low_stock'][number]>`
    select p.id as product_id, p.name as product, c.name as color, s.name as size,
           coalesce(v.stock_qty, p.stock_qty)::int as stock, p.low_stock_threshold as threshold
    from products p
    left join product_variants v on v.product_id = p.id
    left join colors c on c.id = v.color_id
    left join sizes s on s.id = v.size_id
    where p.is_active and p.low_stock_threshold > 0
      and coalesce(v.stock_qty, case when exists (select 1 from product_variants x where x.product_id = p.id)
                                     then null else p.stock_qty end) <= p.low_stock_threshold
    order by stock, p.name, c.name, s.name
    limit ${LOW_STOCK_ROWS}`.execute(db);

  const stats = turnaround.rows[0] ?? { answered: 0, median_hours: null, average_hours: null };
  return {
    days,
    from: window.rows[0]!.from,
    to: window.rows[0]!.to,
    revenue_by_day: byDay.rows,
    average_order_cents: average.rows[0]?.cents ?? null,
    stages: (await orderCounts(db)).stages,
    top_products: top.rows,
    proof_turnaround: stats,
    low_stock: low.rows,
  };
}
