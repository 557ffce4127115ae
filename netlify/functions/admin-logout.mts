import type { Config } from '@netlify/functions';
import { revokeAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { requireAdmin } from '../../src/server/staff/require-admin.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

/** Revokes the token the request carries: it is refused from now on. */
export default handle(async (req: Request) => {
  const database = await db();
  const claims = await requireAdmin(req, database);
  await revokeAdminToken(database, claims);
  return json({ revoked: true });
});

export const config: Config = { path: '/api/admin/logout', method: 'POST' };
