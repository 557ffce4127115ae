import type { Config } from '@netlify/functions';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { listSessions, revokeSession } from '../../src/server/staff/sessions.ts';

/**
 * A person's own signed-in devices (issue 45): GET lists them (the one asking is marked), DELETE
 * /:id signs one out (its next request is 401).
 */
export default adminFunction(async (req, { db, params, staff }) => {
  const id = pathId(params, 'session');
  if (!id) {
    const rows = await listSessions(db, staff.id);
    return json(rows.map((row) => ({ ...row, current: row.id === staff.sessionId })));
  }
  if (req.method.toUpperCase() !== 'DELETE' || !(await revokeSession(db, id, staff.id))) throw notFound('session', id);
  return json({ id, signed_out: true });
});

export const config: Config = {
  path: ['/api/admin/staff/me/sessions', '/api/admin/staff/me/sessions/:id'],
  method: ['GET', 'DELETE'],
};
