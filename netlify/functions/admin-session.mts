import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/require-admin.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';

/** Lets the admin SPA check a stored token before showing a screen: 200 with its expiry, or 401. */
export default handle(async (req: Request) => {
  const claims = await requireAdmin(req, await db());
  return json({ sub: claims.sub, expires_at: new Date(claims.exp * 1000).toISOString() });
});

export const config: Config = { path: '/api/admin/session', method: 'GET' };
