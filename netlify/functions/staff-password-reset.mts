import type { Config, Context } from '@netlify/functions';
import { type StaffPasswordResetAnswer, staffPasswordResetSchema } from '../../src/lib/admin-schemas/auth.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { RESET_ANSWER, requestPasswordReset } from '../../src/server/staff/password-resets.ts';

/**
 * "Forgot password" on the admin's sign-in (issue 45): 202 and the same words for any address,
 * after the same time; a link by e-mail only to an active person's. 429 past the throttles.
 */
export default handle(async (req: Request, context: Context) => {
  const { email } = await readJson(req, staffPasswordResetSchema, 1024);
  await requestPasswordReset(await db(), { email, ip: context.ip });
  const answer: StaffPasswordResetAnswer = { message: RESET_ANSWER };
  return json(answer, 202);
});

export const config: Config = { path: '/api/staff/password-reset', method: 'POST' };
