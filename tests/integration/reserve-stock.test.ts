import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutLine } from '../../src/server/checkout/load-lines.ts';
import type { StockSource } from '../../src/server/orders/stock-lock-order.ts';
import { reserveStockAndCommit, StockShort, shortfall } from '../../src/server/checkout/reserve-stock.ts';
import { DRIVER_KINDS, createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * The reservation is one statement per stock table (variants, then products), the last sent
 * with COMMIT; a short row stops it and the 409 is read afterwards. These pin what the
 * line-by-line version answered, so the cart's "Set to N" offers read the same.
 */
describe.each(DRIVER_KINDS)('reserving stock on %s', (kind) => {
  let database: TestDatabase;
  let variants: string[];
  let product: string;

  const line = (stock: StockSource, quantity: number, name = 'Item'): CheckoutLine => ({
    productId: '00000000-0000-4000-8000-000000000000',
    colorId: null,
    sizeId: null,
    name,
    colorName: null,
    sizeName: null,
    unitPriceCents: 100,
    locations: [],
    quantity,
    stock,
  });
  const variantStock = async () =>
    (
      await database.db
        .selectFrom('product_variants')
        .select(['id', 'stock_qty'])
        .where('id', 'in', variants)
        .orderBy('id')
        .execute()
    ).map((r) => r.stock_qty);
  const productStock = async () =>
    (await database.db.selectFrom('products').select('stock_qty').where('id', '=', product).executeTakeFirstOrThrow())
      .stock_qty;
  /** Runs the reservation as the end of a transaction that stored an order first. */
  const reserve = (lines: CheckoutLine[]) =>
    database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('orders')
        .values({ email: 'reserve@test.example', fulfillment: 'local', subtotal_cents: 1, total_cents: 1 })
        .execute();
      await reserveStockAndCommit(trx, lines);
    });
  const orders = async () =>
    Number(
      (
        await database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email', '=', 'reserve@test.example')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const refusal = async (lines: CheckoutLine[]) => {
    const before = await orders();
    await expect(reserve(lines)).rejects.toBeInstanceOf(StockShort);
    expect(await orders()).toBe(before); // the whole transaction rolled back
    const conflict = await shortfall(database.db, lines);
    expect(conflict?.code).toBe('out_of_stock');
    return { fields: conflict?.fields, lines: conflict?.lines ?? [] };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db.selectFrom('product_variants').select('id').orderBy('id').limit(3).execute();
    variants = rows.map((r) => r.id);
    product = (await database.db.selectFrom('products').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => database.dispose());

  it('takes every line of both tables, summing lines of one row, and leaves made-to-order lines alone', async () => {
    await database.db.updateTable('product_variants').set({ stock_qty: 10 }).where('id', 'in', variants).execute();
    await database.db.updateTable('products').set({ stock_qty: 7 }).where('id', '=', product).execute();
    await reserve([
      line({ kind: 'variant', id: variants[2]! }, 3),
      line({ kind: 'product', id: product }, 7),
      line({ kind: 'untracked' }, 1000),
      line({ kind: 'variant', id: variants[0]! }, 4),
      line({ kind: 'variant', id: variants[2]! }, 5),
    ]);
    expect(await variantStock()).toEqual([6, 10, 2]);
    expect(await productStock()).toBe(0);
    expect(await orders()).toBe(1);
  });

  it('refuses all or nothing, naming each short line with what is left for it in lock order', async () => {
    await database.db.updateTable('product_variants').set({ stock_qty: 10 }).where('id', 'in', variants).execute();
    await database.db.updateTable('products').set({ stock_qty: 2 }).where('id', '=', product).execute();
    const lines = [
      line({ kind: 'variant', id: variants[1]! }, 6, 'First'),
      line({ kind: 'variant', id: variants[0]! }, 1),
      line({ kind: 'variant', id: variants[1]! }, 6, 'Second'),
      line({ kind: 'product', id: product }, 3, 'Banner'),
    ];
    const details = await refusal(lines);
    expect(details.fields).toEqual({
      'items.2.quantity': 'Only 4 left of Second.',
      'items.3.quantity': 'Only 2 left of Banner.',
    });
    expect(details.lines.map((l) => [l.index, l.available])).toEqual([
      [2, 4],
      [3, 2],
    ]);
    expect(await variantStock()).toEqual([10, 10, 10]);
    expect(await productStock()).toBe(2);

    // Only the products row short (the variants' statement had taken its pieces): all given back.
    await database.db.updateTable('products').set({ stock_qty: 0 }).where('id', '=', product).execute();
    expect((await refusal([lines[1]!, lines[3]!])).fields).toEqual({ 'items.1.quantity': 'Banner is sold out.' });
    expect(await variantStock()).toEqual([10, 10, 10]);

    // A colour x size the product has no row for is sold out before anything is taken.
    expect((await refusal([lines[1]!, line({ kind: 'none' }, 1, 'Ghost')])).fields).toEqual({
      'items.1.quantity': 'Ghost is sold out.',
    });
    expect(await variantStock()).toEqual([10, 10, 10]);
  });

  it('answers no refusal when a fresh read finds enough, so the checkout may try again', async () => {
    await database.db.updateTable('product_variants').set({ stock_qty: 3 }).where('id', 'in', variants).execute();
    expect(await shortfall(database.db, [line({ kind: 'variant', id: variants[0]! }, 3)])).toBeNull();
    const gone = '00000000-0000-4000-8000-00000000dead';
    expect((await shortfall(database.db, [line({ kind: 'variant', id: gone }, 1, 'Gone')]))?.fields).toEqual({
      'items.0.quantity': 'Gone is sold out.',
    });
  });
});
