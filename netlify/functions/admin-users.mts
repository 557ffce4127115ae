import type { Config } from '@netlify/functions';
import { usersQuerySchema } from '../../src/lib/admin-schemas/users.ts';
import { adminFunction, notFound, parseQuery, pathId } from '../../src/server/admin/route.ts';
import { getUser, listUsers } from '../../src/server/admin/users.ts';
import { json } from '../../src/server/http.ts';

/** GET /api/users ({rows, total}) and GET /api/users/{id} (with order count and orders). */
export default adminFunction(async (_req, { db, url, params }) => {
  const id = pathId(params, 'user');
  if (!id) return json(await listUsers(db, parseQuery(url, usersQuerySchema)));
  const user = await getUser(db, id);
  if (!user) throw notFound('user', id);
  return json(user);
});

export const config: Config = { path: ['/api/users', '/api/users/:id'], method: 'GET' };
