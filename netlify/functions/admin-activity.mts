import type { Config } from '@netlify/functions';
import { activityExportQuerySchema, activityQuerySchema } from '../../src/lib/admin-schemas/activity.ts';
import { shopDay } from '../../src/lib/site/shop-time.ts';
import { adminFunction, parseQuery } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { activityCsv, activityLog } from '../../src/server/admin/activity.ts';

/**
 * The owner's activity log (issue 45; the Owner role only, route-permissions.ts): GET
 * /api/admin/activity?staff_id=&kind=&from=&to=&limit=&offset= answers what people did, newest
 * first; /api/admin/activity.csv the same entries as CSV (dates on the shop's clock, every cell
 * guarded against formulas). Bad filters: 400 naming the field.
 */
export default adminFunction(async (_req, { db, url }) => {
  if (url.pathname.endsWith('.csv')) {
    const filters = parseQuery(url, activityExportQuerySchema);
    return new Response(await activityCsv(db, filters), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="activity-${filters.from ?? 'start'}-to-${filters.to ?? shopDay()}.csv"`,
      },
    });
  }
  return json(await activityLog(db, parseQuery(url, activityQuerySchema)));
});

export const config: Config = { path: ['/api/admin/activity', '/api/admin/activity.csv'], method: 'GET' };
