import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * A job of the shop's one sweep (DESIGN.md "Timers", src/server/sweep/run-sweep.ts). The folder
 * that owns the work defines its job; the sweep only lists them, so domain folders depend on
 * this contract and never on the sweep itself.
 */
export interface SweepJob {
  name: string;
  /** Does what is due; answers a short note of what it did, or null when nothing was due. */
  run(db: Kysely<Database>): Promise<string | null>;
}
