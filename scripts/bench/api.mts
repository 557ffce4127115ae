/**
 * `npm run bench:api`: starts a throwaway PostgreSQL 15 (commits flushed to disk, as in
 * production), migrates and seeds it, starts `npm start`'s server on it, then drives each API
 * scenario with autocannon and checks at the end that no variant was oversold and that every
 * payment request paid has exactly one payment. The site is built (into dist-bench-api/) only
 * when "pay a payment request" runs: its two posts are pages rendered per request; otherwise
 * only the functions answer. Writes bench/api.json and the API section of docs/benchmarks.md.
 * The home page is read alone and then while wrong passwords arrive from 60 addresses
 * (lib/password-flood.mts); the admin order list is read with the session-less token and with
 * a staff member's token from a real sign-in, whose session row every request checks. BENCH_SECONDS (default 10) sets the length of the timed scenarios.
 * BENCH_ONLY (a regular expression on scenario names, e.g. `checkout`, or `^home page` for the
 * password flood and its baseline) runs only those and writes no record: for
 * measuring one change quickly; SHOP_NODE_OPTIONS reaches the shop's Node (e.g. `--cpu-prof`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { startPostgres } from '../../tests/support/postgres-server.ts';
import { startShop } from '../../tests/support/shop-process.ts';
import { randomBytes } from 'node:crypto';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import {
  prepareCarts,
  prepareStoreBodies,
  prepareOrderBook,
  preparePrintJobCarts,
  prepareTaxedCarts,
  prepareTieredCarts,
  publicSlugs,
} from './lib/api-fixtures.mts';
import { type ApiRecord, p99Ratio, READS, TARGETS, verdict, writeApiRecord } from './lib/api-report.mts';
import {
  ADMIN_LIST,
  ADMIN_LIST_SESSION,
  apiScenarios,
  CONNECTIONS,
  TAXED_CHECKOUT,
  WARMED_WRITES,
} from './lib/api-scenarios.mts';
import {
  checkPaidRequests,
  PAY_REQUEST,
  type PaidRequestsCheck,
  payRequestScenario,
  preparePaymentRequests,
} from './lib/pay-requests.mts';
import { FLOOD_STAFF_EMAIL, HOME_PAGE, HOME_UNDER_FLOOD, prepareLockedStore } from './lib/password-flood.mts';
import { astroBuild } from '../lib/astro-build.mts';
import { runScenario, type ScenarioResult } from './lib/load.mts';
import { machineInfo } from './lib/machine.mts';
import { parentPid } from './lib/process-tree.mts';
import { checkStock, snapshotStock } from './lib/stock-ledger.mts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const ONLY = process.env['BENCH_ONLY'] ? new RegExp(process.env['BENCH_ONLY']) : null;

const log = (line: string) => console.log(`[bench] ${line}`);
/** Where the site is built when a scenario needs the pages rendered per request (see .gitignore). */
const SITE_DIR = 'dist-bench-api';
/** Payment requests seeded: enough for the warm-up and the timed run at 400 paid a second. */
const PAYABLE = 400 * (SECONDS + 2);

