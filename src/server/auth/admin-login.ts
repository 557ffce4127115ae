import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { Unauthorized, Unavailable } from '../errors.ts';
import type { AdminCredentials } from './admin-credentials.ts';
import { type IssuedToken, issueAdminToken } from './admin-tokens.ts';
import { beginAttempt, clientKey, forgetAttempt, recordOutcome } from './login-throttle.ts';
import { verifyPassword } from './password-hash.ts';

/**
 * POST /api/admin/login: throttle per client and for the account, check the password against the
 * scrypt hash in constant time, and answer a signed 12-hour token. Every attempt is recorded,
 * except one the shop had no turn to hash (503, docs/decisions/0041-password-checks.md): that is
 * nobody's failure.
 */
export async function adminLogin(
  db: Kysely<Database>,
  credentials: AdminCredentials,
  input: { password: string; ip: string | undefined },
): Promise<IssuedToken> {
  const attempt = await beginAttempt(db, clientKey(input.ip, credentials.tokenSecret));
  let ok: boolean;
  try {
    ok = await verifyPassword(input.password, credentials.passwordHash);
  } catch (error) {
    if (error instanceof Unavailable) await forgetAttempt(db, attempt);
    throw error;
  }
  await recordOutcome(db, attempt, ok);
  if (!ok) throw new Unauthorized('invalid_credentials', 'Invalid credentials');
  return issueAdminToken(credentials.tokenSecret);
}
