import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { Unauthorized, Unavailable } from '../errors.ts';
import { findSignInAccount } from './accounts.ts';
import { deviceWords, openSession } from './sessions.ts';
import type { AdminCredentials } from '../auth/admin-credentials.ts';
import { ADMIN_TOKEN_TTL_SECONDS, type IssuedToken, issueStaffToken } from './admin-tokens.ts';
import { accountKey, beginAttempt, clientKey, forgetAttempt, recordOutcome } from '../auth/login-throttle.ts';
import { parsePasswordHash, type ScryptHash, verifyPassword } from '../auth/password-hash.ts';

/**
 * What a wrong e-mail is checked against: a hash of a password nobody knows, with the cost of a
 * person's own (SCRYPT_DEFAULTS), so an unknown address takes the time a known one does.
 */
const NOBODY: ScryptHash = parsePasswordHash(
  'scrypt$32768$8$1$hjqYCINt68BwUyGxYdnLIA==$f8FWSU+OZOz1D9QlnWXD0gUGshG2JPHG7AQrAj3bk9w=',
);

/**
 * POST /api/admin/login: throttle per client and per account, check the password in constant
 * time, open a session row and answer a signed 12-hour token naming it. The shop password alone
 * signs in its Owner account; an e-mail and password sign in that person. A wrong e-mail, a wrong
 * password and a suspended person all get the same answer after one hash. Every attempt is
 * recorded, except one the shop had no turn to hash (503, docs/decisions/0041-password-checks.md).
 */
export async function adminLogin(
  db: Kysely<Database>,
  credentials: AdminCredentials,
  input: { email?: string | undefined; password: string; ip: string | undefined; userAgent?: string | null },
): Promise<IssuedToken> {
  const email = input.email?.trim() || undefined;
  const attempt = await beginAttempt(
    db,
    clientKey(input.ip, credentials.tokenSecret),
    accountKey(email, credentials.tokenSecret),
  );
  const account = await findSignInAccount(db, email);
  const hash = !account
    ? NOBODY
    : account.password_hash
      ? parsePasswordHash(account.password_hash)
      : credentials.passwordHash;
  let ok: boolean;
  try {
    ok = await verifyPassword(input.password, hash);
  } catch (error) {
    if (error instanceof Unavailable) await forgetAttempt(db, attempt);
    throw error;
  }
  ok = ok && account !== null && account.status === 'active';
  await recordOutcome(db, attempt, ok);
  if (!ok || !account) throw new Unauthorized('invalid_credentials', 'Invalid credentials');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((nowSeconds + ADMIN_TOKEN_TTL_SECONDS) * 1000);
  const sessionId = await openSession(db, account.id, deviceWords(input.userAgent), expiresAt);
  return issueStaffToken(credentials.tokenSecret, { staffId: account.id, sessionId }, nowSeconds);
}
