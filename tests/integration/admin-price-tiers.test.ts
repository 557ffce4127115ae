import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import productsRead from '../../netlify/functions/admin-products.mts';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import type { AdminProduct } from '../../src/lib/admin-schemas/index.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

const { authorization, put } = adminProductSaves();

describe.each(DATABASE_KINDS)('the owner sets quantity pricing in the admin on %s', (kind) => {
  let database: TestDatabase;
  let mug: { id: string; slug: string };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    mug = await database.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('slug', '=', 'diner-ceramic-mug')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => database.dispose());

  it('saves a minimum and tiers (any order), reads them back in order, and the shop publishes them', async () => {
    const tiers = [
      { min_quantity: 48, unit_price_cents: 1000 },
      { min_quantity: 12, unit_price_cents: 1400 },
    ];
    const saved = await put(mug.id, { minimum_quantity: 6, price_tiers: tiers });
    expect(saved.status).toBe(200);
    const product = (await saved.json()) as AdminProduct;
    expect(product.minimum_quantity).toBe(6);
    expect(product.price_tiers).toEqual([tiers[1], tiers[0]]);

    const list = await callFunction(productsRead, '/api/admin/products', { headers: { authorization } });
    const listed = ((await list.json()) as AdminProduct[]).find((p) => p.id === mug.id)!;
    expect(listed.price_tiers).toHaveLength(2);

    const shop = await callFunction(productBySlug, `/api/products/slug/${mug.slug}`, { params: { slug: mug.slug } });
    const detail = (await shop.json()) as ProductDetail;
    expect(detail).toMatchObject({ minimum_quantity: 6, price_tiers: [tiers[1], tiers[0]] });
  });

  it('keeps the tiers when a save leaves them out, and clears them with an empty list', async () => {
    expect((await put(mug.id, { name: 'Diner Ceramic Mug' })).status).toBe(200);
    expect(await database.db.selectFrom('product_price_tiers').where('product_id', '=', mug.id).execute()).toHaveLength(
      2,
    );
    const cleared = (await (await put(mug.id, { price_tiers: [] })).json()) as AdminProduct;
    expect(cleared.price_tiers).toEqual([]);
  });

  it('refuses tiers that overlap or start below 2 pieces, and a minimum below 1, changing nothing', async () => {
    const before = await snapshot(database.db);
    const overlap = await put(mug.id, {
      price_tiers: [
        { min_quantity: 12, unit_price_cents: 1400 },
        { min_quantity: 12, unit_price_cents: 1200 },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(((await overlap.json()) as ErrorBody).error.fields).toHaveProperty(
      'price_tiers.1.min_quantity',
      'Another tier already starts at 12 pieces.',
    );
    const one = await put(mug.id, { price_tiers: [{ min_quantity: 1, unit_price_cents: 900 }] });
    expect(((await one.json()) as ErrorBody).error.fields).toHaveProperty('price_tiers.0.min_quantity');
    const minimum = await put(mug.id, { minimum_quantity: 0 });
    expect(minimum.status).toBe(400);
    expect(((await minimum.json()) as ErrorBody).error.fields).toHaveProperty('minimum_quantity');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });
});
