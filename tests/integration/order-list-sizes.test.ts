import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderChangeAnswer } from '../../src/lib/admin-schemas/order-adjustment.ts';
import type { OrderItemPricing } from '../../src/lib/pricing/line-record.ts';
import type { ScreenPrintList } from '../../src/lib/pricing/lists.ts';
import { TAX_RATE } from '../../src/lib/pricing/cart-totals.ts';
import { getOrder } from '../../src/server/admin/orders.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { orderBySession, sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import {
  type ChangeShop,
  changeScreenPrint,
  changeSizes,
  orderLines,
  paidTeeOrder,
  seedChangeShop,
} from '../support/list-priced-changes.ts';
import { listCheckout } from '../support/list-priced-shop.ts';
import { paymentRequestCalls } from '../support/payment-requests.ts';

/**
 * Size changes of a paid order's pieces priced by the owner's lists
 * (docs/decisions/0029-deposits.md on docs/decisions/0027-price-lists.md): the design's new pieces
 * reprice every size from the list version the order kept, across a break either way, with the
 * screens kept as charged, the rush and the tax following, the stock moved, the timeline, the order
 * page and the admin saying so; refused in words, storing nothing, when the list cannot price the
 * change or the line was priced by its area.
 */
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);
const tax = (cents: number) => Math.round(cents * TAX_RATE);

