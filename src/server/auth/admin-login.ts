import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { Unauthorized } from '../errors.ts';
import type { AdminCredentials } from './admin-credentials.ts';
import { type IssuedToken, issueAdminToken } from './admin-tokens.ts';
import { beginAttempt, clientKey, recordOutcome } from './login-throttle.ts';
import { verifyPassword } from './password-hash.ts';

/**
 * POST /api/admin/login: throttle per client, check the password against the scrypt hash in
 * constant time, and answer a signed 12-hour token. Every attempt is recorded.
 */
export async function adminLogin(
  db: Kysely<Database>,
  credentials: AdminCredentials,
  input: { password: string; ip: string | undefined },
): Promise<IssuedToken> {
  const attempt = await beginAttempt(db, clientKey(input.ip, credentials.tokenSecret));
  const ok = await verifyPassword(input.password, credentials.passwordHash);
  await recordOutcome(db, attempt, ok);
  if (!ok) throw new Unauthorized('invalid_credentials', 'Invalid credentials');
  return issueAdminToken(credentials.tokenSecret);
}
