import { type RawBuilder, sql } from 'kysely';
import { SHOP_TIME_ZONE } from '../../lib/admin-schemas/orders.ts';

/** The first instant of a YYYY-MM-DD day in the shop's time zone. */
export function startOfDay(day: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date)::timestamp at time zone ${SHOP_TIME_ZONE})`;
}

/** The first instant after a YYYY-MM-DD day in the shop's time zone (so the day is included). */
export function endOfDay(day: string): RawBuilder<Date> {
  return sql<Date>`(((${day}::date) + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`;
}