describe.each(DATABASE_KINDS)('size changes of list-priced pieces on %s', (kind) => {
  let database: TestDatabase;
  let shop: ChangeShop;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    shop = await seedChangeShop(database.db);
  });
  afterAll(() => database.dispose());

  const xlStock = async () =>
    (
      await database.db
        .selectFrom('product_variants')
        .select('stock_qty')
        .where('id', '=', shop.xlVariant)
        .executeTakeFirstOrThrow()
    ).stock_qty ?? Number.NaN;

  /** Saves the screen-print list as the admin does: the next version, kept. */
  const saveList = async (version: number, data: ScreenPrintList) => {
    await database.db
      .updateTable('price_lists')
      .set({ version, data: jsonb(data) })
      .where('id', '=', shop.screenListId)
      .execute();
    await database.db
      .insertInto('price_list_versions')
      .values({ price_list_id: shop.screenListId, version, data: jsonb(data) })
      .execute();
  };

  it('reprices every piece when +6 XL crosses a break, from the version the order kept', async () => {
    const order = await paidTeeOrder(database.db, shop, { [shop.tee.m]: 12, [shop.tee.l]: 12 }, 'rush-4');
    // 24 pieces: $4.00 blank + $5.20 two colours = $9.20; screens 2 × $15.00; rush +75 %.
    expect(order.subtotal_cents).toBe(24 * 920 + 3000 + (24 * 920 + 3000) * 0.75);
    // The owner doubles the list after the order: the change still prices by version 1.
    const doubled = {
      ...changeScreenPrint,
      grid: { ...changeScreenPrint.grid, cells: changeScreenPrint.grid.cells.map((r) => r.map((c) => c && c * 2)) },
    };
    await saveList(2, doubled);
    const stock = await xlStock();
    const m = (await orderLines(database.db, order.id)).find((l) => l.size_id === shop.tee.m)!;

    const answer = await changeSizes(authorization, order.id, {
      item_id: m.id,
      sizes: [{ size_id: shop.xl, quantity: 6 }],
    });
    expect(answer.status).toBe(200);
    const changed = (await answer.json()) as OrderChangeAnswer;

    const lines = await orderLines(database.db, order.id);
    const pieces = lines.filter((l) => l.item_type === 'product');
    expect(pieces.map((l) => [l.quantity, l.unit_price_cents])).toEqual([
      [12, 790],
      [12, 790],
      [6, 790],
    ]);
    const xl = pieces.find((l) => l.size_id === shop.xl)!.pricing as OrderItemPricing;
    expect(xl.breakdown).toBe('Garment $4.00 · Front, 2 colours $3.90');
    expect(xl.lists.find((l) => l.role === 'location:front')!.version).toBe(1);
    expect(lines.find((l) => l.item_type === 'screens')!.unit_price_cents).toBe(3000);
    const base = 30 * 790 + 3000;
    expect(lines.find((l) => l.item_type === 'rush')!.unit_price_cents).toBe(base * 0.75);
    const subtotal = base * 1.75;
    expect(changed.total_cents).toBe(subtotal + tax(subtotal));
    expect(changed.balance_cents).toBe(changed.total_cents - order.total_cents);
    expect(await xlStock()).toBe(stock - 6);

    const events = await database.db
      .selectFrom('order_events')
      .select('comment')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'order_change')
      .execute();
    expect(events.map((e) => e.comment)).toEqual([
      expect.stringMatching(
        /^West Texas Energy Tee \(.+\): XL 0 → 6, 30 pieces at \$7\.90 a piece \(was \$9\.20\); rush \$188\.10 → \$200\.25, \+\$28\.35; total \$\d+\.\d\d → \$\d+\.\d\d$/,
      ),
    ]);
    const view = (await customerOrderView(database.db, order.id))!;
    expect(view.items.filter((i) => i.priced).map((i) => i.priced!.breakdown)).toEqual(
      Array(3).fill('Garment $4.00 · Front, 2 colours $3.90'),
    );
    const admin = (await getOrder(database.db, order.id))!;
    // The order dialog offers the design for the next change, with the pieces now ordered.
    expect(admin.designs).toEqual([
      {
        item_id: m.id,
        label: expect.stringMatching(/^West Texas Energy Tee \(.+\), front$/),
        sizes: expect.arrayContaining([
          { size_id: shop.tee.m, name: 'M', quantity: 12 },
          { size_id: shop.xl, name: 'XL', quantity: 6 },
        ]),
        locations: [{ code: 'front', name: 'Front' }],
        addable: expect.any(Array),
        list_priced: true,
      },
    ]);
    expect(admin.items.filter((i) => i.item_type === 'product').map((i) => i.priced!.breakdown)).toEqual(
      Array(3).fill('Garment $4.00 · Front, 2 colours $3.90'),
    );

    // The difference can be asked for.
    const request = await ask(order.id, { kind: 'balance' });
    expect(request.status).toBe(201);
    expect(((await request.json()) as { amount_cents: number }).amount_cents).toBe(changed.balance_cents);
    // The owner takes the list back to its first prices (version 3) for the next orders.
    await saveList(3, changeScreenPrint);
  });

  it('raises the price of every piece when a decrease falls below a break', async () => {
    const order = await paidTeeOrder(database.db, shop, { [shop.tee.m]: 12, [shop.tee.l]: 13 });
    const l = (await orderLines(database.db, order.id)).find((i) => i.size_id === shop.tee.l)!;
    expect(l.unit_price_cents).toBe(790);
    const answer = await changeSizes(authorization, order.id, {
      item_id: l.id,
      sizes: [{ size_id: shop.tee.l, quantity: 12 }],
    });
    expect(answer.status).toBe(200);
    const changed = (await answer.json()) as OrderChangeAnswer;
    const pieces = (await orderLines(database.db, order.id)).filter((i) => i.item_type === 'product');
    expect(pieces.map((i) => [i.quantity, i.unit_price_cents])).toEqual([
      [12, 920],
      [12, 920],
    ]);
    const subtotal = 24 * 920 + 3000;
    expect(subtotal - order.subtotal_cents).toBe(24 * 920 - 25 * 790);
    expect(changed.total_cents).toBe(subtotal + tax(subtotal));
    expect(changed.balance_cents).toBe(changed.total_cents - order.total_cents);

    // A second change reads the first one's lines: one XL makes 25 pieces, the order's first price.
    const again = await changeSizes(authorization, order.id, {
      item_id: l.id,
      sizes: [{ size_id: shop.xl, quantity: 1 }],
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as OrderChangeAnswer).total_cents).toBe(order.total_cents);
    const after = (await orderLines(database.db, order.id)).filter((i) => i.item_type === 'product');
    expect(after.map((i) => i.unit_price_cents)).toEqual([790, 790, 790]);
  });

  it('refuses in words, storing nothing, what the lists cannot price', async () => {
    const order = await paidTeeOrder(database.db, shop, { [shop.tee.m]: 12, [shop.tee.l]: 12 });
    const m = (await orderLines(database.db, order.id)).find((i) => i.size_id === shop.tee.m)!;
    const banner = await listCheckout([
      {
        productId: shop.banner.productId,
        colorId: shop.banner.colorId,
        sizeId: shop.banner.sizeId,
        quantity: 1,
        locations: [{ code: 'face', artworkId: null }],
        area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: [] },
      },
    ]);
    expect(banner.status).toBe(201);
    const refuse = async (orderId: string, body: unknown, code: string, words: RegExp) => {
      const before = await snapshot(database.db);
      const answer = await changeSizes(authorization, orderId, body);
      const error = ((await answer.json()) as ErrorBody & { error: { message: string } }).error;
      expect([answer.status, error.code, error.message]).toEqual([409, code, expect.stringMatching(words)]);
      expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    };
    // 48 pieces: the list prices up to 47 (a quote from there).
    await refuse(
      order.id,
      { item_id: m.id, sizes: [{ size_id: shop.tee.m, quantity: 36 }] },
      'not_in_price_list',
      /cannot have 48 pieces at its price list: .*47.*adjustment/,
    );
    // A banner is priced by its area: no sizes to change.
    const bannerOrderId = (
      await orderBySession(database.db, sessionIdOf(((await banner.json()) as { url: string }).url))
    ).id;
    const bannerOrder = await database.db
      .selectFrom('order_items')
      .select(['order_id as orderId', 'id'])
      .where('order_id', '=', bannerOrderId)
      .where('product_id', '=', shop.banner.productId)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('orders')
      .set({ paid_at: new Date() })
      .where('id', '=', bannerOrder.orderId)
      .execute();
    expect((await getOrder(database.db, bannerOrder.orderId))!.designs).toEqual([]);
    await refuse(
      bannerOrder.orderId,
      { item_id: bannerOrder.id, sizes: [{ size_id: shop.banner.sizeId, quantity: 2 }] },
      'list_priced',
      /^This line was priced by price lists, whose sizes cannot change here yet: change it with an adjustment\.$/,
    );
    // The order's version is not kept and the list now prices differently: not a guess.
    await database.db
      .deleteFrom('price_list_versions')
      .where('price_list_id', '=', shop.screenListId)
      .where('version', '=', 3)
      .execute();
    await database.db
      .updateTable('price_lists')
      .set({ version: 4, data: jsonb({ ...changeScreenPrint, screen_fee_cents: 2000 }) })
      .where('id', '=', shop.screenListId)
      .execute();
    await refuse(
      order.id,
      { item_id: m.id, sizes: [{ size_id: shop.xl, quantity: 6 }] },
      'prices_changed',
      /cannot be worked out again.*adjustment/,
    );
    // The list is gone altogether.
    await database.db
      .updateTable('product_print_locations')
      .set({ price_list_id: null })
      .where('price_list_id', '=', shop.screenListId)
      .execute();
    await database.db.deleteFrom('price_lists').where('id', '=', shop.screenListId).execute();
    await refuse(
      order.id,
      { item_id: m.id, sizes: [{ size_id: shop.xl, quantity: 6 }] },
      'list_changed',
      /no longer kept: change the order with an adjustment instead\.$/,
    );
  });
});
