import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import buyNow from '../../netlify/functions/buy-now.mts';
import cartRefresh from '../../netlify/functions/cart-refresh.mts';
import type { CartRefreshAnswer } from '../../src/lib/cart/cart-schema.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import type { OrderItemPricing } from '../../src/lib/pricing/line-record.ts';
import type { ScreenPrintList } from '../../src/lib/pricing/lists.ts';
import { sql } from 'kysely';
import { jsonb } from '../../src/server/db/json.ts';
import { saveShopCalendar } from '../../src/server/settings/shop-calendar.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, shopState } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import {
  type ListPricedShop,
  listCheckout,
  PRINTED,
  seedListPricedShop,
  teeLineOf,
} from '../support/list-priced-shop.ts';
import { contractScreenPrint } from '../support/price-list-fixtures.ts';

/**
 * Checkout charges what the owner's price lists say (docs/decisions/0027-price-lists.md): a list-priced product's lines
 * are one job priced from the lists in the database, its fees and rush are order lines of their
 * own, the order keeps the inputs and list versions, and bad inputs are refused naming the field.
 */

const { authorization } = adminProductSaves();
type Json = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(DATABASE_KINDS)('checkout of products priced by lists on %s', (kind) => {
  let database: TestDatabase;
  let tee: ListPricedShop['tee'];
  let banner: ListPricedShop['banner'];
  let listIds: ListPricedShop['listIds'];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    ({ tee, banner, listIds } = await seedListPricedShop(database.db));
  });
  afterAll(() => database.dispose());

  const teeLine = (sizeId: string, quantity: number, locations: unknown = PRINTED) =>
    teeLineOf({ tee, banner, listIds })(sizeId, quantity, locations);
  const bannerLine = (area: unknown) => ({
    productId: banner.productId,
    colorId: banner.colorId,
    sizeId: banner.sizeId,
    quantity: 1,
    locations: [{ code: 'face', artworkId: null }],
    ...(area === undefined ? {} : { area }),
  });
  const checkout = listCheckout;
  const itemsOf = (orderId: string) =>
    database.db
      .selectFrom('order_items')
      .select(['name', 'item_type', 'quantity', 'unit_price_cents', 'pricing'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();

  it('charges 24 M + 24 L, two colours front and one back, what the grid says, with the screens once', async () => {
    // Prices sent by the browser are ignored.
    const res = await checkout([{ ...teeLine(tee.m, 24), price_cents: 1 }, teeLine(tee.l, 24)]);
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const order = await orderBySession(database.db, sessionId);
    // Blank $4.00 + front 2 colours at 48+ $2.80 + back by the extra-location rule $0.75; 3 screens × $15.
    const unit = 400 + 280 + 75;
    expect(order.subtotal_cents).toBe(48 * unit + 3 * 1500);
    const expected = priceCart({
      lines: [
        { unit_price_cents: unit, quantity: 48 },
        { unit_price_cents: 4500, quantity: 1 },
      ],
      fulfillment: 'local',
      shippingSpeed: 'standard',
      discount: null,
    });
    expect(order.total_cents).toBe(expected.total_cents);

    const items = await itemsOf(order.id);
    expect(items.map((i) => [i.item_type, i.name, i.quantity, i.unit_price_cents])).toEqual([
      ['product', tee.name, 24, unit],
      ['product', tee.name, 24, unit],
      ['screens', `Screens, Front of ${tee.name}: 2 × $15.00`, 1, 3000],
      ['screens', `Screens, Back of ${tee.name}: $15.00`, 1, 1500],
    ]);
    const kept = items[0]!.pricing as OrderItemPricing;
    expect(kept.breakdown).toBe('Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75');
    expect(kept.unit_cents).toBe(unit);
    expect(kept.inputs).toMatchObject({
      rush: null,
      area: null,
      darkGarment: false,
      locations: [
        { code: 'front', method: 'screen_print', colors: 2 },
        { code: 'back', method: 'screen_print', colors: 1 },
      ],
    });
    expect(kept.lists).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'garment', id: listIds.garment, version: 1 }),
        expect.objectContaining({ role: 'location:front', id: listIds.screen, version: 1 }),
        expect.objectContaining({ role: 'location:back', id: listIds.screen, version: 1 }),
        expect.objectContaining({ role: 'turnaround', id: listIds.turnaround, version: 1 }),
      ]),
    );
    expect(items[2]!.pricing).toMatchObject({ kind: 'screens', list: { id: listIds.screen, version: 1 } });
    // No flat location charge besides the list's (the seeded back print and setup are not added).
    expect(items.some((i) => i.item_type === 'print_location' || i.item_type === 'setup_fee')).toBe(false);
  });

  it('promises the day on the shop calendar: after closing on a working day, across a holiday', async () => {
    await saveShopCalendar(database.db, {
      working_weekdays: [1, 2, 3, 4, 5],
      opens_at: '09:00',
      closes_at: '17:00',
      closed_days: [{ day: '2026-12-03', kind: 'holiday', name: 'Shop holiday' }],
    });
    // 5:30 PM in Midland on Monday, November 30: after closing, so it counts from Tuesday.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
    const res = await checkout([teeLine(tee.m, 24), teeLine(tee.l, 24)], { rush: 'rush-4' }).finally(async () => {
      vi.useRealTimers();
      await saveShopCalendar(database.db, {
        working_weekdays: [1, 2, 3, 4, 5],
        opens_at: '09:00',
        closes_at: '17:00',
        closed_days: [],
      });
    });
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    // From Tue Dec 1: Wed 2, (Thu 3 holiday), Fri 4, Mon 7, Tue 8.
    const kept = await database.db
      .selectFrom('orders')
      .select(sql<string>`to_char(ready_by, 'YYYY-MM-DD')`.as('day'))
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept.day).toBe('2026-12-08');
  });

  it('adds the rush surcharge as a line of its own and keeps the day it promised', async () => {
    // 11:30 PM in Midland on Sunday, November 29 (Monday in UTC): 4 business days is Thursday, December 3.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T05:30:00Z'));
    const res = await checkout([teeLine(tee.m, 24), teeLine(tee.l, 24)], { rush: 'rush-4' }).finally(() =>
      vi.useRealTimers(),
    );
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    const base = 48 * 755 + 4500;
    const rush = Math.round(base * 0.75);
    expect(order.subtotal_cents).toBe(base + rush);
    const items = await itemsOf(order.id);
    expect(items.at(-1)).toMatchObject({
      item_type: 'rush',
      name: 'Rush, 4 business days +75 %',
      quantity: 1,
      unit_price_cents: rush,
      pricing: { kind: 'rush', list: { id: listIds.turnaround, version: 1 } },
    });
    expect((items[0]!.pricing as OrderItemPricing).inputs.rush).toBe('rush-4');
    // The order keeps the promise, and the owner reads it as the order's due date.
    const owner = (await (
      await callFunction(adminOrders, `/api/orders/${order.id}`, {
        params: { id: order.id },
        headers: { authorization },
      })
    ).json()) as AdminOrder;
    expect(owner.ready_by).toBe('2026-12-03');
    // The receipt repeats the promise, not only the surcharge.
    await completeOrder(database.db, order.id, { email: 'rush.receipt@example.com', name: 'Coach Ray' });
    const receipt = await database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'rush.receipt@example.com')
      .where('template_name', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('Ready by: Thu, Dec 3, 2026 (the turnaround you chose)');
    expect(receipt.html_body).toContain('Ready by: <strong>Thu, Dec 3, 2026</strong>');
  });

  it('prices a 96 × 48 in banner as 32 sq ft at the list’s rate and keeps its size and material', async () => {
    const res = await checkout([bannerLine({ widthIn: 96, heightIn: 48, material: '13oz', finishing: [] })]);
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    expect(order.subtotal_cents).toBe(32 * 800);
    const [line] = await itemsOf(order.id);
    expect(line!.unit_price_cents).toBe(32 * 800);
    expect(line!.pricing).toMatchObject({
      inputs: { area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: [] } },
      lists: [{ role: 'area', id: listIds.banner, version: 1 }],
    });
  });

  const refusals: [string, () => unknown[], Json, string, RegExp][] = [
    [
      '7 colours where the chart has 6',
      () => [teeLine(tee.m, 48, [{ code: 'front', artworkId: null, colors: 7 }])],
      {},
      'items.0.locations.0.colors',
      /6 ink colours/,
    ],
    [
      'a 0 × 0 banner',
      () => [bannerLine({ widthIn: 0, heightIn: 0, material: '13oz' })],
      {},
      'items.0.area.widthIn',
      /width/i,
    ],
    [
      'a 500 ft banner',
      () => [bannerLine({ widthIn: 6000, heightIn: 48, material: '13oz' })],
      {},
      'items.0.area.widthIn',
      /10 ft.*500 ft/,
    ],
    [
      'a material not offered',
      () => [bannerLine({ widthIn: 96, heightIn: 48, material: 'mesh' })],
      {},
      'items.0.area.material',
      /13 oz vinyl or 18 oz vinyl/,
    ],
    [
      'a finishing not offered',
      () => [bannerLine({ widthIn: 96, heightIn: 48, material: '13oz', finishing: ['hems', 'foil'] })],
      {},
      'items.0.area.finishing.1',
      /Choose finishing/,
    ],
    [
      'a stitch count not among the sizes',
      () => [teeLine(tee.m, 12, [{ code: 'left-chest', artworkId: null, stitches: 101 }])],
      {},
      'items.0.locations.0.stitches',
      /Left-chest logo/,
    ],
    ['an area product with no area', () => [bannerLine(undefined)], {}, 'items.0.area', /Choose a size/],
    [
      'a rush option not offered',
      () => [teeLine(tee.m, 24), teeLine(tee.l, 24)],
      { rush: 'rush-1' },
      'rush',
      /not offered/,
    ],
  ];

  it.each(refusals)('refuses %s naming the field, storing nothing', async (_, items, extra, field, message) => {
    const before = await shopState(database.db);
    const res = await checkout(items(), extra);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code, JSON.stringify(body.error.fields)).toBe('invalid_input');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect(body.error.fields?.[field]).toMatch(message);
    expect(await shopState(database.db)).toEqual(before);
  });

  it('names the line of a later item as the request does', async () => {
    const res = await checkout([
      teeLine(tee.m, 24),
      bannerLine({ widthIn: 96, heightIn: 48, material: '13oz' }),
      teeLine(tee.l, 24, [{ code: 'front', artworkId: null, colors: 7 }]),
    ]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty(['items.2.locations.0.colors']);
  });

  it('refuses a list-priced product at Buy Now, which carries no print choices', async () => {
    const before = await shopState(database.db);
    const res = await postJson(buyNow, '/api/checkout', {
      productId: tee.productId,
      color_id: tee.colorId,
      size_id: tee.m,
      quantity: 24,
      fulfillment: 'local',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields?.['productId']).toMatch(/add it to your cart/);
    expect(await shopState(database.db)).toEqual(before);
  });

  it('reports the new price to an open cart after the owner edits the list', async () => {
    const refresh = async () => {
      const res = await postJson(cartRefresh, '/api/cart/refresh', {
        items: [teeLine(tee.m, 24), teeLine(tee.l, 24)],
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as CartRefreshAnswer).lines;
    };
    const [before] = await refresh();
    expect(before).toMatchObject({ purchasable: true, price_cents: 755 });
    expect(before!.breakdown).toContain('Front, 2 colours $2.80');

    const data = structuredClone(contractScreenPrint.data) as ScreenPrintList;
    data.grid.cells[2]![1] = 300;
    await database.db
      .updateTable('price_lists')
      .set({ data: jsonb(data), version: 2 })
      .where('id', '=', listIds.screen)
      .execute();
    await database.db
      .insertInto('price_list_versions')
      .values({ price_list_id: listIds.screen, version: 2, data: jsonb(data) })
      .execute();

    const [after] = await refresh();
    expect(after).toMatchObject({ purchasable: true, price_cents: 775 });
    // The answer carries today's list, so the cart prices a later quantity change from it.
    const front = after!.list_product?.print_locations.find((l) => l.code === 'front');
    expect(front?.price_list).toMatchObject({ id: listIds.screen, version: 2 });

    // A refresh with an input the list refuses names why on the line.
    const bad = await postJson(cartRefresh, '/api/cart/refresh', {
      items: [teeLine(tee.m, 48, [{ code: 'front', artworkId: null, colors: 7 }])],
    });
    const [refused] = ((await bad.json()) as CartRefreshAnswer).lines;
    expect(refused).toMatchObject({ purchasable: false, price_cents: null });
    expect(refused!.message).toMatch(/6 ink colours/);
  });
});
