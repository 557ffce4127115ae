import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import sizesFunction from '../../netlify/functions/admin-order-sizes.mts';
import type { OrderChangeAnswer } from '../../src/lib/admin-schemas/order-adjustment.ts';
import { TAX_RATE } from '../../src/lib/pricing/cart-totals.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { releaseOrder } from '../../src/server/orders/release-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Changing the sizes of a paid order's design (docs/decisions/0029-deposits.md, "+6 XL"): repriced as checkout prices
 * it (sizes of a design together by the product's quantity tiers, the back print on every piece),
 * stock taken or put back, the order re-totalled with its tax and the change on the timeline;
 * refused in words with nothing stored when it cannot be done.
 */
const { authorization } = adminProductSaves();
const tax = (cents: number) => Math.round(cents * TAX_RATE);
const SLUG = 'city-champ-tourney-tee';

const changeSizes = (orderId: string, body: unknown) =>
  callFunction(sizesFunction, `/api/orders/${orderId}/sizes`, {
    method: 'POST',
    params: { id: orderId },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

type Sizes = Record<'S' | 'M' | 'L' | 'XL', { sizeId: string; variantId: string }>;

/** The tee's variants in its first colour, by size name, each with `stock` pieces on the shelf. */
async function teeSizes(db: Kysely<Database>, stock: number) {
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('colors as c', 'c.id', 'v.color_id')
    .innerJoin('sizes as s', 's.id', 'v.size_id')
    .select([
      'p.id as productId',
      'c.id as colorId',
      'c.name as colorName',
      's.name',
      's.id as sizeId',
      'v.id as variantId',
    ])
    .where('p.slug', '=', SLUG)
    .where('c.is_active', '=', true)
    .orderBy('c.sort_order')
    .execute();
  const colorId = rows[0]!.colorId;
  const mine = rows.filter((r) => r.colorId === colorId);
  await db
    .updateTable('product_variants')
    .set({ stock_qty: stock })
    .where(
      'id',
      'in',
      mine.map((r) => r.variantId),
    )
    .execute();
  const sizes = Object.fromEntries(mine.map((r) => [r.name, { sizeId: r.sizeId, variantId: r.variantId }])) as Sizes;
  return { productId: rows[0]!.productId, colorId, colorName: rows[0]!.colorName, sizes };
}

describe.each(DATABASE_KINDS)('size changes of a paid order on %s', (kind) => {
  let database: TestDatabase;
  let tee: Awaited<ReturnType<typeof teeSizes>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await teeSizes(database.db, 100);
  });
  afterAll(() => database.dispose());

  /** 12 tees, 6 M + 4 L + 2 XL, printed on the back (artwork later): $19.00 each and $3.00 a back print. */
  async function order(paid = true) {
    const line = (size: keyof Sizes, quantity: number) => ({
      productId: tee.productId,
      colorId: tee.colorId,
      sizeId: tee.sizes[size].sizeId,
      quantity,
      locations: [{ code: 'back', artworkId: null }],
    });
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [line('M', 6), line('L', 4), line('XL', 2)],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    if (paid) await completeOrder(database.db, row.id, { email: 'sized@example.com', name: 'Si Zed' });
    const items = await database.db
      .selectFrom('order_items')
      .select(['id', 'size_id', 'item_type', 'quantity', 'unit_price_cents', 'name'])
      .where('order_id', '=', row.id)
      .execute();
    const lineOf = (size: keyof Sizes) => items.find((i) => i.size_id === tee.sizes[size].sizeId)!;
    return { id: row.id, subtotal: row.subtotal_cents, total: row.total_cents, items, lineOf };
  }

  const linesOf = (orderId: string) =>
    database.db
      .selectFrom('order_items')
      .select(['size_id', 'item_type', 'quantity', 'unit_price_cents', 'name'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
  const stockOf = async (size: keyof Sizes) =>
    (
      await database.db
        .selectFrom('product_variants')
        .select('stock_qty')
        .where('id', '=', tee.sizes[size].variantId)
        .executeTakeFirstOrThrow()
    ).stock_qty ?? Number.NaN;

  it('adds 6 XL at the price of the design’s pieces, prints their backs, takes them off the shelf and owes the difference', async () => {
    const paid = await order();
    expect(paid.lineOf('XL').unit_price_cents).toBe(1_900);
    // The order dialog offers the design with the tee's sizes, and the pieces ordered of each.
    const admin = (await (
      await callFunction(adminOrders, `/api/orders/${paid.id}`, { params: { id: paid.id }, headers: { authorization } })
    ).json()) as AdminOrder;
    expect(admin.designs).toEqual([
      {
        item_id: paid.lineOf('M').id,
        label: `City Champ Tourney Tee (${tee.colorName}), back`,
        sizes: expect.arrayContaining([
          { size_id: tee.sizes.S.sizeId, name: 'S', quantity: 0 },
          { size_id: tee.sizes.M.sizeId, name: 'M', quantity: 6 },
          { size_id: tee.sizes.XL.sizeId, name: 'XL', quantity: 2 },
        ]),
        // Printed on the back: the tee's other locations can be added at their flat prices.
        locations: [{ code: 'back', name: 'Back' }],
        addable: ['front', 'left-sleeve', 'right-sleeve'].map((code) => expect.objectContaining({ code })),
        list_priced: false,
      },
    ]);
    const xlBefore = await stockOf('XL');
    const answer = await changeSizes(paid.id, {
      item_id: paid.lineOf('M').id,
      sizes: [{ size_id: tee.sizes.XL.sizeId, quantity: 8 }],
    });
    expect(answer.status).toBe(200);
    const delta = 6 * 1_900 + 6 * 300;
    const total = paid.total + delta + tax(paid.subtotal + delta) - tax(paid.subtotal);
    expect(await answer.json()).toEqual({
      id: paid.id,
      total_cents: total,
      balance_cents: total - paid.total,
      overpaid_cents: 0,
    } satisfies OrderChangeAnswer);
    const lines = await linesOf(paid.id);
    expect(lines.filter((l) => l.item_type === 'product').map((l) => [l.quantity, l.unit_price_cents])).toEqual([
      [6, 1_900],
      [4, 1_900],
      [8, 1_900],
    ]);
    expect(lines.find((l) => l.item_type === 'print_location')).toMatchObject({ quantity: 18, unit_price_cents: 300 });
    expect(lines.find((l) => l.item_type === 'setup_fee')).toMatchObject({ quantity: 1 });
    expect(await stockOf('XL')).toBe(xlBefore - 6);
    const event = await database.db
      .selectFrom('order_events')
      .select('comment')
      .where('order_id', '=', paid.id)
      .where('kind', '=', 'order_change')
      .executeTakeFirstOrThrow();
    expect(event.comment).toBe(
      `City Champ Tourney Tee (${tee.colorName}): XL 2 → 8, +$132.00; total $${(paid.total / 100).toFixed(2)} → $${(total / 100).toFixed(2)}`,
    );
  });

  it('applies a quantity break to every size, adds a size and takes one off, putting its pieces back', async () => {
    const paid = await order();
    const [mBefore, sBefore] = [await stockOf('M'), await stockOf('S')];
    const answer = await changeSizes(paid.id, {
      item_id: paid.lineOf('XL').id,
      sizes: [
        { size_id: tee.sizes.XL.sizeId, quantity: 16 },
        { size_id: tee.sizes.S.sizeId, quantity: 6 },
        { size_id: tee.sizes.M.sizeId, quantity: 0 },
      ],
    });
    expect(answer.status).toBe(200);
    // 4 L + 16 XL + 6 S = 26 pieces: the 24-piece price, $16.00, for all of them.
    const lines = await linesOf(paid.id);
    const pieces = lines.filter((l) => l.item_type === 'product');
    expect(pieces.map((l) => [l.size_id, l.quantity, l.unit_price_cents])).toEqual([
      [tee.sizes.L.sizeId, 4, 1_600],
      [tee.sizes.XL.sizeId, 16, 1_600],
      [tee.sizes.S.sizeId, 6, 1_600],
    ]);
    expect(lines.find((l) => l.item_type === 'print_location')!.quantity).toBe(26);
    const delta = 26 * 1_600 - 12 * 1_900 + 14 * 300;
    expect(((await answer.json()) as OrderChangeAnswer).total_cents).toBe(
      paid.total + delta + tax(paid.subtotal + delta) - tax(paid.subtotal),
    );
    expect(await stockOf('M')).toBe(mBefore + 6);
    expect(await stockOf('S')).toBe(sBefore - 6);
  });

  it('leaves an order with fewer pieces paid more than it costs', async () => {
    const paid = await order();
    const answer = await changeSizes(paid.id, {
      item_id: paid.lineOf('L').id,
      sizes: [{ size_id: tee.sizes.M.sizeId, quantity: 2 }],
    });
    expect(answer.status).toBe(200);
    // 8 pieces: below the 12-piece break, the product's own price for each.
    const { price_cents } = await database.db
      .selectFrom('products')
      .select('price_cents')
      .where('id', '=', tee.productId)
      .executeTakeFirstOrThrow();
    const delta = 8 * price_cents - 12 * 1_900 - 4 * 300;
    const body = (await answer.json()) as OrderChangeAnswer;
    expect(body.total_cents).toBe(paid.total + delta + tax(paid.subtotal + delta) - tax(paid.subtotal));
    expect(body.overpaid_cents).toBe(paid.total - body.total_cents);
    expect(body.balance_cents).toBe(0);
  });

  it('refuses, in words, what cannot be done, storing nothing', async () => {
    const paid = await order();
    const pending = await order(false);
    const cancelled = await order(false);
    await releaseOrder(database.db, cancelled.id);
    const charge = paid.items.find((i) => i.item_type === 'print_location')!;
    await database.db
      .updateTable('product_variants')
      .set({ stock_qty: 3 })
      .where('id', '=', tee.sizes.XL.variantId)
      .execute();
    const before = await snapshot(database.db);
    const xl = (quantity: number) => [{ size_id: tee.sizes.XL.sizeId, quantity }];

    const refusals: [string, unknown, number, string][] = [
      [paid.id, { item_id: paid.lineOf('M').id, sizes: xl(8) }, 409, 'out_of_stock'],
      [paid.id, { item_id: paid.lineOf('M').id, sizes: xl(2) }, 400, 'nothing_changed'],
      [
        paid.id,
        { item_id: paid.lineOf('M').id, sizes: [{ size_id: crypto.randomUUID(), quantity: 2 }] },
        400,
        'invalid_input',
      ],
      [
        paid.id,
        {
          item_id: paid.lineOf('M').id,
          sizes: ['M', 'L', 'XL'].map((s) => ({ size_id: tee.sizes[s as keyof Sizes].sizeId, quantity: 0 })),
        },
        400,
        'no_pieces',
      ],
      [
        paid.id,
        { item_id: paid.lineOf('M').id, sizes: [{ size_id: tee.sizes.XL.sizeId, quantity: 2.5 }] },
        400,
        'invalid_input',
      ],
      [paid.id, { item_id: paid.lineOf('M').id, sizes: [] }, 400, 'invalid_input'],
      [paid.id, { item_id: charge.id, sizes: xl(3) }, 409, 'not_sized'],
      [paid.id, { item_id: crypto.randomUUID(), sizes: xl(3) }, 404, 'not_found'],
      [pending.id, { item_id: pending.lineOf('M').id, sizes: xl(3) }, 409, 'order_not_paid'],
      [cancelled.id, { item_id: cancelled.lineOf('M').id, sizes: xl(3) }, 409, 'order_cancelled'],
    ];
    for (const [orderId, body, status, code] of refusals) {
      const answer = await changeSizes(orderId, body);
      const error = ((await answer.json()) as ErrorBody & { error: { message: string } }).error;
      expect([answer.status, error.code], JSON.stringify(body)).toEqual([status, code]);
      expect(error.message.length).toBeGreaterThan(10);
    }
    const short = (await (await changeSizes(paid.id, refusals[0]![1])).json()) as { error: { message: string } };
    expect(short.error.message).toBe(
      `Only 3 more of City Champ Tourney Tee (${tee.colorName}, XL) in stock: 6 were asked for.`,
    );
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    // A line priced by its area (no sizes), or one whose product's price changed since.
    await database.db
      .updateTable('order_items')
      .set({
        pricing: jsonb({
          inputs: { locations: [], area: { widthIn: 24, heightIn: 24, material: '13oz', finishing: [] } },
          lists: [],
        }),
      })
      .where('id', '=', paid.lineOf('L').id)
      .execute();
    const listed = await changeSizes(paid.id, { item_id: paid.lineOf('L').id, sizes: xl(3) });
    expect([listed.status, ((await listed.json()) as ErrorBody).error.code]).toEqual([409, 'list_priced']);
    await database.db
      .updateTable('product_price_tiers')
      .set({ unit_price_cents: 1_950 })
      .where('product_id', '=', tee.productId)
      .where('min_quantity', '=', 12)
      .execute();
    try {
      const repriced = await changeSizes(paid.id, { item_id: paid.lineOf('M').id, sizes: xl(3) });
      expect([repriced.status, ((await repriced.json()) as ErrorBody).error.code]).toEqual([409, 'prices_changed']);
    } finally {
      await database.db
        .updateTable('product_price_tiers')
        .set({ unit_price_cents: 1_900 })
        .where('product_id', '=', tee.productId)
        .where('min_quantity', '=', 12)
        .execute();
      await database.db
        .updateTable('product_variants')
        .set({ stock_qty: 100 })
        .where('id', '=', tee.sizes.XL.variantId)
        .execute();
    }
  });
});

describe('two size changes racing for the last pieces on postgres', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('gives them to one: the other is refused in words and changes nothing', async () => {
    const tee = await teeSizes(database.db, 100);
    const orders = await Promise.all(
      [1, 2].map(async () => {
        const started = await postJson(cartCheckout, '/api/cart/checkout', {
          items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizes.M.sizeId, quantity: 12 }],
          fulfillment: 'local',
        });
        const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
        await completeOrder(database.db, row.id, { email: 'racer@example.com', name: 'Ray Sir' });
        const line = await database.db
          .selectFrom('order_items')
          .select('id')
          .where('order_id', '=', row.id)
          .executeTakeFirstOrThrow();
        return { id: row.id, total: row.total_cents, itemId: line.id };
      }),
    );
    await database.db
      .updateTable('product_variants')
      .set({ stock_qty: 6 })
      .where('id', '=', tee.sizes.XL.variantId)
      .execute();
    const answers = await Promise.all(
      orders.map((o) =>
        changeSizes(o.id, { item_id: o.itemId, sizes: [{ size_id: tee.sizes.XL.sizeId, quantity: 6 }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = orders[answers.findIndex((a) => a.status === 409)]!;
    const { error } = (await answers.find((a) => a.status === 409)!.json()) as ErrorBody;
    expect(error.code).toBe('out_of_stock');
    const stock = await database.db
      .selectFrom('product_variants')
      .select('stock_qty')
      .where('id', '=', tee.sizes.XL.variantId)
      .executeTakeFirstOrThrow();
    expect(stock.stock_qty).toBe(0);
    const unchanged = await database.db
      .selectFrom('orders')
      .select('total_cents')
      .where('id', '=', lost.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.total_cents).toBe(lost.total);
  });
});
