import type { Config, Context } from '@netlify/functions';
import { type AdminLoginAnswer, adminLoginSchema } from '../../src/lib/admin-schemas/auth.ts';
import { adminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { adminLogin } from '../../src/server/staff/sign-in.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';

export default handle(async (req: Request, context: Context) => {
  const { email, password } = await readJson(req, adminLoginSchema, 4096);
  const issued = await adminLogin(await db(), await adminCredentials(), {
    email,
    password,
    ip: context.ip,
    userAgent: req.headers.get('user-agent'),
  });
  const answer: AdminLoginAnswer = { token: issued.token, expires_at: issued.expiresAt.toISOString() };
  return json(answer);
});

export const config: Config = { path: '/api/admin/login', method: 'POST' };
