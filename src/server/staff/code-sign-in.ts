import { type Kysely, sql } from 'kysely';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { type CodeDelivery, checkCode, requestCode } from '../auth/one-time-codes.ts';
import type { AdminCredentials } from '../auth/admin-credentials.ts';
import type { Database } from '../db/types.ts';
import { Unauthorized } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ADMIN_TOKEN_TTL_SECONDS, type IssuedToken, issueStaffToken } from './admin-tokens.ts';
import { deviceWords, openSession } from './sessions.ts';

/** What every ask answers, whoever the address belongs to. */
export const CODE_ASKED =
  'If that address belongs to someone of the shop, a code is on its way. It works once, for 10 minutes.';

/** The active person an address signs in, or null (unknown, invited, suspended or removed). */
async function activeStaff(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

/** A staff member's sign-in code, through the outbox and its owner-editable template. */
const staffCodeDelivery: CodeDelivery = {
  knows: async (db, email) => (await activeStaff(db, email)) !== null,
  async send(trx, { email, code, expiresAt }) {
    await enqueueMail(trx, {
      template: 'staff-sign-in-code',
      to: email,
      values: { code, expiresAt: shopDateTimeWords(expiresAt) },
    });
  },
};

/**
 * "E-mail me a code" on the admin's sign-in (issue 45): a code to an active person's address, the
 * same answer and nothing stored for any other. The throttles are the codes' own (per client, per
 * address: 429).
 */
export async function askStaffCode(db: Kysely<Database>, email: string, ip: string | undefined): Promise<void> {
  await requestCode(db, 'staff', email, ip, staffCodeDelivery);
}

/**
 * Signs in with the code: used up when right, a try counted when wrong (5 allowed). A wrong code,
 * an expired or used one and a person suspended since the code was sent all get the same 401.
 * A right one opens a session row, as a password does.
 */
export async function staffCodeSignIn(
  db: Kysely<Database>,
  credentials: AdminCredentials,
  input: { email: string; code: string; ip: string | undefined; userAgent?: string | null },
): Promise<IssuedToken> {
  const email = input.email.trim().toLowerCase();
  const right = await checkCode(db, 'staff', email, input.code, input.ip);
  const account = right ? await activeStaff(db, email) : null;
  if (!account) throw new Unauthorized('invalid_code', 'That code is not right, or it has expired. Ask for a new one.');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((nowSeconds + ADMIN_TOKEN_TTL_SECONDS) * 1000);
  const sessionId = await openSession(db, account.id, deviceWords(input.userAgent), expiresAt);
  return issueStaffToken(credentials.tokenSecret, { staffId: account.id, sessionId }, nowSeconds);
}