async function main() {
  const machine = machineInfo();
  const started = performance.now();
  const postgres = await startPostgres({ durable: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const database = await openDatabase({ url: postgres.url(), maxConnections: 2 });
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  try {
    await migrate(database, { seed: true });
    const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(
      database.db,
    );
    const carts = await prepareCarts(database.db);
    const tieredCarts = await prepareTieredCarts(database.db);
    const printJobCarts = await preparePrintJobCarts(database.db);
    const taxedCarts = await prepareTaxedCarts(database.db, carts);
    const storeBodies = await prepareStoreBodies(database.db);
    const slugs = await publicSlugs(database.db);
    const lockedStoreSlug = await prepareLockedStore(database.db);
    const linkSecret = randomBytes(32).toString('base64url');
    // Before the order book: the orders that owe money are part of its 10,000.
    const payable = await preparePaymentRequests(database.db, PAYABLE, Buffer.from(linkSecret, 'utf8'));
    const orders = await prepareOrderBook(database.db);
    const adminSecret = randomBytes(32).toString('base64url');
    const adminToken = issueAdminToken(Buffer.from(adminSecret, 'utf8')).token;
    await prepareStaff(database.db);
    const selected = (name: string) => !ONLY || ONLY.test(name);
    // Paying a request is two pages rendered per request, and the home page is a built page: only
    // then is the site built. Without them, an empty site folder, so only the functions answer
    // (as they do behind the CDN).
    const pages = selected(PAY_REQUEST) || selected(HOME_PAGE) || selected(HOME_UNDER_FLOOD);
    if (pages) await astroBuild(postgres.url(), log, SITE_DIR);
    shop = await startShop({
      DATABASE_URL: postgres.url(),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SHOP_OUT_DIR: pages ? SITE_DIR : join(dataDir, 'site'),
      ADMIN_TOKEN_SECRET: adminSecret,
      LINK_SIGNING_SECRET: linkSecret,
      ...(process.env['SHOP_NODE_OPTIONS'] ? { NODE_OPTIONS: process.env['SHOP_NODE_OPTIONS'] } : {}),
    });
    log(
      `shop at ${shop.url}, PostgreSQL ${rows[0]!.version}, ${orders} orders, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const staffToken = await staffSignIn(shop.url);
    const backend = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const watched = { shop: shop.child.pid!, postgres: parentPid(backend.rows[0]!.pid) };
    const payRun = payRequestScenario(shop.url, SECONDS, payable, CONNECTIONS);
    const all = apiScenarios({
      origin: shop.url,
      seconds: SECONDS,
      ...slugs,
      carts,
      tieredCarts,
      printJobCarts,
      taxedCarts,
      adminToken,
      staffToken,
      payRequest: payRun.scenario,
      storeBodies,
      lockedStoreSlug,
    });
    const scenarios = all.filter((s) => selected(s.name));
    // Unrecorded: compiles the hot paths and fills the connection pool before anything is timed.
    // Checkout too (a timed round of each cart kind; its orders are placed before the stock
    // snapshot below, so the ledger still balances): otherwise the first checkout scenario's first
    // rounds pay for compiling its code and preparing its statements on every pooled connection.
    // Paying a request too: its first post loads the pages' server bundle.
    const warmed = [
      ...all.filter((x) => WARMED_WRITES.has(x.name) && (x.name !== PAY_REQUEST || selected(PAY_REQUEST))),
      ...all.filter((x) => READS.has(x.name) || x.name === ADMIN_LIST || x.name === ADMIN_LIST_SESSION),
      // The built home page, by 100 visitors (the flood itself is never warmed: it would spend the budgets).
      ...all
        .filter((x) => x.name === HOME_PAGE && pages)
        .map((x) => ({ ...x, arrivals: { count: 100, perSecond: 50 } })),
    ];
    for (const s of warmed) {
      await runScenario(shop.url, { ...s, seconds: 2 });
    }
    // The warm-up's orders and the order book are vacuumed now, not by autovacuum during a timed scenario.
    await sql`vacuum analyze`.execute(database.db);
    const before = await snapshotStock(database.db);
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const result = await runScenario(shop.url, scenario, watched);
      log(JSON.stringify(result));
      results.push(result);
    }
    const taxed = p99Ratio(results, TAXED_CHECKOUT, 'checkout');
    if (taxed !== null)
      log(`checkout taxed by address p99 over the plain checkout's: ${taxed.toFixed(2)}× (target ≤ 1.1×)`);
    const flood = p99Ratio(results, HOME_UNDER_FLOOD, HOME_PAGE);
    if (flood !== null) log(`home page p99 under the wrong passwords over its p99 alone: ${flood.toFixed(2)}×`);
    const stock = await checkStock(database.db, before);
    log(`stock: ${JSON.stringify(stock)}`);
    const paid: PaidRequestsCheck | null = selected(PAY_REQUEST)
      ? await checkPaidRequests(database.db, payable, payRun)
      : null;
    if (paid) log(`payment requests: ${JSON.stringify(paid)}`);
    const ledgersOk = stock.ok && (paid?.ok ?? true);
    if (ONLY) {
      log('BENCH_ONLY: no record written');
      if (!ledgersOk) process.exitCode = 1;
      return;
    }
    // Every checkout scenario places orders: the one client past its limit holds its first few.
    const checkoutAnswers201 = results
      .filter((r) => r.call === 'POST /api/cart/checkout')
      .reduce((sum, r) => sum + (r.statuses['201'] ?? 0), 0);
    const record: ApiRecord = {
      measuredAt: new Date().toISOString(),
      machine,
      postgres: { version: rows[0]!.version, fsync: true, shopPoolConnections: 10 },
      seconds: SECONDS,
      targets: TARGETS,
      scenarios: results.map((r) => ({ ...r, target: verdict(r, stock.ok, results, paid?.ok ?? false) })),
      stock: { ...stock, checkoutAnswers201 },
      paymentRequests: paid,
      wallSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
    writeApiRecord(record);
    log(`wrote bench/api.json and docs/benchmarks.md (${record.wallSeconds} s)`);
    if (!ledgersOk) process.exitCode = 1;
  } finally {
    await shop?.stop();
    await database.close();
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const OFFICE_EMAIL = 'office@bench.example';
const OFFICE_PASSWORD = 'the office manager’s own password';

/** The office manager whose sign-in reads the orders, and the press operator the flood guesses at. */
async function prepareStaff(db: Parameters<typeof prepareLockedStore>[0]) {
  await db
    .insertInto('staff_accounts')
    .values([
      { email: OFFICE_EMAIL, name: 'Bench office', role: 'office', password_hash: await hashPassword(OFFICE_PASSWORD) },
      {
        email: FLOOD_STAFF_EMAIL,
        name: 'Bench operator',
        role: 'production',
        password_hash: await hashPassword('the operator’s password'),
      },
    ])
    .execute();
}

/** A real e-mail sign-in through the shop: its token names a session row every admin read checks. */
async function staffSignIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: OFFICE_EMAIL, password: OFFICE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`staff sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
