import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import QuotePage from '../../src/pages/quotes/[token].astro';
import { SHOP_TIME_ZONE } from '../../src/lib/admin-schemas/orders.ts';
import type { AdminQuote } from '../../src/lib/admin-schemas/quote-revisions.ts';
import type { OrderItemPricing } from '../../src/lib/pricing/line-record.ts';
import type { ScreenPrintList } from '../../src/lib/pricing/lists.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { type ListPricedShop, seedListPricedShop } from '../support/list-priced-shop.ts';
import { contractScreenPrint } from '../support/price-list-fixtures.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';

/**
 * A quote prices a product linked to the owner's lists as checkout does
 * (docs/decisions/0027-price-lists.md): the server recomputes every such line from the lists in the
 * database on save, refuses bad inputs naming the field with nothing stored, keeps the inputs, list
 * versions and breakdown on the revision, shows the breakdown on the quote page, and the paid
 * quote's order lines keep them.
 */
const { authorization } = adminProductSaves();
const ORIGIN = 'http://localhost:4321';
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(Date.now() + offset * 86_400_000));
const BREAKDOWN = 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75';

describe.each(DATABASE_KINDS)('quotes of products priced by lists on %s', (kind) => {
  let database: TestDatabase;
  let shop: ListPricedShop;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    shop = await seedListPricedShop(database.db);
  });
  afterAll(() => database.dispose());

  const newRequest = async (email = 'dana.whitfield@example.com') =>
    (
      await submitQuoteRequest(
        database.db,
        { what: 'Staff tees and a banner', quantity: 48, fullName: 'Dana Whitfield', emailAddress: email },
        { shopEmail: 'shop@example.com' },
      )
    ).id;
  const saveRevision = (id: string, body: unknown) =>
    callFunction(adminQuotes, `/api/quote-requests/${id}/revisions`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const teeLine = (inputs: Record<string, unknown> = { front: { colors: 2 }, back: { colors: 1 } }) => ({
    kind: 'product',
    product_id: shop.tee.productId,
    quantity: 48,
    locations: Object.keys(inputs),
    location_inputs: inputs,
    note: 'White, M-L',
  });
  const bannerLine = (area: Record<string, unknown>) => ({
    kind: 'product',
    product_id: shop.banner.productId,
    quantity: 1,
    locations: [],
    area: { finishing: [], ...area },
  });
  const revision = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
    lines,
    fulfillment: 'local',
    valid_until: day(14),
    ...extra,
  });
  const revisionCount = async (id: string) =>
    (await database.db.selectFrom('quote_revisions').select('id').where('quote_request_id', '=', id).execute()).length;

  it('prices 48 tees from the contract chart as checkout does, and again from the lists as they are now', async () => {
    const id = await newRequest();
    const res = await saveRevision(
      id,
      revision(
        [
          teeLine(),
          bannerLine({ widthIn: 96, heightIn: 48, material: '13oz' }),
          {
            kind: 'custom',
            description: 'Numbers on sleeves',
            quantity: 48,
            unit_price_cents: 150,
            setup_fee_cents: 0,
          },
        ],
        { rush: 'rush-4' },
      ),
    );
    expect(res.status).toBe(201);
    const [saved] = ((await res.json()) as AdminQuote).revisions;
    const [tee, banner, custom] = saved!.lines;
    expect(tee).toMatchObject({ description: `${shop.tee.name}: White, M-L`, quantity: 48, unit_price_cents: 755 });
    expect(tee!.pricing).toMatchObject({
      unit_cents: 755,
      breakdown: BREAKDOWN,
      inputs: { rush: 'rush-4', darkGarment: false, area: null },
    });
    expect(tee!.pricing!.lists).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'location:front', id: shop.listIds.screen, version: 1 }),
        expect.objectContaining({ role: 'turnaround', id: shop.listIds.turnaround, version: 1 }),
      ]),
    );
    const base = 48 * 755 + 4500 + 32 * 800;
    const rush = Math.round(base * 0.75);
    // The screens go with the tee; the rush, on the whole job, with the last line priced by lists.
    expect(tee!.charges.map((c) => [c.kind, c.unit_price_cents, c.quantity])).toEqual([
      ['screens', 3000, 1],
      ['screens', 1500, 1],
    ]);
    expect(banner).toMatchObject({
      unit_price_cents: 32 * 800,
      pricing: { inputs: { area: { widthIn: 96, heightIn: 48, material: '13oz' } } },
    });
    expect(banner!.charges).toEqual([
      expect.objectContaining({ kind: 'rush', name: 'Rush, 4 business days +75 %', unit_price_cents: rush }),
    ]);
    expect(custom).toMatchObject({ unit_price_cents: 150, charges: [] });
    expect(custom!.pricing).toBeUndefined();
    expect(saved!.subtotal_cents).toBe(base + rush + 48 * 150);

    // The owner raises the chart's 2-colour price at 48+ to $3.00: the next save prices from it.
    const data = structuredClone(contractScreenPrint.data) as ScreenPrintList;
    data.grid.cells[2]![1] = 300;
    await database.db
      .updateTable('price_lists')
      .set({ data: jsonb(data), version: 2 })
      .where('id', '=', shop.listIds.screen)
      .execute();
    await database.db
      .insertInto('price_list_versions')
      .values({ price_list_id: shop.listIds.screen, version: 2, data: jsonb(data) })
      .execute();
    const again = await saveRevision(id, revision([teeLine()]));
    expect(again.status).toBe(201);
    const [newest, first] = ((await again.json()) as AdminQuote).revisions;
    expect(newest!.lines[0]).toMatchObject({
      unit_price_cents: 775,
      pricing: { breakdown: expect.stringContaining('Front, 2 colours $3.00') },
    });
    expect(newest!.lines[0]!.pricing!.lists).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'location:front', version: 2 })]),
    );
    // The earlier revision stays as it was priced.
    expect(first!.lines[0]!.unit_price_cents).toBe(755);
    // The chart back as it was (a version of its own), for the tests after this one.
    await database.db
      .updateTable('price_lists')
      .set({ data: jsonb(contractScreenPrint.data), version: 3 })
      .where('id', '=', shop.listIds.screen)
      .execute();
    await database.db
      .insertInto('price_list_versions')
      .values({ price_list_id: shop.listIds.screen, version: 3, data: jsonb(contractScreenPrint.data) })
      .execute();
  });

  it('takes an exact stitch count from the owner', async () => {
    const id = await newRequest();
    const res = await saveRevision(id, revision([teeLine({ 'left-chest': { stitches: 12_500 } })]));
    expect(res.status).toBe(201);
    const [line] = ((await res.json()) as AdminQuote).revisions[0]!.lines;
    expect(line!.pricing!.inputs.locations).toEqual([
      { code: 'left-chest', name: 'Left chest', method: 'embroidery', stitches: 12_500 },
    ]);
    expect(line!.pricing!.breakdown).toContain('Left chest, 12,500 stitches');
    expect(line!.charges).toEqual([expect.objectContaining({ kind: 'digitizing' })]);
  });

  const refusals: [string, () => unknown[], Record<string, unknown>, string, RegExp][] = [
    [
      '7 colours where the chart has 6',
      () => [teeLine({ front: { colors: 7 } })],
      {},
      'lines.0.locations.0.colors',
      /6 ink colours/,
    ],
    [
      'a banner 500 ft wide',
      () => [teeLine(), bannerLine({ widthIn: 6000, heightIn: 48, material: '13oz' })],
      {},
      'lines.1.area.widthIn',
      /10 ft.*500 ft/,
    ],
    [
      'a material not offered',
      () => [bannerLine({ widthIn: 96, heightIn: 48, material: 'mesh' })],
      {},
      'lines.0.area.material',
      /13 oz vinyl or 18 oz vinyl/,
    ],
    ['a rush the lists do not offer', () => [teeLine()], { rush: 'rush-1' }, 'rush', /./],
  ];
  it.each(refusals)(
    'refuses %s with a 400 naming the field, storing nothing',
    async (_, lines, extra, field, message) => {
      const id = await newRequest();
      const res = await saveRevision(id, revision(lines(), extra));
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.[field], JSON.stringify(body.error.fields)).toMatch(message);
      expect(await revisionCount(id)).toBe(0);
    },
  );

  it('shows the breakdown on the quote page; the paid order lines keep the pricing', async () => {
    const email = 'lee.ortega@example.com';
    const id = await newRequest(email);
    expect((await saveRevision(id, revision([teeLine()]))).status).toBe(201);
    const sent = await callFunction(adminQuotes, `/api/quote-requests/${id}/send`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'send' }),
    });
    expect(sent.status).toBe(200);
    const token = signLink('quote', id);
    const page = await (await requestPage(QuotePage, `/quotes/${token}`, { params: { token } })).text();
    expect(page).toContain(BREAKDOWN);

    const accepted = await requestPage(QuotePage, `/quotes/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ action: 'accept' }).toString(),
    });
    expect(accepted.status).toBe(303);
    const sessionId = decodeURIComponent(
      /\/test-checkout\/([^/?#]+)/.exec(accepted.headers.get('location') ?? '')![1]!,
    );
    const paid = await answerTestCheckout(sessionId, {
      intent: 'pay',
      headers: { origin: ORIGIN },
      fields: { ...TEST_CHECKOUT_CONTACT, email },
    });
    expect(paid.status).toBeLessThan(400);
    const order = await database.db
      .selectFrom('orders')
      .select(['id', 'status', 'subtotal_cents'])
      .where('quote_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', subtotal_cents: 48 * 755 + 4500 });
    const items = await database.db
      .selectFrom('order_items')
      .select(['item_type', 'unit_price_cents', 'quantity', 'pricing'])
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(items.map((i) => [i.item_type, i.unit_price_cents, i.quantity])).toEqual([
      ['quoted', 755, 48],
      ['screens', 3000, 1],
      ['screens', 1500, 1],
    ]);
    const kept = items[0]!.pricing as OrderItemPricing;
    expect(kept).toMatchObject({ unit_cents: 755, breakdown: BREAKDOWN });
    expect(kept.inputs.locations).toEqual([
      { code: 'front', name: 'Front', method: 'screen_print', colors: 2 },
      { code: 'back', name: 'Back', method: 'screen_print', colors: 1 },
    ]);
    expect(items[1]!.pricing).toMatchObject({ kind: 'screens', list: { id: shop.listIds.screen } });
  });
});
