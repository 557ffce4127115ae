/**
 * `npm run bench:build`: builds the shop from a generated catalogue of 10,000 products
 * (BENCH_PRODUCTS overrides) and reports the build's wall time and peak memory (the Astro
 * build process and its children; the database runs in this process, as Supabase would
 * elsewhere) to bench/build.json and docs/benchmarks.md.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/server/config.ts';
import { spawnAstroBuild } from '../lib/astro-build.mts';
import { openShopDatabase } from '../lib/shop-database.mts';
import { generateProducts } from './lib/bench-catalogue.mts';
import { samplePeakRss } from './lib/peak-rss.mts';
import { table, writeDocSection } from './lib/report.mts';

const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? 10_000);
const OUT = 'dist-bench-build';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const log = (line: string) => console.log(`[bench] ${line}`);
  const database = await openShopDatabase(parseConfig({ DATA_DIR: dataDir }), log);
  try {
    const started = performance.now();
    await generateProducts(database.handle.db, PRODUCTS);
    log(`generated ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const buildStart = performance.now();
    // The Netlify build (`npm run build`), with its memory settings.
    const child = spawnAstroBuild({ DATABASE_URL: database.url, SHOP_OUT_DIR: OUT }, ['--silent']);
    const sampler = samplePeakRss(child.pid!, 200);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const peak = await sampler.stop();
    if (code !== 0) throw new Error(`astro build failed (exit ${code})`);
    const seconds = (performance.now() - buildStart) / 1000;
    const pages = readdirSync(join(OUT, 'collections'), { recursive: true }).filter((f) =>
      String(f).endsWith('index.html'),
    ).length;
    const record = {
      measuredAt: new Date().toISOString(),
      products: PRODUCTS,
      pagesUnderCollections: pages,
      wallSeconds: Number(seconds.toFixed(1)),
      peakRssMB: Math.round(peak / 2 ** 20),
    };
    log(JSON.stringify(record));
    writeFileSync('bench/build.json', `${JSON.stringify(record, null, 2)}\n`);
    writeDocSection(
      'build',
      'Build (`npm run bench:build`)',
      `Measured ${record.measuredAt.slice(0, 10)}: \`astro build\` of the seeded shop plus ${PRODUCTS} generated products (each with 6 variants), reading the embedded database over the Postgres wire protocol. Peak memory is the resident memory of the build process tree, sampled every 200 ms. The build runs as \`npm run build\` does (scripts/lib/astro-build.mts: V8 heap growth capped at 1.5x, the bundler's allocator returning freed memory at once). Targets: <= 60 s and <= 1.5 GB.\n\n` +
        table(
          ['products', 'pages under /collections', 'wall time (s)', 'peak memory (MB)'],
          [[PRODUCTS, pages, record.wallSeconds, record.peakRssMB]],
        ),
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(OUT, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
