/**
 * `npm run bench:supplier` (issue 47): a sync of 20,400 supplier SKUs with stock in three
 * warehouses each (100 styles x 34 colours x S-3XL) from the built-in demo supplier into
 * PostgreSQL 15 (Debian's, started in a temporary folder, fsync on). The products are added with
 * the same service the admin uses; only the sync is timed, with the peak resident memory of this
 * process sampled on its own thread. Targets: <= 60 s and <= 300 MB. Writes bench/supplier.json and
 * its section of docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { addSupplierStyle } from '../../src/server/suppliers/add-style.ts';
import { DEMO_STYLES, type DemoStyle } from '../../src/server/suppliers/demo-catalogue.ts';
import { DemoSupplier } from '../../src/server/suppliers/demo-supplier.ts';
import { syncSupplier } from '../../src/server/suppliers/sync-stock.ts';
import { startPostgres } from '../../tests/support/postgres-server.ts';
import { machineInfo } from './lib/machine.mts';
import { samplePeakRss } from './lib/peak-rss.mts';
import { table, writeDocSection } from './lib/report.mts';

const STYLES = 100;
const COLOURS = 34;
const TARGET_SECONDS = 60;
const TARGET_MB = 300;

function catalogue(): DemoStyle[] {
  const base = DEMO_STYLES[0]!;
  return Array.from({ length: STYLES }, (_, s) => ({
    ...base,
    code: `B${String(s + 1).padStart(3, '0')}`,
    name: `Bench Tee ${s + 1}`,
    colours: Array.from({ length: COLOURS }, (_, c) => ({
      name: `Bench Colour ${c + 1}`,
      hex: `#${(0x203040 + c * 0x030507).toString(16).padStart(6, '0')}`,
      code: `C${c + 1}`,
    })),
  }));
}

async function main() {
  const machine = machineInfo();
  const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  const postgres = await startPostgres({ durable: true });
  const database = await openDatabase({ url: postgres.url(), maxConnections: 2 });
  try {
    await migrate(database, { seed: true });
    const supplier = new DemoSupplier(catalogue());
    const setup = performance.now();
    for (let s = 1; s <= STYLES; s++) {
      await addSupplierStyle(database.db, supplier, {
        supplier: 'demo',
        style: `B${String(s).padStart(3, '0')}`,
        collection: 'city-champ-golf',
        price_cents: 1500,
      });
    }
    const setupSeconds = (performance.now() - setup) / 1000;
    const { rows } = await sql<{ n: string }>`select count(*) as n from public.supplier_skus`.execute(database.db);
    const skus = Number(rows[0]!.n);
    const memory = samplePeakRss(process.pid, 100);
    const started = performance.now();
    const outcome = await syncSupplier(database.db, supplier);
    const seconds = (performance.now() - started) / 1000;
    const peakMb = (await memory.stop()) / 2 ** 20;
    const stock = await sql<{ n: string }>`select count(*) as n from public.supplier_stock`.execute(database.db);
    if (outcome.status !== 'done' || outcome.skusSynced !== skus) throw new Error(`sync ${JSON.stringify(outcome)}`);
    const record = {
      measuredAt: new Date().toISOString(),
      machine,
      uptime,
      skus,
      stockRows: Number(stock.rows[0]!.n),
      styles: STYLES,
      setupSeconds: Number(setupSeconds.toFixed(1)),
      syncSeconds: Number(seconds.toFixed(2)),
      peakRssMb: Math.round(peakMb),
      targets: { seconds: TARGET_SECONDS, mb: TARGET_MB },
      met: seconds <= TARGET_SECONDS && peakMb <= TARGET_MB,
    };
    writeFileSync('bench/supplier.json', `${JSON.stringify(record, null, 2)}\n`);
    writeDocSection(
      'supplier',
      'Supplier sync (npm run bench:supplier)',
      `Measured ${record.measuredAt.slice(0, 10)} on ${machine.cpuModel} (${machine.cpus} cores, Node ${machine.node}); \`uptime\` at the start: \`${uptime}\`. ` +
        `${STYLES} styles of the built-in demo supplier (${COLOURS} colours x S-3XL each) added as products, then one sync of every SKU's cost and stock in three warehouses into PostgreSQL 15 (fsync on), a transaction per style. ` +
        `Targets (issue 47): <= ${TARGET_SECONDS} s and <= ${TARGET_MB} MB peak resident memory of the syncing process.\n\n` +
        table(
          ['SKUs', 'stock rows', 'sync (s)', 'peak RSS (MB)', 'targets met'],
          [[skus, record.stockRows, record.syncSeconds, record.peakRssMb, record.met ? 'yes' : 'NO']],
        ),
    );
    console.log(JSON.stringify(record));
    if (!record.met) process.exitCode = 1;
  } finally {
    await database.close();
    postgres.stop();
  }
}

await main();
