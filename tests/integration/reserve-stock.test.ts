import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict } from '../../src/server/errors.ts';
import type { CheckoutLine, StockSource } from '../../src/server/checkout/load-lines.ts';
import { reserveStock } from '../../src/server/checkout/reserve-stock.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * The reservation is one statement per stock table (variants, then products): these pin what
 * the line-by-line version answered, so the cart's "Set to N" offers read the same.
 */
describe.each(DATABASE_KINDS)('reserving stock on %s', (kind) => {
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
  /** Runs the reservation in a transaction that it either commits or, on a 409, rolls back. */
  const reserve = (lines: CheckoutLine[]) => database.db.transaction().execute((trx) => reserveStock(trx, lines));
  const refusal = async (lines: CheckoutLine[]) => {
    const error = await reserve(lines).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Conflict);
    const { code, fields, lines: short } = error as Conflict;
    expect(code).toBe('out_of_stock');
    return { fields, lines: short ?? [] };
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
  });

  it('refuses all or nothing, naming each short line with what is left for it in lock order', async () => {
    await database.db.updateTable('product_variants').set({ stock_qty: 10 }).where('id', 'in', variants).execute();
    await database.db.updateTable('products').set({ stock_qty: 2 }).where('id', '=', product).execute();
    const details = await refusal([
      line({ kind: 'variant', id: variants[1]! }, 6, 'First'),
      line({ kind: 'variant', id: variants[0]! }, 1),
      line({ kind: 'variant', id: variants[1]! }, 6, 'Second'),
      line({ kind: 'product', id: product }, 3, 'Banner'),
      line({ kind: 'none' }, 1, 'Ghost'),
    ]);
    expect(details.fields).toEqual({
      'items.2.quantity': 'Only 4 left of Second.',
      'items.3.quantity': 'Only 2 left of Banner.',
      'items.4.quantity': 'Ghost is sold out.',
    });
    expect(details.lines.map((l) => [l.index, l.available])).toEqual([
      [2, 4],
      [3, 2],
      [4, 0],
    ]);
    expect(await variantStock()).toEqual([10, 10, 10]);
    expect(await productStock()).toBe(2);
  });

  it('counts a row deleted since the lines were read as sold out', async () => {
    const gone = '00000000-0000-4000-8000-00000000dead';
    const details = await refusal([
      line({ kind: 'variant', id: gone }, 1, 'Gone'),
      line({ kind: 'variant', id: variants[0]! }, 1),
    ]);
    expect(details.fields).toEqual({ 'items.0.quantity': 'Gone is sold out.' });
    expect(await variantStock()).toEqual([10, 10, 10]);
  });
});
