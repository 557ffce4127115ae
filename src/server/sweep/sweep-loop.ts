import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { repeatEvery } from '../timers/repeat.ts';
import { describeSweep, runSweep } from './run-sweep.ts';

/**
 * The sweep of a long-running process (`npm start`), doing what the scheduled function sweep
 * does on Netlify: every `everyMs`, run every job.
 */
export function startSweeper(db: Kysely<Database>, options: { everyMs?: number } = {}) {
  return repeatEvery('sweep', options.everyMs ?? 60_000, async () => {
    const line = describeSweep(await runSweep(db));
    if (line) console.log(line);
  });
}
