import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types.ts';

/**
 * Netlify's deploy notifications (Deploy started / succeeded / failed) mapped onto the one
 * publish_status row, so that with NETLIFY_BUILD_HOOK_URL the admin still sees "Publishing…",
 * then "Live since …" or the build's error. The payload is Netlify's deploy object; only the
 * fields read here are kept.
 */
const time = z
  .string()
  .max(64)
  .nullish()
  .transform((v) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null));

export const deployEventSchema = z.object({
  id: z.string().max(100).nullish(),
  state: z.string().max(64),
  context: z.string().max(64).nullish(),
  error_message: z.string().nullish(),
  created_at: time,
  updated_at: time,
  published_at: time,
});
export type DeployEvent = z.infer<typeof deployEventSchema>;

type Target = 'running' | 'succeeded' | 'failed';

// Every state a production deploy passes through before it is live or has failed.
const IN_PROGRESS = new Set([
  'new',
  'accepted',
  'enqueued',
  'building',
  'uploading',
  'uploaded',
  'preparing',
  'prepared',
  'processing',
  'processed',
  'retrying',
]);

/** What the event says about the storefront, or null when it says nothing (another context or state). */
export function deployTarget(event: DeployEvent): Target | null {
  if (event.context !== 'production') return null;
  if (event.state === 'ready') return 'succeeded';
  if (event.state === 'error') return 'failed';
  return IN_PROGRESS.has(event.state) ? 'running' : null;
}

export type DeployOutcome = 'applied' | 'stale';

/**
 * Records a production deploy's step. Deliveries can arrive out of order or late, so an event
 * applies only when it is not older than what the row already says (its updated_at, which an
 * applied event sets to its own time) and its deploy was created after the latest save was
 * requested: a deploy begun before that save cannot contain it, and the save's own build is
 * still to report. Either way a ready deploy's published_at is kept as live_since.
 */
export async function applyDeployEvent(
  db: Kysely<Database>,
  event: DeployEvent,
  target: Target,
): Promise<DeployOutcome> {
  const at = sql<Date>`least(coalesce(${event.updated_at}::timestamptz, now()), now())`;
  const publishedAt = sql<Date>`coalesce(${event.published_at}::timestamptz, ${at})`;
  // A production deploy nobody saved for (a git push) is still news when no save came first.
  await db
    .insertInto('publish_status')
    .values({
      id: true,
      state: target,
      requested_at: sql`coalesce(${event.created_at}::timestamptz, ${at})`,
      updated_at: sql`'-infinity'::timestamptz`,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const applied = await db
    .updateTable('publish_status')
    .set({
      state: target,
      finished_at: target === 'running' ? null : at,
      error: target === 'failed' ? (event.error_message?.trim() || 'The Netlify build failed.').slice(0, 1000) : null,
      ...(target === 'succeeded' ? { live_since: publishedAt } : {}),
      updated_at: at,
    })
    .where('updated_at', '<=', at)
    .where(sql<boolean>`not coalesce(requested_at > ${event.created_at}::timestamptz, false)`)
    .returning('id')
    .executeTakeFirst();
  if (applied) return 'applied';
  if (target === 'succeeded') {
    await db
      .updateTable('publish_status')
      .set({ live_since: publishedAt })
      .where(sql<boolean>`live_since is null or live_since < ${publishedAt}`)
      .execute();
  }
  return 'stale';
}
