import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import { availabilityText, type ProductDetail, totalStock } from '../../src/lib/catalog/products.ts';
import { listProducts } from '../../src/server/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { postJson, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 44 item 2: a made-to-order product's colours and sizes carry no stock. A variant saved with
 * an empty cell is not tracked (null, not 0): the product is on sale, its page says nothing about
 * stock, and checkout takes nothing from it.
 */
const { put } = adminProductSaves();
const SLUG = 'game-day-hoodie';

describe.each(DATABASE_KINDS)('variants made to order on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const stockOf = (productId: string) =>
    database.db
      .selectFrom('product_variants')
      .select(['color_id', 'size_id', 'stock_qty'])
      .where('product_id', '=', productId)
      .execute();

  it('saves empty stock cells as not tracked, and the product is on sale with no count shown', async () => {
    const first = await variantOf(database.db, SLUG);
    const variants = await stockOf(first.productId);
    const res = await put(first.productId, {
      variants: variants.map((v, i) => ({ ...v, stock_qty: i === 0 ? '' : null })),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await stockOf(first.productId)).map((v) => v.stock_qty)).toEqual(variants.map(() => null));

    const page = await callFunction(productBySlug, `/api/products/slug/${SLUG}`, { params: { slug: SLUG } });
    const product = (await page.json()) as ProductDetail;
    expect(product.variants.every((v) => v.stock_qty === null)).toBe(true);
    expect(totalStock(product)).toBeNull();
    expect(availabilityText(totalStock(product))).toBe('');
    const card = (await listProducts(database.db)).find((p) => p.slug === SLUG);
    expect(card?.total_stock).toBeNull();
  });

  it('sells a variant made to order without taking stock from it', async () => {
    const hoodie = await variantOf(database.db, SLUG, 1);
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 40 }],
      fulfillment: 'local',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const row = await database.db
      .selectFrom('product_variants')
      .select('stock_qty')
      .where('id', '=', hoodie.variantId)
      .executeTakeFirstOrThrow();
    expect(row.stock_qty).toBeNull();
  });

  it('still refuses a negative or fractional count, storing nothing', async () => {
    const first = await variantOf(database.db, SLUG);
    const before = await stockOf(first.productId);
    const res = await put(first.productId, {
      variants: before.map((v, i) => ({ ...v, stock_qty: i === 0 ? -1 : 2.5 })),
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields['variants.0.stock_qty']).toBe('Must be 0 or more.');
    expect(error.fields['variants.1.stock_qty']).toBe('Enter a whole number.');
    expect(await stockOf(first.productId)).toEqual(before);
  });
});
