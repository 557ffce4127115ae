import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import cartRefresh from '../../netlify/functions/cart-refresh.mts';
import productBySlugFn from '../../netlify/functions/product-by-slug.mts';
import type { ProductDetail } from '../../src/lib/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, productBySlug, sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Line = { productId: string; colorId: string | null; sizeId: string | null; quantity: number };

const checkout = (items: unknown[]) => postJson(cartCheckout, '/api/cart/checkout', { items, fulfillment: 'local' });

/** The seed's Tourney Tee: $24.00 a piece, then 12+ $19.00, 24+ $16.00, 48+ $13.00, 100+ $11.00. */
const TEE = 'city-champ-tourney-tee';

describe.each(DATABASE_KINDS)('quantity price tiers and minimums at checkout on %s', (kind) => {
  let database: TestDatabase;
  /** Three sizes of the tee in one colour, and one size in another colour. */
  let sizes: Line[];
  let otherColor: Line;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const tee = await productBySlug(database.db, TEE);
    const variants = await database.db
      .selectFrom('product_variants')
      .select(['color_id', 'size_id'])
      .where('product_id', '=', tee.id)
      .orderBy('color_id')
      .orderBy('size_id')
      .execute();
    const color = variants[0]!.color_id;
    sizes = variants
      .filter((v) => v.color_id === color)
      .slice(0, 3)
      .map((v) => ({ productId: tee.id, colorId: v.color_id, sizeId: v.size_id, quantity: 0 }));
    const other = variants.find((v) => v.color_id !== color)!;
    otherColor = { productId: tee.id, colorId: other.color_id, sizeId: other.size_id, quantity: 0 };
    await database.db
      .updateTable('product_variants')
      .set({ stock_qty: 500 })
      .where('product_id', '=', tee.id)
      .execute();
  });
  afterAll(() => database.dispose());

  async function subtotalOf(res: Response): Promise<number> {
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    return order.subtotal_cents;
  }

  it('prices 6 S + 10 M + 8 L of one colour at the 24-piece tier, whatever price the browser sent', async () => {
    const [s, m, l] = sizes;
    const items = [
      { ...s!, quantity: 6, price_cents: 1 },
      { ...m!, quantity: 10, price_cents: 1 },
      { ...l!, quantity: 8, price_cents: 1 },
    ];
    expect(await subtotalOf(await checkout(items))).toBe(24 * 1600);
  });

  it('counts each colour on its own: 11 pieces are the base price, the 12th reaches the next tier', async () => {
    expect(await subtotalOf(await checkout([{ ...sizes[0]!, quantity: 11 }]))).toBe(11 * 2400);
    expect(await subtotalOf(await checkout([{ ...sizes[0]!, quantity: 12 }]))).toBe(12 * 1900);
    const split = [
      { ...sizes[0]!, quantity: 12 },
      { ...otherColor, quantity: 5 },
    ];
    expect(await subtotalOf(await checkout(split))).toBe(12 * 1900 + 5 * 2400);
  });

  it('refuses a line below its minimum with what to add, and stores and holds nothing', async () => {
    const sign = await productBySlug(database.db, 'custom-yard-sign');
    const size = await database.db
      .selectFrom('product_sizes')
      .select('size_id')
      .where('product_id', '=', sign.id)
      .executeTakeFirstOrThrow();
    const signs = (quantity: number) => [{ productId: sign.id, sizeId: size.size_id, quantity }];
    const before = await snapshot(database.db);
    const res = await checkout(signs(9));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.fields?.['items.0.quantity']).toBe(
      'Custom Coroplast Yard Sign is printed in runs of 10 or more (sizes of one colour count together): add 1 more.',
    );
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(await subtotalOf(await checkout(signs(10)))).toBe(10 * 2500);
    expect(await subtotalOf(await checkout(signs(25)))).toBe(25 * 2100);
  });

  it('publishes the tiers and the minimum with the product, and the cart refresh answers the tier price', async () => {
    const res = await callFunction(productBySlugFn, `/api/products/slug/${TEE}`, { params: { slug: TEE } });
    const product = (await res.json()) as ProductDetail;
    expect(product.price_tiers).toEqual([
      { min_quantity: 12, unit_price_cents: 1900 },
      { min_quantity: 24, unit_price_cents: 1600 },
      { min_quantity: 48, unit_price_cents: 1300 },
      { min_quantity: 100, unit_price_cents: 1100 },
    ]);
    expect(product.minimum_quantity).toBe(1);

    const refreshed = await postJson(cartRefresh, '/api/cart/refresh', {
      items: [
        { ...sizes[0]!, quantity: 20 },
        { ...sizes[1]!, quantity: 4 },
      ],
    });
    expect(refreshed.status).toBe(200);
    const lines = ((await refreshed.json()) as { lines: { price_cents: number | null }[] }).lines;
    expect(lines.map((l) => l.price_cents)).toEqual([1600, 1600]);
  });
});
