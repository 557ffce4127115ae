import type { Config } from '@netlify/functions';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { getStaff, reinstateStaff, signOutEverywhere, suspendStaff } from '../../src/server/staff/accounts.ts';
import { reinvite } from '../../src/server/staff/invitations.ts';

/**
 * POST /api/admin/staff/:id/suspend ends every session of the person at once (their next request
 * is 401) and stops their sign-in; /reinstate lets them sign in again; /invitation sends an
 * invited person a new link (the old one stops working); /sign-out ends every session of theirs
 * without suspending them (they may sign in again).
 */
export default adminFunction(async (_req, { db, params, url, staff }) => {
  const id = pathId(params, 'staff member') ?? '';
  const action = url.pathname.split('/').at(-1);
  if (action === 'invitation') await reinvite(db, id, staff);
  const row =
    action === 'suspend'
      ? await suspendStaff(db, id)
      : action === 'reinstate'
        ? await reinstateStaff(db, id)
        : action === 'sign-out'
          ? await signOutEverywhere(db, id)
          : await getStaff(db, id);
  if (!row) throw notFound('staff member', id);
  return json(row);
});

export const config: Config = {
  path: [
    '/api/admin/staff/:id/suspend',
    '/api/admin/staff/:id/reinstate',
    '/api/admin/staff/:id/invitation',
    '/api/admin/staff/:id/sign-out',
  ],
  method: 'POST',
};
