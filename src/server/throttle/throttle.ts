import { Throttled } from '../errors.ts';
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

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

/** The stored key of a client on a route: a hash, so the table never holds an IP address. */
export function clientKey(ip: string | undefined, route: string): string {
  return createHash('sha256')
    .update(`print-shop-throttle\0${route}\0${ip || 'unknown'}`)
    .digest('base64url');
}

/**
 * Counts one request of `key` in the current fixed window and says whether it is within the
 * limit. The count is one atomic upsert, so concurrent requests on any number of instances
 * are all counted. The first request of a window also deletes windows that have ended (an
 * indexed range delete, cheap and rare).
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
  if (row.hits === 1) {
    await db
      .deleteFrom('request_throttle')
      .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${rule.windowSeconds})`)
      .execute();
  }
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
