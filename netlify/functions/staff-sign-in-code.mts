import type { Config, Context } from '@netlify/functions';
import { type AdminLoginAnswer, type StaffCodeAsked, staffCodeSignInSchema } from '../../src/lib/admin-schemas/auth.ts';
import { adminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { askStaffCode, CODE_ASKED, staffCodeSignIn } from '../../src/server/staff/code-sign-in.ts';

/**
 * Staff sign-in by a one-time code (issue 45). The e-mail alone asks for a code: 202 and the same
 * words for any address. The e-mail and the code sign in: a token as the password sign-in gives,
 * or 401 in words. 429 past the codes' throttles.
 */
export default handle(async (req: Request, context: Context) => {
  const { email, code } = await readJson(req, staffCodeSignInSchema, 1024);
  const database = await db();
  if (code === undefined) {
    await askStaffCode(database, email, context.ip);
    const answer: StaffCodeAsked = { message: CODE_ASKED };
    return json(answer, 202);
  }
  const issued = await staffCodeSignIn(database, await adminCredentials(), {
    email,
    code,
    ip: context.ip,
    userAgent: req.headers.get('user-agent'),
  });
  const answer: AdminLoginAnswer = { token: issued.token, expires_at: issued.expiresAt.toISOString() };
  return json(answer);
});

export const config: Config = { path: '/api/staff/sign-in-code', method: 'POST' };
