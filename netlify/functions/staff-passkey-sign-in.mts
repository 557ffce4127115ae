import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Config, Context } from '@netlify/functions';
import type { AdminLoginAnswer } from '../../src/lib/admin-schemas/auth.ts';
import { passkeySignInSchema } from '../../src/lib/admin-schemas/passkeys.ts';
import { adminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { db } from '../../src/server/db/index.ts';
import { handle, json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import { passkeySignIn, passkeySignInOptions } from '../../src/server/staff/passkey-sign-in.ts';

/**
 * "Sign in with a passkey" (issue 45): POST /options answers a one-use challenge; POST /sign-in
 * checks the passkey's signature over it and answers a token, as a password sign-in does.
 */
export default handle(async (req: Request, context: Context) => {
  const database = await db();
  if (new URL(req.url).pathname.endsWith('/options')) {
    return json(await passkeySignInOptions(database, context.ip));
  }
  const { response } = await readJson(req, passkeySignInSchema, 32 * 1024);
  const issued = await passkeySignIn(database, (await adminCredentials()).tokenSecret, {
    response: response as AuthenticationResponseJSON,
    userAgent: req.headers.get('user-agent'),
  });
  const answer: AdminLoginAnswer = { token: issued.token, expires_at: issued.expiresAt.toISOString() };
  return json(answer);
});

export const config: Config = { path: ['/api/staff/passkey/options', '/api/staff/passkey/sign-in'], method: 'POST' };
