import type { Kysely } from 'kysely';
import { deleteUnclaimedArtwork } from '../artwork/sweep-artwork.ts';
import { expireUncheckedUploads } from '../artwork/sweep-unchecked.ts';
import { sweepExpiredOrders } from '../checkout/sweep-expired.ts';
import { forgetEndedCustomerSignIns } from '../customers/customer-sessions.ts';
import { remindMissingArtwork } from '../orders/artwork-reminder.ts';
import { remindUnpaidRequests } from '../orders/payments/request-reminders.ts';
import { remindOverdueInvoicesJob } from '../orders/receivables/overdue-reminders.ts';
import { settleInterruptedRefunds } from '../orders/pending-refunds.ts';
import { quoteValidity } from '../quotes/expiry.ts';
import { closeDueStoresJob } from '../stores/store-close.ts';
import { closeLeftOpenCheckoutsJob } from '../stores/store-close-checkouts.ts';
import { rebuildOnStoreDates } from '../stores/store-dates.ts';
import { forgetEndedThrottleWindows } from '../throttle/throttle.ts';
import { supplierSyncJob } from '../suppliers/sync-job.ts';
import type { Database } from '../db/types.ts';
import { inBatches } from '../timers/batches.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { rebuildOnCollectionDates } from './collection-dates.ts';

/**
 * The shop's timers as one service (DESIGN.md "Timers"): a Netlify Scheduled Function runs it
 * in production (netlify/functions/sweep.mts), an interval in `npm start` (sweep-loop.ts). Each
 * job is idempotent and safe to run from two places at once; a new timer is one more job.
 */

/** Batches of expired holds released per run, at most (a run must end well within 30 s). */
const RELEASE_BATCHES = 20;
const RELEASE_BATCH_SIZE = 50;

/**
 * Releases pending orders whose checkout lapsed, even when no checkout comes along to do it
 * (checkout still sweeps a few first, as before).
 */
export const releaseExpiredHolds: SweepJob = {
  name: 'release-expired-holds',
  async run(db) {
    const released = await inBatches(RELEASE_BATCHES, RELEASE_BATCH_SIZE, () =>
      sweepExpiredOrders(db, RELEASE_BATCH_SIZE),
    );
    return released > 0 ? `released ${released} expired checkout(s)` : null;
  },
};

export const SWEEP_JOBS: readonly SweepJob[] = [
  releaseExpiredHolds,
  rebuildOnCollectionDates,
  expireUncheckedUploads,
  deleteUnclaimedArtwork,
  remindMissingArtwork,
  remindUnpaidRequests,
  remindOverdueInvoicesJob,
  quoteValidity,
  forgetEndedThrottleWindows,
  closeDueStoresJob,
  // A close killed before it closed its buyers' checkouts: they are closed on the next run.
  closeLeftOpenCheckoutsJob,
  // After the close: a store it closed is rebuilt in the same run.
  rebuildOnStoreDates,
  settleInterruptedRefunds,
  forgetEndedCustomerSignIns,
  // Nightly and on demand (issue 47); last, as it may take the longest.
  supplierSyncJob(),
];

export interface SweepReport {
  /** Job name -> what it did (only jobs that did something). */
  done: Record<string, string>;
  /** Job name -> error message; a failing job does not stop the others. */
  failed: Record<string, string>;
}

export async function runSweep(db: Kysely<Database>, jobs: readonly SweepJob[] = SWEEP_JOBS): Promise<SweepReport> {
  const report: SweepReport = { done: {}, failed: {} };
  for (const job of jobs) {
    try {
      const note = await job.run(db);
      if (note) report.done[job.name] = note;
    } catch (error) {
      console.error(`[sweep] ${job.name} failed:`, error);
      report.failed[job.name] = error instanceof Error ? error.message : String(error);
    }
  }
  return report;
}

/** One log line for a run that did or failed something; null for a quiet run. */
export function describeSweep(report: SweepReport): string | null {
  const parts = [
    ...Object.entries(report.done).map(([name, note]) => `${name}: ${note}`),
    ...Object.entries(report.failed).map(([name, message]) => `${name} FAILED: ${message}`),
  ];
  return parts.length > 0 ? `[sweep] ${parts.join('; ')}` : null;
}
