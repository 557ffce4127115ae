import { type Kysely, sql } from 'kysely';
import type { PublishStatus } from '../../lib/admin-schemas/publish.ts';
import type { Database } from '../db/types.ts';

/** A step of a rebuild as `rebuild.ts` reports it. */
export type PublishStep =
  | { step: 'queued' }
  | { step: 'running' }
  | { step: 'succeeded' }
  | { step: 'requested' }
  | { step: 'unavailable' }
  | { step: 'failed'; error: string };

/**
 * Records a step in the one publish_status row. A run that ends while a newer save is already
 * queued (requested after the run started) leaves the row 'queued', so the admin keeps saying
 * "Publishing…" until the run that includes that save ends.
 */
export async function recordPublish(db: Kysely<Database>, change: PublishStep): Promise<void> {
  if (change.step === 'queued') {
    await db
      .insertInto('publish_status')
      .values({ id: true, state: 'queued', requested_at: sql`now()` })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          state: 'queued',
          requested_at: sql`now()`,
          error: null,
          updated_at: sql`now()`,
        }),
      )
      .execute();
    return;
  }
  if (change.step === 'running') {
    await db
      .updateTable('publish_status')
      .set({ state: 'running', started_at: sql`now()`, finished_at: null, error: null, updated_at: sql`now()` })
      .execute();
    return;
  }
  const newerSave = sql<boolean>`started_at is not null and requested_at > started_at`;
  await db
    .updateTable('publish_status')
    .set({
      state: sql`case when ${newerSave} then 'queued' else ${change.step} end`,
      finished_at: sql`now()`,
      error: change.step === 'failed' ? change.error.slice(0, 1000) : null,
      ...(change.step === 'succeeded' ? { live_since: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .execute();
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export async function readPublishStatus(db: Kysely<Database>): Promise<PublishStatus | null> {
  const row = await db
    .selectFrom('publish_status')
    .select(['state', 'requested_at', 'started_at', 'finished_at', 'live_since', 'error'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    requested_at: row.requested_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    live_since: iso(row.live_since),
  };
}
