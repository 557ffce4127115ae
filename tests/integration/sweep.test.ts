import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sweepFunction, { config as sweepConfig } from '../../netlify/functions/sweep.mts';
import { type RebuildReason, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';
import { embeddedProvider } from '../../src/server/orders/payment-provider.ts';
import { rebuildOnCollectionDates } from '../../src/server/sweep/collection-dates.ts';
import { runSweep } from '../../src/server/sweep/run-sweep.ts';
import { sessionIdOf, setVariantStock, type VariantFixture, variantOf, variantStock } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { startShop } from '../support/shop-process.ts';
import type { Kysely } from 'kysely';

const URLS = {
  origin: 'http://localhost:4321',
  successUrl: 'http://localhost:4321/success',
  cancelUrl: 'http://localhost:4321/cancel',
};

/** Places a pending order of one piece and makes it lapse (past expires_at); answers its id. */
async function lapsedOrder(db: Kysely<Database>, v: VariantFixture): Promise<string> {
  const { url } = await startCheckout(
    db,
    embeddedProvider(db),
    {
      lines: [{ productId: v.productId, colorId: v.colorId, sizeId: v.sizeId, quantity: 1 }],
      fulfillment: 'local',
      shippingSpeed: 'standard',
      discountCode: null,
      cartId: null,
    },
    URLS,
  );
  const row = await db
    .updateTable('orders')
    .set({ expires_at: sql`now() - interval '1 minute'` })
    .where('payment_session_id', '=', sessionIdOf(url))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const statusOf = async (db: Kysely<Database>, id: string) =>
  (await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** Shop-local today plus `days`, as YYYY-MM-DD. */
async function shopDay(db: Kysely<Database>, days: number): Promise<string> {
  const { rows } = await sql<{ day: string }>`
    select ((now() at time zone 'America/Chicago')::date + ${days}::int)::text as day`.execute(db);
  return rows[0]!.day;
}

describe('the sweep function', () => {
  it('is a Netlify Scheduled Function (config.schedule, no path)', () => {
    expect(sweepConfig).toEqual({ schedule: '*/5 * * * *' });
  });
});

describe.each(DATABASE_KINDS)('the sweep on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  const rebuilds: RebuildReason[] = [];
  let unregister: () => void;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
    unregister = setRebuildHandler((reasons) => void rebuilds.push(...reasons), { delayMs: 0 });
  });
  afterAll(async () => {
    unregister();
    await database.dispose();
  });
  afterEach(() => {
    rebuilds.length = 0;
  });

  it('releases a lapsed checkout and its stock when it runs, with no later checkout needed', async () => {
    await setVariantStock(database.db, hoodie.variantId, 4);
    const id = await lapsedOrder(database.db, hoodie);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);

    const res = await sweepFunction();
    expect(res.status).toBe(204);
    expect(await statusOf(database.db, id)).toBe('cancelled');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(4);
    // Nothing left to do: a second run changes nothing.
    expect((await runSweep(database.db)).done).toEqual({});
  });

  it('requests one rebuild when a collection window opened since its last run, and none on the next', async () => {
    const db = database.db;
    // First run: only records the day.
    await db.deleteFrom('sweep_state').execute();
    expect(await rebuildOnCollectionDates.run(db)).toBeNull();
    const stored = await db
      .selectFrom('sweep_state')
      .select('state')
      .where('job', '=', 'collection-dates')
      .executeTakeFirstOrThrow();
    expect(stored.state).toEqual({ day: await shopDay(db, 0) });

    // Yesterday's run saw the collection closed; today is its first day.
    const [yesterday, today] = [await shopDay(db, -1), await shopDay(db, 0)];
    await db
      .updateTable('sweep_state')
      .set({ state: jsonb({ day: yesterday }) })
      .where('job', '=', 'collection-dates')
      .execute();
    await db
      .updateTable('collections')
      .set({ start_date: today, end_date: null })
      .where('slug', '=', 'city-champ-golf')
      .execute();
    const note = await rebuildOnCollectionDates.run(db);
    expect(note).toMatch(/city-champ-golf/);
    expect(rebuilds).toEqual([{ entity: 'collection dates', action: 'update' }]);

    expect(await runSweep(db)).toEqual({ done: {}, failed: {} });
    expect(rebuilds).toHaveLength(1);
  });

  it('requests a rebuild when a window closed (the day after end_date), none when no date was crossed', async () => {
    const db = database.db;
    const day = (n: number) => shopDay(db, n);
    await db
      .updateTable('sweep_state')
      .set({ state: jsonb({ day: await day(-1) }) })
      .where('job', '=', 'collection-dates')
      .execute();
    await db
      .updateTable('collections')
      .set({ start_date: await day(-30), end_date: await day(-1) })
      .where('slug', '=', 'city-champ-golf')
      .execute();
    expect(await rebuildOnCollectionDates.run(db)).toMatch(/city-champ-golf/);
    expect(rebuilds).toHaveLength(1);

    // Nothing opens or closes between yesterday and today: the day moves on, no rebuild.
    await db
      .updateTable('sweep_state')
      .set({ state: jsonb({ day: await day(-1) }) })
      .where('job', '=', 'collection-dates')
      .execute();
    await db
      .updateTable('collections')
      .set({ start_date: await day(-30), end_date: await day(30) })
      .where('slug', '=', 'city-champ-golf')
      .execute();
    expect(await rebuildOnCollectionDates.run(db)).toBeNull();
    expect(rebuilds).toHaveLength(1);
    const stored = await db
      .selectFrom('sweep_state')
      .select('state')
      .where('job', '=', 'collection-dates')
      .executeTakeFirstOrThrow();
    expect(stored.state).toEqual({ day: await day(0) });
  });

  it('keeps running the other jobs when one fails, and reports the failure', async () => {
    const broken = {
      name: 'broken',
      run: () => Promise.reject(new Error('boom')),
    };
    const done = { name: 'fine', run: async () => 'did it' };
    const errors = console.error;
    console.error = () => {};
    try {
      expect(await runSweep(database.db, [broken, done])).toEqual({
        done: { fine: 'did it' },
        failed: { broken: 'boom' },
      });
    } finally {
      console.error = errors;
    }
  });
});

describe('npm start', () => {
  let database: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-sweep-'));
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the sweep on a timer: a lapsed checkout is released with no request at all', {
    timeout: 90_000,
  }, async () => {
    const hoodie = await variantOf(database.db, 'game-day-hoodie');
    await setVariantStock(database.db, hoodie.variantId, 2);
    const id = await lapsedOrder(database.db, hoodie);
    const shop = await startShop({ DATABASE_URL: database.url!, DATA_DIR: dataDir, SWEEP_EVERY_MS: '200' });
    try {
      const released = /\[sweep\] release-expired-holds: released 1 expired checkout/;
      const deadline = Date.now() + 20_000;
      while (!released.test(shop.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(shop.output()).toMatch(released);
      expect(await statusOf(database.db, id)).toBe('cancelled');
      expect(await variantStock(database.db, hoodie.variantId)).toBe(2);
    } finally {
      expect(await shop.stop()).toBe(0);
    }
  });
});
