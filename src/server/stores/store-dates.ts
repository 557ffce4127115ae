import { sql } from 'kysely';
import { jsonb } from '../db/json.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { requestStoreRebuild } from './store-rebuild.ts';

const JOB = 'store-dates';

/**
 * A store's page is pre-rendered (docs/decisions/0030-team-stores.md): it cannot turn from "opens …" to open, or from
 * open to closed, by itself. This job asks for a rebuild when an approved store's opening time
 * passed, or a store was closed (by the close job, which runs before it), since its last run. It
 * remembers the instant it last looked; the instant moves on with a compare-and-set, so of two
 * runs at once one acts and a transition fires once. The first run only records the instant
 * (the deploy's build already shows the stores as they are).
 */
export const rebuildOnStoreDates: SweepJob = {
  name: JOB,
  async run(db) {
    const now = new Date().toISOString();
    const row = await db.selectFrom('sweep_state').select('state').where('job', '=', JOB).executeTakeFirst();
    const last = typeof row?.state['at'] === 'string' ? row.state['at'] : null;
    if (last === null) {
      await db
        .insertInto('sweep_state')
        .values({ job: JOB, state: jsonb({ at: now }) })
        .onConflict((oc) => oc.column('job').doNothing())
        .execute();
      return null;
    }
    const moved = await db
      .updateTable('sweep_state')
      .set({ state: jsonb({ at: now }), updated_at: sql`now()` })
      .where('job', '=', JOB)
      .where(sql`state->>'at'`, '=', last)
      .returning('job')
      .executeTakeFirst();
    if (!moved) return null;

    const since = sql<Date>`${last}::timestamptz`;
    const until = sql<Date>`${now}::timestamptz`;
    const changed = await db
      .selectFrom('stores')
      .select(['id', 'slug'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'approved'), eb('opens_at', '>', since), eb('opens_at', '<=', until)]),
          eb.and([eb('status', '=', 'closed'), eb('closed_at', '>', since), eb('closed_at', '<=', until)]),
        ]),
      )
      .orderBy('slug')
      .execute();
    if (changed.length === 0) return null;
    await requestStoreRebuild(changed[0]!.id);
    return `rebuild requested: ${changed.map((s) => s.slug).join(', ')} opened or closed since ${last}`;
  },
};
