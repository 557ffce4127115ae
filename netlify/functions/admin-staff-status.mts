import type { Config } from '@netlify/functions';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { reinstateStaff, suspendStaff } from '../../src/server/staff/accounts.ts';

/**
 * POST /api/admin/staff/:id/suspend ends every session of the person at once (their next request
 * is 401) and stops their sign-in; /reinstate lets them sign in again.
 */
export default adminFunction(async (_req, { db, params, url }) => {
  const id = pathId(params, 'staff member') ?? '';
  const row = url.pathname.endsWith('/suspend') ? await suspendStaff(db, id) : await reinstateStaff(db, id);
  if (!row) throw notFound('staff member', id);
  return json(row);
});

export const config: Config = {
  path: ['/api/admin/staff/:id/suspend', '/api/admin/staff/:id/reinstate'],
  method: 'POST',
};
