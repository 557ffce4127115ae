import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import storeReportFn from '../../netlify/functions/admin-store-report.mts';
import type { StoreReport } from '../../src/lib/admin-schemas/store-report.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { parseCsv } from '../support/parse-csv.ts';
import { createStore, paidBuyerOrder, type StoreFixture, teeVariants } from '../support/store-orders.ts';

/**
 * The owner's store report (docs/decisions/0030-team-stores.md): revenue from paid buyer orders, the fundraising
 * payout per piece (fixed or a share), and the cost and margin only from what printing costs the shop. The price lists
 * hold selling prices, not costs, and no blank is bought from a supplier yet: the report says it has no cost data and
 * leaves cost and margin blank, never a selling price passed off as a cost (which showed every store losing money).
 * As JSON and CSV, for the admin only.
 */
const NO_COST = /^No cost data: the price lists hold what the shop charges, not what printing costs it/;
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('the store report on %s', (kind) => {
  let database: TestDatabase;
  let tees: VariantFixture[];
  let store: StoreFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tees = await teeVariants(database.db, 2);
    store = await createStore(database.db, {
      name: 'Eagles "Booster" Store',
      minimum: 5,
      designs: [
        { name: 'Front logo', priceCents: 3000, fundraisingCents: 500 },
        { name: 'Back roster', priceCents: 3200, fundraisingBp: 1000, locations: [{ code: 'back', name: 'Back' }] },
        { name: '=Sleeve hit', priceCents: 2500, locations: [{ code: 'left-sleeve', name: 'Left sleeve' }] },
      ],
    });
    const [front, back, sleeve] = store.designs;
    const [a, b] = tees;
    await paidBuyerOrder(database.db, store, [
      { design: front!, variant: a!, quantity: 5, personalisation: { name: 'AVERY' }, extraCents: 100 },
      { design: back!, variant: b!, quantity: 2 },
    ]);
    await paidBuyerOrder(database.db, store, [
      { design: front!, variant: b!, quantity: 3 },
      { design: back!, variant: a!, quantity: 3 },
      { design: sleeve!, variant: a!, quantity: 2 },
    ]);
  });
  afterAll(() => database.dispose());

  const get = async (path: string, auth: string | null = authorization) =>
    callFunction(storeReportFn, path, {
      method: 'GET',
      params: { id: path.split('/')[4]! },
      headers: auth ? { authorization: auth } : {},
    });

  it('counts what has sold while the store is open, with no selling price taken for a cost', async () => {
    const res = await get(`/api/admin/store-reports/${store.id}`);
    expect(res.status).toBe(200);
    const report = (await res.json()) as StoreReport;
    expect(report.batch).toBeNull();
    expect(report.designs.map((d) => [d.state, d.pieces])).toEqual([
      ['selling', 8],
      ['selling', 5],
      ['selling', 2],
    ]);
    expect(report.designs.map((d) => [d.cost_cents, d.margin_cents])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(report.cost_problem).toMatch(NO_COST);
  });

  it('answers revenue and the fundraising once closed, and says it has no cost data', async () => {
    await closeStore(database.db, store.id);
    const report = (await (await get(`/api/admin/store-reports/${store.id}`)).json()) as StoreReport;
    expect(report.store).toMatchObject({ name: 'Eagles "Booster" Store', status: 'closed', minimum_per_design: 5 });
    expect(report.batch).toMatchObject({ pieces: 13, number: expect.stringMatching(/^[0-9A-F]{8}$/) });
    // 13 tees in the batch: $19.00 each; the sleeve design missed its minimum and was refunded.
    expect(report.designs).toEqual([
      {
        id: store.designs[0]!.id,
        name: 'Front logo',
        state: 'printed',
        pieces: 8,
        revenue_cents: 5 * 3100 + 3 * 3000,
        cost_cents: null,
        fundraising_cents: 8 * 500,
        margin_cents: null,
      },
      {
        id: store.designs[1]!.id,
        name: 'Back roster',
        state: 'printed',
        pieces: 5,
        revenue_cents: 5 * 3200,
        cost_cents: null,
        fundraising_cents: 5 * 320,
        margin_cents: null,
      },
      {
        id: store.designs[2]!.id,
        name: '=Sleeve hit',
        state: 'refunded',
        pieces: 0,
        revenue_cents: 0,
        cost_cents: null,
        fundraising_cents: 0,
        margin_cents: null,
      },
    ]);
    expect(report.totals).toEqual({
      buyer_orders: 2,
      pieces: 13,
      revenue_cents: 40_500,
      refunded_cents: 5000,
      cost_cents: null,
      fundraising_cents: 5600,
      margin_cents: null,
    });
    expect(report.cost_problem).toMatch(NO_COST);
  });

  it('downloads the same report as CSV in dollars, safe to open in a spreadsheet', async () => {
    const res = await get(`/api/admin/store-reports/${store.id}/report.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="eagles-booster-store-report.csv"');
    expect(parseCsv(await res.text())).toEqual([
      ['Design', 'State', 'Pieces', 'Revenue', 'Cost', 'Fundraising', 'Margin'],
      ['Front logo', 'Printed', '8', '245.00', '', '40.00', ''],
      ['Back roster', 'Printed', '5', '160.00', '', '16.00', ''],
      ["'=Sleeve hit", 'Refunded (missed the minimum)', '0', '0.00', '', '0.00', ''],
      ['Total: Eagles "Booster" Store', '2 buyer orders; 50.00 refunded', '13', '405.00', '', '56.00', ''],
    ]);
  });

  it('is for the admin only, and a store that does not exist is a 404', async () => {
    expect((await get(`/api/admin/store-reports/${store.id}`, null)).status).toBe(401);
    const missing = await get('/api/admin/store-reports/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toContain('no store');
  });
});
