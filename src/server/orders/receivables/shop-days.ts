import { type RawBuilder, sql } from 'kysely';
import { SHOP_TIME_ZONE } from '../../../lib/admin-schemas/orders.ts';

/** The shop's calendar day (America/Chicago) at the instant `now`, as a SQL date. */
export const shopDayAt = (now: Date): RawBuilder<Date> =>
  sql<Date>`(${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;

/** The shop's calendar day of a timestamp column, as a SQL date. */
export const shopDayOf = (column: string): RawBuilder<string> =>
  sql<string>`(${sql.ref(column)} at time zone ${SHOP_TIME_ZONE})::date`;

/** A SQL date as YYYY-MM-DD text (a date column otherwise reads back as a Date at UTC midnight). */
export const isoDay = (day: RawBuilder<unknown>): RawBuilder<string> => sql<string>`to_char(${day}, 'YYYY-MM-DD')`;

/** What order `o` still owes before the floor at zero: total − paid + refunded. */
export const owedSql = sql<number>`(o.total_cents + o.refunded_cents - (select coalesce(sum(p.amount_cents), 0) from order_payments p where p.order_id = o.id))::int`;
