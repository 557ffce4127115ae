import type { AdminSupplierSync } from '../../lib/admin-schemas/supplier-styles.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import type { Supplier } from './contract.ts';
import { configuredSuppliers } from './suppliers.ts';
import { STALE_MINUTES, syncSupplier } from './sync-stock.ts';

/** Hours after a run's start before the next nightly one is due (a little under a day, so it does not drift later). */
const NIGHTLY_HOURS = 23;

/** Asks for a sync of one supplier now (the owner's button); the next sweep runs it. Answers false when one is already asked or running. */
export async function requestSupplierSync(db: Kysely<Database>, supplier: string): Promise<boolean> {
  const waiting = await db
    .selectFrom('supplier_sync_runs')
    .select('id')
    .where('supplier', '=', supplier)
    .where('status', 'in', ['requested', 'running'])
    .executeTakeFirst();
  if (waiting) return false;
  await db.insertInto('supplier_sync_runs').values({ supplier, status: 'requested' }).execute();
  return true;
}

/** Whether a supplier's sync is due: the owner asked, or the last run started NIGHTLY_HOURS ago or more. */
async function isDue(db: Kysely<Database>, supplier: string, now: Date): Promise<boolean> {
  const used = await db.selectFrom('supplier_skus').select('id').where('supplier', '=', supplier).executeTakeFirst();
  if (!used) return false;
  const asked = await db
    .selectFrom('supplier_sync_runs')
    .select('id')
    .where('supplier', '=', supplier)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  if (asked) return true;
  const last = await db
    .selectFrom('supplier_sync_runs')
    .select(['status', 'started_at'])
    .where('supplier', '=', supplier)
    .where('started_at', 'is not', null)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  if (!last?.started_at) return true;
  const hours = (now.getTime() - last.started_at.getTime()) / 3_600_000;
  // A run still marked running after STALE_MINUTES died with its process: syncSupplier marks it.
  if (last.status === 'running') return hours * 60 >= STALE_MINUTES;
  return hours >= NIGHTLY_HOURS;
}

/** The sweep's supplier sync (DESIGN.md "Timers"): nightly and on demand, each configured supplier in turn. */
export function supplierSyncJob(suppliers: () => Supplier[] = configuredSuppliers, now = () => new Date()): SweepJob {
  return {
    name: 'sync-suppliers',
    async run(db) {
      const notes: string[] = [];
      for (const supplier of suppliers()) {
        if (!(await isDue(db, supplier.id, now()))) continue;
        const outcome = await syncSupplier(db, supplier, now);
        if (outcome.status === 'busy') continue;
        notes.push(
          outcome.status === 'done'
            ? `${supplier.label}: ${outcome.skusSynced} SKU(s) synced`
            : `${supplier.label}: ${outcome.message ?? 'failed'}`,
        );
      }
      return notes.length > 0 ? notes.join('; ') : null;
    },
  };
}

/** The latest sync run of each supplier, for the admin ("Synced Sun, Nov 29, 2026, 2:00 AM CST"). */
export async function latestSyncs(db: Kysely<Database>, suppliers: string[]): Promise<Map<string, AdminSupplierSync>> {
  const found = new Map<string, AdminSupplierSync>();
  if (suppliers.length === 0) return found;
  const rows = await db
    .selectFrom('supplier_sync_runs')
    .selectAll()
    .where('supplier', 'in', suppliers)
    .orderBy('requested_at', 'desc')
    .limit(50)
    .execute();
  for (const row of rows) {
    if (found.has(row.supplier)) continue;
    found.set(row.supplier, {
      status: row.status as AdminSupplierSync['status'],
      at: (row.finished_at ?? row.started_at ?? row.requested_at).toISOString(),
      skusSynced: row.skus_synced,
      skusDiscontinued: row.skus_discontinued,
      message: row.message,
    });
  }
  return found;
}
