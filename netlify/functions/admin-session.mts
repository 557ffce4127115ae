import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/staff/require-admin.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { roleForAdmin } from '../../src/server/staff/roles.ts';

/**
 * Lets the admin SPA check a stored token before showing a screen: 200 with its expiry and who is
 * signed in (name, role in words, permissions: the admin offers only what the role may do), or 401.
 */
export default handle(async (req: Request) => {
  const claims = await requireAdmin(req, await db());
  const { staff } = claims;
  return json({
    sub: claims.sub,
    expires_at: new Date(claims.exp * 1000).toISOString(),
    staff: { id: staff.id, name: staff.name, email: staff.email, ...roleForAdmin(staff.role) },
  });
});

export const config: Config = { path: '/api/admin/session', method: 'GET' };
