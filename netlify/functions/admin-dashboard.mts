import type { Config } from '@netlify/functions';
import { dashboardQuerySchema } from '../../src/lib/admin-schemas/dashboard.ts';
import { dashboard } from '../../src/server/admin/dashboard.ts';
import { adminFunction, parseQuery } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';

/** GET /api/dashboard?days=30: the owner's numbers (docs/decisions/0016-order-workflow.md). */
export default adminFunction(async (_req, { db, url }) =>
  json(await dashboard(db, parseQuery(url, dashboardQuerySchema).days)),
);

export const config: Config = { path: '/api/dashboard', method: 'GET' };
