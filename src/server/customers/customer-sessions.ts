import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { customerKnown } from './customer-codes.ts';

/**
 * A customer signed in to My orders on one device (issue 48): a random token in an httpOnly
 * cookie, its SHA-256 in a customer_sessions row, 30 days. Signing out revokes the row, so the
 * cookie opens nothing from the next request; an address the shop no longer knows opens nothing.
 */
export const CUSTOMER_COOKIE = 'shop_customer';
export const CUSTOMER_SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Opens a session for `email` (already proven by a code or a signed link); answers the cookie's token. */
export async function openCustomerSession(
  db: Kysely<Database>,
  email: string,
  device: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('customer_sessions')
    .values({
      email: email.trim().toLowerCase(),
      token_hash: digest(token),
      device: device.slice(0, 80),
      expires_at: new Date(now.getTime() + CUSTOMER_SESSION_DAYS * DAY_MS),
    })
    .execute();
  return token;
}

/** The session token a request's Cookie header carries, or null. */
export function customerTokenOf(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === CUSTOMER_COOKIE && TOKEN.test(value)) return value;
  }
  return null;
}

/** The address a live session's token signs in, or null (unknown, expired, signed out, address gone). */
export async function customerOfSession(db: Kysely<Database>, token: string | null): Promise<string | null> {
  if (!token) return null;
  const row = await db
    .selectFrom('customer_sessions')
    .select(['email'])
    .where('token_hash', '=', digest(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || !(await customerKnown(db, row.email))) return null;
  return row.email;
}

/** Signs this device out: its token opens nothing from now on. */
export async function endCustomerSession(db: Kysely<Database>, token: string | null): Promise<void> {
  if (!token) return;
  await db
    .updateTable('customer_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', digest(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** The Set-Cookie of a session: never read by scripts, sent on the shop's own pages and top-level links. */
export function customerCookie(token: string, secure: boolean): string {
  return [
    `${CUSTOMER_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${CUSTOMER_SESSION_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie that forgets the session on this device. */
export function clearedCustomerCookie(secure: boolean): string {
  return [`${CUSTOMER_COOKIE}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}

/**
 * The sweep's job (DESIGN.md "Timers"): forgets one-time codes a day past their expiry and
 * customer sessions a day past their end or sign-out: they open nothing and are only history.
 */
export const forgetEndedCustomerSignIns: SweepJob = {
  name: 'forget-ended-customer-sign-ins',
  async run(db) {
    const dayAgo = sql<Date>`now() - interval '1 day'`;
    const codes = await db.deleteFrom('one_time_codes').where('expires_at', '<', dayAgo).executeTakeFirst();
    const sessions = await db
      .deleteFrom('customer_sessions')
      .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
      .executeTakeFirst();
    const n = Number(codes.numDeletedRows) + Number(sessions.numDeletedRows);
    return n > 0 ? `forgot ${n} ended customer code(s) and session(s)` : null;
  },
};
