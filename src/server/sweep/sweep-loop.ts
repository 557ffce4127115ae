import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { describeSweep, runSweep } from './run-sweep.ts';

/**
 * The sweep of a long-running process (`npm start`), doing what the scheduled function sweep
 * does on Netlify: every `everyMs`, run every job. Runs never overlap, and the timer does not
 * keep the process alive.
 */
export function startSweeper(db: Kysely<Database>, options: { everyMs?: number } = {}) {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= runSweep(db)
      .then((report) => {
        const line = describeSweep(report);
        if (line) console.log(line);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.everyMs ?? 60_000);
  timer.unref();
  tick();
  return {
    /** Stops the timer and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
