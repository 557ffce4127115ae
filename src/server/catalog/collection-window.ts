import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { SHOP_TIME_ZONE } from '../../lib/admin-schemas/orders.ts';

/*
 * A collection's start_date/end_date bound when it is on sale: from the start of its first day
 * to the end of its last, both in the shop's time zone, and without a bound on a side left
 * empty. Outside that window it and its products are neither listed nor sold. The pages are
 * static, so the sweep (src/server/sweep) requests a rebuild when a window opens or closes.
 */

/** Today's date in the shop's time zone, as the database sees it. */
export const shopToday = () => sql<string>`(now() at time zone ${SHOP_TIME_ZONE})::date`;

/** True while the collection of `alias` (e.g. "c", "collections") is active and within its dates. */
export function collectionOnSale(alias: string): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${col('is_active')} and (${col('start_date')} is null or ${col('start_date')} <= ${shopToday()}) and (${col('end_date')} is null or ${col('end_date')} >= ${shopToday()}))`;
}
