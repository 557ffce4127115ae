import type { Config } from '@netlify/functions';
import { staffInviteSchema, staffUpdateSchema } from '../../src/lib/admin-schemas/staff.ts';
import { adminFunction, methodNotAllowed, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { changeRole, listStaff, removeStaff } from '../../src/server/staff/accounts.ts';
import { inviteStaff } from '../../src/server/staff/invitations.ts';

/**
 * The owner's Staff screen (issue 45): GET the people, POST invite one by e-mail with a role,
 * PUT /:id a new role (or name), DELETE /:id remove them. Never the last active owner (409).
 */
export default adminFunction(async (req, { db, params, staff }) => {
  const id = pathId(params, 'staff member');
  const method = req.method.toUpperCase();
  if (!id && (method === 'GET' || method === 'HEAD')) return json(await listStaff(db));
  if (!id && method === 'POST')
    return json(await inviteStaff(db, await readJson(req, staffInviteSchema, 4096), staff), 201);
  if (id && method === 'PUT') {
    const row = await changeRole(db, id, await readJson(req, staffUpdateSchema, 4096));
    if (!row) throw notFound('staff member', id);
    return json(row);
  }
  if (id && method === 'DELETE') {
    await removeStaff(db, id);
    return json({ id, deleted: true });
  }
  throw methodNotAllowed(method, id ? ['PUT', 'DELETE'] : ['GET', 'POST']);
});

export const config: Config = {
  path: ['/api/admin/staff', '/api/admin/staff/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};
