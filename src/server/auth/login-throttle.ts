import { Throttled } from '../errors.ts';
import { createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { throttleAddress } from '../throttle/client-address.ts';

/** Failed sign-ins a client may make per window before it must wait. */
export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;
/**
 * Failed sign-ins of one account (the shop password, or one e-mail), from any addresses, per sliding window: 30 addresses
 * cannot try 150 passwords every 15 minutes (docs/decisions/0041-password-checks.md).
 */
export const ACCOUNT_MAX_FAILURES = 10;
export const ACCOUNT_WINDOW_MINUTES = 5;

/**
 * The key attempts are counted under: a keyed hash of the client's IP, so the table never holds
 * addresses (and a leaked table cannot be reversed by hashing the IPv4 space). IPv6 clients
 * count by their /64 (throttleAddress).
 */
export function clientKey(ip: string | undefined, secret: Buffer): string {
  return createHmac('sha256', secret)
    .update(`admin-login:${throttleAddress(ip)}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The key an account's attempts are counted under: 'owner' for the shop password alone, else a
 * keyed hash of the e-mail (known or not, so an unknown address is throttled the same way).
 */
export function accountKey(email: string | undefined, secret: Buffer): string {
  if (!email) return 'owner';
  return createHmac('sha256', secret)
    .update(`admin-login:account:${email.toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

type Counted = { client: string } | { account: string };

/** Seconds until the oldest of the last `max` failures leaves the window, or null while fewer. */
async function failuresSpent(trx: Kysely<Database>, key: Counted, max: number, minutes: number) {
  const window = sql`now() - make_interval(mins => ${minutes})`;
  const mine = 'client' in key ? sql`client_key = ${key.client}` : sql`account_key = ${key.account}`;
  const { rows } = await sql<{ retry_after: number }>`
    select ceil(extract(epoch from f.attempted_at + make_interval(mins => ${minutes}) - now()))::int
             as retry_after
    from login_attempts f
    where ${mine}
      and not f.succeeded
      and f.attempted_at > ${window}
      and f.attempted_at > coalesce(
        (select max(s.attempted_at) from login_attempts s where ${mine} and s.succeeded and s.attempted_at > ${window}),
        '-infinity'::timestamptz)
    order by f.attempted_at desc, f.id desc
    limit ${max}
  `.execute(trx);
  // The oldest of the last `max` failures leaves the window first; then the client may try again.
  return rows.length >= max ? Math.max(1, rows[max - 1]!.retry_after) : null;
}

/**
 * Records an attempt before the password is checked, after counting failures in two sliding
 * windows (each since the last success): the client's (MAX_FAILURES in WINDOW_MINUTES) and the
 * account's from any client (ACCOUNT_MAX_FAILURES in ACCOUNT_WINDOW_MINUTES). Attempts take
 * turns on one advisory lock, so parallel guesses cannot all slip past a limit; attempts in
 * flight count as failures until they succeed. A refused attempt is rolled back, not kept, so
 * Retry-After stays true: wait that long and you may try again. Nothing is hashed for it.
 * Answers the id of the attempt row, to be marked with `recordOutcome`.
 */
export async function beginAttempt(db: Kysely<Database>, key: string, account = 'owner'): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('admin-login:account', 0))`.execute(trx);
    const client = await failuresSpent(trx, { client: key }, MAX_FAILURES, WINDOW_MINUTES);
    if (client !== null) {
      throw new Throttled('too_many_attempts', 'Too many failed sign-ins. Wait a few minutes and try again.', client);
    }
    const spent = await failuresSpent(trx, { account }, ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MINUTES);
    if (spent !== null) {
      throw new Throttled(
        'too_many_attempts',
        'Too many failed sign-ins to the admin from several places. Wait a few minutes and try again.',
        spent,
      );
    }
    const mine = await trx
      .insertInto('login_attempts')
      .values({ client_key: key, account_key: account, succeeded: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    return mine.id;
  });
}

/** Removes an attempt that was never checked (no turn to hash it): it is nobody's failure. */
export async function forgetAttempt(db: Kysely<Database>, attemptId: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', attemptId).execute();
}

export async function recordOutcome(db: Kysely<Database>, attemptId: string, succeeded: boolean): Promise<void> {
  if (succeeded) await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', attemptId).execute();
  // Housekeeping: rows past any window are only history.
  await db.deleteFrom('login_attempts').where('attempted_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
