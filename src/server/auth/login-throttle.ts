import { Throttled } from '../errors.ts';
import { createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { throttleAddress } from '../throttle/client-address.ts';

/** Failed sign-ins a client may make per window before it must wait. */
export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

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
 * Records an attempt before the password is checked, after counting the client's failures in
 * the sliding window (since its last success). Attempts of one client take turns on an advisory
 * lock, so parallel guesses cannot all slip past the fifth failure. A refused attempt is rolled
 * back, not kept, so Retry-After stays true: wait that long and you may try again.
 * Answers the id of the attempt row, to be marked with `recordOutcome`.
 */
export async function beginAttempt(db: Kysely<Database>, key: string): Promise<string> {
  const window = sql`now() - make_interval(mins => ${WINDOW_MINUTES})`;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`admin-login:${key}`}, 0))`.execute(trx);
    const { rows } = await sql<{ retry_after: number }>`
      select ceil(extract(epoch from f.attempted_at + make_interval(mins => ${WINDOW_MINUTES}) - now()))::int
               as retry_after
      from login_attempts f
      where f.client_key = ${key}
        and not f.succeeded
        and f.attempted_at > ${window}
        and f.attempted_at > coalesce(
          (select max(s.attempted_at) from login_attempts s
            where s.client_key = ${key} and s.succeeded and s.attempted_at > ${window}),
          '-infinity'::timestamptz)
      order by f.attempted_at desc, f.id desc
      limit ${MAX_FAILURES}
    `.execute(trx);
    if (rows.length >= MAX_FAILURES) {
      // The oldest of the last five failures leaves the window first; then the client may try again.
      const retryAfter = Math.max(1, rows[MAX_FAILURES - 1]!.retry_after);
      throw new Throttled(
        'too_many_attempts',
        'Too many failed sign-ins. Wait a few minutes and try again.',
        retryAfter,
      );
    }
    const mine = await trx
      .insertInto('login_attempts')
      .values({ client_key: key, succeeded: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    return mine.id;
  });
}

export async function recordOutcome(db: Kysely<Database>, attemptId: string, succeeded: boolean): Promise<void> {
  if (succeeded) await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', attemptId).execute();
  // Housekeeping: rows past any window are only history.
  await db.deleteFrom('login_attempts').where('attempted_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
