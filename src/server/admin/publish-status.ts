import { type Kysely, sql } from 'kysely';
import { atomically } from '../db/transaction.ts';
import type { PublishStatus } from '../../lib/admin-schemas/publish.ts';
import type { Database } from '../db/types.ts';

/** A step of a rebuild as `rebuild.ts` reports it. */
export type PublishStep =
  /** A save asked for a publish; `change` is its kind ('product', 'shop_settings'). */
  | { step: 'queued'; change?: string }
  /** A run started with these saves' changes (each entry moves from waiting to building). */
  | { step: 'running'; changes?: readonly string[] }
  | { step: 'succeeded' }
  | { step: 'requested' }
  | { step: 'unavailable' }
  | { step: 'failed'; error: string };

/** The most changes kept waiting: enough to say what waits, never a row that grows without end. */
const WAITING_MAX = 200;

/**
 * Records a step in the one publish_status row. A run that ends while a newer save is already
 * queued (requested after the run started) leaves the row 'queued', so the admin keeps saying
 * "Publishing…" until the run that includes that save ends. Each save's kind of change waits
 * until a run takes it (building), so the admin can say what this publish holds and what the
 * next will; a run that goes live updates how long a publish usually takes.
 */
export async function recordPublish(db: Kysely<Database>, change: PublishStep): Promise<void> {
  if (change.step === 'queued') {
    const added = change.change ? [change.change] : [];
    await db
      .insertInto('publish_status')
      .values({ id: true, state: 'queued', requested_at: sql`now()`, waiting: added })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          // A save during a run waits for the next one; the run under way still says "running".
          state: sql`case when publish_status.state = 'running' then 'running' else 'queued' end`,
          requested_at: sql`now()`,
          error: null,
          waiting: sql`case when cardinality(publish_status.waiting) < ${WAITING_MAX}
            then publish_status.waiting || ${added}::text[] else publish_status.waiting end`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
    return;
  }
  if (change.step === 'running') {
    await atomically(db, async (trx) => {
      const row = await trx.selectFrom('publish_status').select('waiting').forUpdate().executeTakeFirst();
      const waiting = [...(row?.waiting ?? [])];
      for (const taken of change.changes ?? []) {
        const at = waiting.indexOf(taken);
        if (at >= 0) waiting.splice(at, 1);
      }
      await trx
        .updateTable('publish_status')
        .set({
          state: 'running',
          started_at: sql`now()`,
          finished_at: null,
          error: null,
          building: [...(change.changes ?? [])],
          waiting,
          updated_at: sql`now()`,
        })
        .execute();
    });
    return;
  }
  const tookMs = sql<number>`round(extract(epoch from (now() - started_at)) * 1000)::integer`;
  const newerSave = sql<boolean>`started_at is not null and requested_at > started_at`;
  await db
    .updateTable('publish_status')
    .set({
      state: sql`case when ${newerSave} then 'queued' else ${change.step} end`,
      finished_at: sql`now()`,
      error: change.step === 'failed' ? change.error.slice(0, 1000) : null,
      building: [],
      ...(change.step === 'succeeded'
        ? {
            live_since: sql`now()`,
            usual_ms: sql`case when started_at is null then usual_ms
              else round((coalesce(usual_ms, ${tookMs}) + ${tookMs}) / 2.0)::integer end`,
          }
        : {}),
      updated_at: sql`now()`,
    })
    .execute();
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export async function readPublishStatus(db: Kysely<Database>): Promise<PublishStatus | null> {
  const row = await db
    .selectFrom('publish_status')
    .select(['state', 'requested_at', 'started_at', 'finished_at', 'live_since', 'error', 'building', 'waiting'])
    .select('usual_ms')
    .executeTakeFirst();
  if (!row) return null;
  const { usual_ms, ...rest } = row;
  return {
    ...rest,
    usual_seconds: usual_ms === null ? null : Math.round(usual_ms / 1000),
    requested_at: row.requested_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    live_since: iso(row.live_since),
  };
}
