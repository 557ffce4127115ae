import { sql } from 'kysely';
import { requestRebuild } from '../admin/rebuild.ts';
import { shopToday } from '../catalog/collection-window.ts';
import { jsonb } from '../db/json.ts';
import type { SweepJob } from '../timers/sweep-job.ts';

const JOB = 'collection-dates';

/**
 * Pre-rendered pages cannot change by themselves when a collection's dates open or close its
 * window, so this job asks for a rebuild when one did. It remembers the last shop-local day it
 * looked at; on a later day it rebuilds if an active collection's window opened (start_date)
 * or closed (the day after end_date) in between, so a transition fires once however often the
 * sweep runs. The day moves on with a compare-and-set: of two runs at once, one acts. The first
 * run only records the day (the deploy's build already shows today's windows).
 */
export const rebuildOnCollectionDates: SweepJob = {
  name: JOB,
  async run(db) {
    const { today } = await db.selectNoFrom(sql<string>`${shopToday()}::text`.as('today')).executeTakeFirstOrThrow();
    const row = await db.selectFrom('sweep_state').select('state').where('job', '=', JOB).executeTakeFirst();
    const lastDay = typeof row?.state['day'] === 'string' ? row.state['day'] : null;
    if (lastDay === null) {
      await db
        .insertInto('sweep_state')
        .values({ job: JOB, state: jsonb({ day: today }) })
        .onConflict((oc) => oc.column('job').doNothing())
        .execute();
      return null;
    }
    if (lastDay >= today) return null;

    const moved = await db
      .updateTable('sweep_state')
      .set({ state: jsonb({ day: today }), updated_at: sql`now()` })
      .where('job', '=', JOB)
      .where(sql`state->>'day'`, '=', lastDay)
      .returning('job')
      .executeTakeFirst();
    if (!moved) return null;

    const changed = await db
      .selectFrom('collections')
      .select('slug')
      .where('is_active', '=', true)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('start_date', '>', sql<Date>`${lastDay}::date`),
            eb('start_date', '<=', sql<Date>`${today}::date`),
          ]),
          eb.and([eb('end_date', '>=', sql<Date>`${lastDay}::date`), eb('end_date', '<', sql<Date>`${today}::date`)]),
        ]),
      )
      .orderBy('slug')
      .execute();
    if (changed.length === 0) return null;
    await requestRebuild({ entity: 'collection dates', action: 'update' });
    return `rebuild requested: ${changed.map((c) => c.slug).join(', ')} opened or closed since ${lastDay}`;
  },
};
