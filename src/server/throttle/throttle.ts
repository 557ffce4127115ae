import { Throttled } from '../errors.ts';
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { throttleAddress } from './client-address.ts';

export interface ThrottleRule {
  /** Requests allowed per client in one window. */
  limit: number;
  windowSeconds: number;
}

export interface ThrottleResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends (when a refused client may try again). */
  retryAfterSeconds: number;
}

/**
 * The stored key of a client on a route: a hash, so the table never holds an IP address. The
 * client is its IPv4 address or its IPv6 /64 (throttleAddress).
 */
export function clientKey(ip: string | undefined, route: string): string {
  return createHash('sha256')
    .update(`print-shop-throttle\0${route}\0${throttleAddress(ip)}`)
    .digest('base64url');
}

/**
 * The stored key of something counted for every client at once (a store's wrong passwords from
 * any address): a hash of the route and the subject, apart from every client's key.
 */
export function subjectKey(subject: string, route: string): string {
  return createHash('sha256').update(`print-shop-throttle-subject\0${route}\0${subject}`).digest('base64url');
}

/**
 * The current window of `key` without counting anything: whether one more is within the limit.
 * For budgets counted after the fact (wrong passwords), read before the costly work.
 */
export async function peekRequests(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<ThrottleResult> {
  const windowStart = sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${rule.windowSeconds}) * ${rule.windowSeconds})`;
  const row = await db
    .selectFrom('request_throttle')
    .select([
      'hits',
      sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int`.as(
        'retry_after',
      ),
    ])
    .where('client_key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  const hits = row?.hits ?? 0;
  return { allowed: hits < rule.limit, hits, retryAfterSeconds: Math.max(1, row?.retry_after ?? 1) };
}

/**
 * Counts one request of `key` in the current fixed window and says whether it is within the
 * limit. The count is one atomic upsert, so concurrent requests on any number of instances
 * are all counted; it is the request's only statement (ended windows are deleted by the sweep,
 * not on a customer's time: one statement and one commit fewer on every first request).
 */
export async function countRequest(db: Kysely<Database>, key: string, rule: ThrottleRule): Promise<ThrottleResult> {
  const windowStart = sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${rule.windowSeconds}) * ${rule.windowSeconds})`;
  const row = await db
    .insertInto('request_throttle')
    .values({ client_key: key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['client_key', 'window_start']).doUpdateSet({ hits: sql`request_throttle.hits + 1` }),
    )
    .returning([
      'hits',
      sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int`.as(
        'retry_after',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/** Counts the request and throws 429 (with Retry-After) past the limit. */
export async function enforceThrottle(
  db: Kysely<Database>,
  key: string,
  rule: ThrottleRule,
  message = 'Too many requests. Please try again later.',
): Promise<void> {
  const result = await countRequest(db, key, rule);
  if (!result.allowed) {
    throw new Throttled('throttled', message, result.retryAfterSeconds);
  }
}

/** Windows of every rule are at most this long; older rows are deleted by the sweep. */
export const MAX_THROTTLE_WINDOW_SECONDS = 60 * 60;

/** The sweep's job: deletes throttle windows that ended (every rule's window is an hour or less). */
export const forgetEndedThrottleWindows: SweepJob = {
  name: 'forget-ended-throttle-windows',
  async run(db) {
    const gone = await db
      .deleteFrom('request_throttle')
      .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${MAX_THROTTLE_WINDOW_SECONDS})`)
      .executeTakeFirst();
    const n = Number(gone.numDeletedRows);
    return n > 0 ? `forgot ${n} ended throttle window(s)` : null;
  },
};
