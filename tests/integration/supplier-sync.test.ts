import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { addSupplierStyle } from '../../src/server/suppliers/add-style.ts';
import type { SkuLevel, Supplier } from '../../src/server/suppliers/contract.ts';
import { DemoSupplier } from '../../src/server/suppliers/demo-supplier.ts';
import { supplierDown } from '../../src/server/suppliers/supplier-errors.ts';
import { requestSupplierSync, supplierSyncJob } from '../../src/server/suppliers/sync-job.ts';
import { syncSupplier } from '../../src/server/suppliers/sync-stock.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

const demo = new DemoSupplier();

/** The demo supplier with today's answers changed per style: a function of the demo's levels, or a failure. */
function changed(answers: Record<string, ((levels: SkuLevel[]) => SkuLevel[]) | 'down'>): Supplier {
  return {
    id: 'demo',
    label: 'Demo supplier',
    findStyle: (style) => demo.findStyle(style),
    placeOrder: (order) => demo.placeOrder(order),
    async levels(code) {
      const answer = answers[code];
      if (answer === 'down') throw supplierDown('Demo supplier');
      const levels = await demo.levels(code);
      return answer ? answer(levels) : levels;
    },
  };
}

const allAt = (quantity: number, costCents: number) => (levels: SkuLevel[]) =>
  levels.map((l) => ({ ...l, costCents, warehouses: l.warehouses.map((w) => ({ ...w, quantity })) }));

describe.each(DATABASE_KINDS)('supplier sync on %s', (kind) => {
  let database: TestDatabase;
  const stockOf = async (sku: string) =>
    (
      await database.db
        .selectFrom('supplier_stock')
        .select(['warehouse', 'quantity'])
        .where('sku', '=', sku)
        .orderBy('warehouse')
        .execute()
    ).map((r) => `${r.warehouse}: ${r.quantity}`);
  const skuRow = (sku: string) =>
    database.db.selectFrom('supplier_skus').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();
  const lastRun = () =>
    database.db.selectFrom('supplier_sync_runs').selectAll().orderBy('requested_at', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    for (const style of ['Gildan 5000', 'PC61']) {
      await addSupplierStyle(database.db, demo, {
        supplier: 'demo',
        style,
        collection: 'city-champ-golf',
        price_cents: 1500,
      });
    }
  });
  afterAll(() => database.dispose());

  it('keeps cost and stock per SKU and warehouse, with the time of the sync and a run row', async () => {
    const at = new Date('2026-11-30T08:00:00Z');
    const outcome = await syncSupplier(database.db, demo, () => at);
    expect(outcome).toMatchObject({ status: 'done', stylesDone: 2, skusSynced: 54, skusDiscontinued: 0 });
    expect(await stockOf('DEMO-5000-47-3XL')).toEqual(['Dallas, TX: 0', 'Lockport, IL: 0', 'Reno, NV: 0']);
    expect((await stockOf('DEMO-PC61-NV-M')).length).toBe(3);
    expect(await skuRow('DEMO-5000-47-3XL')).toMatchObject({ cost_cents: 587, synced_at: at });
    expect(await lastRun()).toMatchObject({
      status: 'done',
      styles_total: 2,
      styles_done: 2,
      skus_synced: 54,
      finished_at: at,
    });
  });

  it('keeps the last good data of the styles it did not reach when the supplier fails half-way', async () => {
    const before = await stockOf('DEMO-PC61-NV-M');
    const pc61Before = await skuRow('DEMO-PC61-NV-M');
    const at = new Date('2026-12-01T08:00:00Z');
    const outcome = await syncSupplier(database.db, changed({ '5000': allAt(7, 300), PC61: 'down' }), () => at);
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe(
      'Stopped at style PC61: Demo supplier is not answering properly; try again later. The styles before it are synced; the rest keep their last good data.',
    );
    // Gildan 5000 (first) is synced; PC61 keeps what it had.
    expect(await stockOf('DEMO-5000-01-M')).toEqual(['Dallas, TX: 7', 'Lockport, IL: 7', 'Reno, NV: 7']);
    expect(await skuRow('DEMO-5000-01-M')).toMatchObject({ cost_cents: 300, synced_at: at });
    expect(await stockOf('DEMO-PC61-NV-M')).toEqual(before);
    expect(await skuRow('DEMO-PC61-NV-M')).toEqual(pc61Before);
    expect(await lastRun()).toMatchObject({ status: 'failed', styles_done: 1, skus_synced: 30 });
  });

  it('flags a SKU the supplier no longer lists as discontinued, and clears it when it is back', async () => {
    const drop = (levels: SkuLevel[]) => levels.filter((l) => l.sku !== 'DEMO-5000-47-3XL');
    const outcome = await syncSupplier(database.db, changed({ '5000': drop }));
    expect(outcome).toMatchObject({ status: 'done', skusDiscontinued: 1 });
    expect((await skuRow('DEMO-5000-47-3XL')).discontinued_at).toBeInstanceOf(Date);
    expect(await stockOf('DEMO-5000-47-3XL')).toEqual([]);
    await syncSupplier(database.db, demo);
    expect((await skuRow('DEMO-5000-47-3XL')).discontinued_at).toBeNull();
  });

  it('runs one sync of a supplier at a time, and marks a run whose process died as interrupted', async () => {
    const started = new Date();
    const running = await database.db
      .insertInto('supplier_sync_runs')
      .values({ supplier: 'demo', status: 'running', started_at: started })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await syncSupplier(database.db, demo)).status).toBe('busy');
    const later = new Date(started.getTime() + 31 * 60_000);
    expect((await syncSupplier(database.db, demo, () => later)).status).toBe('done');
    const died = await database.db
      .selectFrom('supplier_sync_runs')
      .selectAll()
      .where('id', '=', running.id)
      .executeTakeFirstOrThrow();
    expect(died).toMatchObject({ status: 'interrupted' });
  });

  it('is a sweep job: nightly (23 hours after the last start) and when the owner asks, quiet otherwise', async () => {
    let now = new Date('2027-01-04T09:00:00Z');
    const job = supplierSyncJob(
      () => [demo],
      () => now,
    );
    const synced = { done: { 'sync-suppliers': 'Demo supplier: 54 SKU(s) synced' }, failed: {} };
    const quiet = { done: {}, failed: {} };
    expect(await runSweep(database.db, [job])).toEqual(synced);
    expect(await runSweep(database.db, [job])).toEqual(quiet);
    expect(await requestSupplierSync(database.db, 'demo')).toBe(true);
    expect(await requestSupplierSync(database.db, 'demo')).toBe(false);
    expect(await runSweep(database.db, [job])).toEqual(synced);
    now = new Date(now.getTime() + 22 * 3_600_000);
    expect(await runSweep(database.db, [job])).toEqual(quiet);
    now = new Date(now.getTime() + 3_600_000);
    expect(await runSweep(database.db, [job])).toEqual(synced);
  });
});
