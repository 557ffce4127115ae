import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { pgError } from '../db/pg-error.ts';
import { DomainError } from '../errors.ts';
import type { SkuLevel, Supplier } from './contract.ts';

/** What one sync run did, as its row says. */
export interface SyncOutcome {
  runId: string | null;
  status: 'done' | 'failed' | 'busy';
  stylesDone: number;
  skusSynced: number;
  skusDiscontinued: number;
  message: string | null;
}

/** A run that has said nothing for this long died with its process (a deploy, a crash). */
export const STALE_MINUTES = 30;

/**
 * Syncs the cost and stock of every SKU the shop uses from one supplier (issue 47): one style
 * at a time, each read from the supplier first and then written in its own transaction, so a
 * supplier failing half-way (or the process dying) leaves the styles already done synced and
 * the others with their last good data. A SKU the supplier no longer lists is marked
 * discontinued on every variant that uses it. One run per supplier at a time (a partial unique
 * index): a second caller answers 'busy'.
 */
export async function syncSupplier(
  db: Kysely<Database>,
  supplier: Supplier,
  now = () => new Date(),
): Promise<SyncOutcome> {
  await markInterrupted(db, supplier.id, now());
  const styles = await db
    .selectFrom('supplier_skus')
    .select('style_code')
    .distinct()
    .where('supplier', '=', supplier.id)
    .orderBy('style_code')
    .execute();
  const runId = await startRun(db, supplier.id, styles.length, now());
  if (!runId) return { runId: null, status: 'busy', stylesDone: 0, skusSynced: 0, skusDiscontinued: 0, message: null };
  const outcome: SyncOutcome = {
    runId,
    status: 'done',
    stylesDone: 0,
    skusSynced: 0,
    skusDiscontinued: 0,
    message: null,
  };
  for (const { style_code } of styles) {
    let levels: SkuLevel[];
    try {
      levels = await supplier.levels(style_code);
    } catch (error) {
      outcome.status = 'failed';
      outcome.message = failureWords(supplier.label, style_code, error);
      break;
    }
    const written = await writeStyle(db, supplier.id, style_code, levels, now());
    outcome.stylesDone++;
    outcome.skusSynced += written.synced;
    outcome.skusDiscontinued += written.discontinued;
    await db
      .updateTable('supplier_sync_runs')
      .set({
        styles_done: outcome.stylesDone,
        skus_synced: outcome.skusSynced,
        skus_discontinued: outcome.skusDiscontinued,
      })
      .where('id', '=', runId)
      .execute();
  }
  await db
    .updateTable('supplier_sync_runs')
    .set({ status: outcome.status, finished_at: now(), message: outcome.message })
    .where('id', '=', runId)
    .execute();
  return outcome;
}

/** Claims the supplier's one running slot (turning a request of the owner's into the run). */
async function startRun(db: Kysely<Database>, supplier: string, styles: number, at: Date): Promise<string | null> {
  try {
    const requested = await db
      .updateTable('supplier_sync_runs')
      .set({ status: 'running', started_at: at, styles_total: styles })
      .where('supplier', '=', supplier)
      .where('status', '=', 'requested')
      .returning('id')
      .execute();
    if (requested[0]) return requested[0].id;
    const row = await db
      .insertInto('supplier_sync_runs')
      .values({ supplier, status: 'running', requested_at: at, started_at: at, styles_total: styles })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (pgError(error)?.constraint === 'supplier_sync_runs_one_running') return null;
    throw error;
  }
}

async function markInterrupted(db: Kysely<Database>, supplier: string, at: Date): Promise<void> {
  await db
    .updateTable('supplier_sync_runs')
    .set({
      status: 'interrupted',
      finished_at: at,
      message: 'The sync stopped before it finished; the styles it reached are synced.',
    })
    .where('supplier', '=', supplier)
    .where('status', '=', 'running')
    .where('started_at', '<', new Date(at.getTime() - STALE_MINUTES * 60_000))
    .execute();
}

/** One style's costs and stock in one transaction; SKUs of the style it no longer lists are discontinued. */
async function writeStyle(db: Kysely<Database>, supplier: string, style: string, levels: SkuLevel[], at: Date) {
  const listed = levels.filter((l) => !l.discontinued);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom('supplier_skus')
      .select('sku')
      .distinct()
      .where('supplier', '=', supplier)
      .where('style_code', '=', style)
      .execute();
    const usedSkus = used.map((u) => u.sku);
    const kept = listed.filter((l) => usedSkus.includes(l.sku));
    if (usedSkus.length > 0) {
      await trx.deleteFrom('supplier_stock').where('supplier', '=', supplier).where('sku', 'in', usedSkus).execute();
    }
    const stock = kept.flatMap((l) =>
      l.warehouses.map((w) => ({
        supplier,
        sku: l.sku,
        warehouse: w.warehouse.slice(0, 80),
        quantity: w.quantity,
        synced_at: at,
      })),
    );
    for (let i = 0; i < stock.length; i += 1000) {
      await trx
        .insertInto('supplier_stock')
        .values(stock.slice(i, i + 1000))
        .execute();
    }
    if (kept.length > 0) {
      const costs = kept.map((l) => sql`(${l.sku}::text, ${l.costCents}::int)`);
      await sql`update public.supplier_skus s set cost_cents = c.cost, synced_at = ${at}, discontinued_at = null
        from (values ${sql.join(costs)}) as c(sku, cost)
        where s.supplier = ${supplier} and s.sku = c.sku`.execute(trx);
    }
    const gone = usedSkus.filter((sku) => !kept.some((l) => l.sku === sku));
    let discontinued = 0;
    if (gone.length > 0) {
      const marked = await trx
        .updateTable('supplier_skus')
        .set({ discontinued_at: at })
        .where('supplier', '=', supplier)
        .where('sku', 'in', gone)
        .where('discontinued_at', 'is', null)
        .executeTakeFirst();
      discontinued = Number(marked.numUpdatedRows);
    }
    return { synced: kept.length, discontinued };
  });
}

function failureWords(label: string, style: string, error: unknown): string {
  const why = error instanceof DomainError ? error.message : `${label} could not be read.`;
  return `Stopped at style ${style}: ${why} The styles before it are synced; the rest keep their last good data.`.slice(
    0,
    500,
  );
}
