import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalog from '../../netlify/functions/catalog.mts';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import products from '../../netlify/functions/products.mts';
import type { CollectionSummary } from '../../src/lib/catalog/catalog.ts';
import {
  availabilityText,
  type CatalogSection,
  type ProductDetail,
  type ProductSummary,
  totalStock,
} from '../../src/lib/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** Seeded products priced by width × height from an area list (supabase/seed.sql). */
/** The seed's list-priced products: by area, and the garments priced by its charts (issue 44, item 15). */
const LIST_PRICED = [
  'heavy-duty-vinyl-banner',
  'die-cut-logo-stickers',
  'big-sky-crewneck',
  'ranch-hand-work-shirt',
  'pump-jack-long-sleeve',
];

const list = async (query = '') => {
  const res = await callFunction(products, `/api/products${query}`);
  return { res, body: (await res.json()) as ProductSummary[] };
};
const bySlug = (slug: string) => callFunction(productBySlug, `/api/products/slug/${slug}`, { params: { slug } });
const detail = async (slug: string) => {
  const res = await bySlug(slug);
  expect(res.status).toBe(200);
  return (await res.json()) as ProductDetail;
};
const getCatalog = async () => (await (await callFunction(catalog, '/api/catalog')).json()) as CatalogSection[];

describe.each(DATABASE_KINDS)('products and catalog API on %s', (kind) => {
  let database: TestDatabase;
  const run = <T>(query: ReturnType<typeof sql<T>>) => query.execute(database.db).then((r) => r.rows);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('GET /api/products lists the public products in shop order with their total stock', async () => {
    const { res, body } = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const expected = await run(sql<{ slug: string }>`
      select p.slug from products p join collections c on c.id = p.collection_id
      where p.is_active and c.is_active order by p.sort_order, p.name`);
    expect(body.map((p) => p.slug)).toEqual(expected.map((r) => r.slug));
    expect(Object.keys(body[0]!).sort()).toEqual([
      'collection',
      'id',
      'image_main_url',
      'name',
      'price_cents',
      'product_type',
      'slug',
      'total_stock',
    ]);
    const find = (slug: string) => body.find((p) => p.slug === slug)!;
    expect(find('city-champ-rope-cap')).toMatchObject({
      name: 'City Champ Rope Cap',
      price_cents: 2800,
      collection: 'city-champ-golf',
      image_main_url: '/images/products/city-champ-rope-cap.webp',
      product_type: 'headwear',
    });
    // Variants hold the stock of products with colours or sizes; the others keep their own count.
    expect(find('city-champ-quarter-zip').total_stock).toBe(0);
    expect(find('holographic-lone-star-sticker').total_stock).toBe(3);
    expect(find('dancing-armadillo-sticker').total_stock).toBe(0);
    expect(find('city-champ-sticker-pack').total_stock).toBe(40);
    expect(find('sticker-sampler-pack').total_stock).toBeNull();
    const [capStock] = await run(sql<{ n: number }>`
      select sum(v.stock_qty)::int as n from product_variants v join products p on p.id = v.product_id
      where p.slug = 'city-champ-rope-cap'`);
    expect(find('city-champ-rope-cap').total_stock).toBe(capStock!.n);
  });

  it('?category= keeps one collection; an unknown one is an empty list and a malformed one a 400', async () => {
    const { body } = await list('?category=sticker-shop');
    expect(body.length).toBe(6);
    expect(new Set(body.map((p) => p.collection))).toEqual(new Set(['sticker-shop']));
    expect(body[0]!.slug).toBe('die-cut-logo-stickers');

    const unknown = await list('?category=no-such-collection');
    expect(unknown.res.status).toBe(200);
    expect(unknown.body).toEqual([]);

    const bad = await callFunction(products, `/api/products?category=${encodeURIComponent("x' or 1=1 --")}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string; fields: object } }).error).toMatchObject({
      code: 'invalid_input',
      fields: { category: expect.any(String) },
    });
  });

  it('GET /api/products/slug/{slug} answers the product with colours, sizes and variant stock', async () => {
    const polo = await detail('city-champ-performance-polo');
    expect(polo).toMatchObject({
      name: 'City Champ Performance Polo',
      sku: 'CCG-POLO',
      product_type: 'apparel',
      price_cents: 4200,
      image_main_url: '/images/products/city-champ-performance-polo.webp',
      image_secondary_url: null,
      collection: { slug: 'city-champ-golf', name: 'City Champ Golf' },
      stock_qty: null,
      weight_oz: 7.5,
      length_in: 12,
      width_in: 10,
      height_in: 1.5,
    });
    expect(polo.description.split('\n')[0]).toBe(
      'A moisture-wicking polo with the City Champ crest embroidered on the chest.',
    );
    // Colours and sizes in the shop's order.
    expect(polo.colors.map((c) => c.name)).toEqual(['Black', 'White', 'Navy']);
    expect(polo.colors.find((c) => c.name === 'Navy')!.hex).toBe('#1F2A44');
    expect(polo.sizes.map((s) => s.name)).toEqual(['S', 'M', 'L', 'XL', '2XL']);
    expect(polo.variants).toHaveLength(15);
    const colorIds = new Set(polo.colors.map((c) => c.id));
    const sizeIds = new Set(polo.sizes.map((s) => s.id));
    for (const v of polo.variants) {
      expect(colorIds.has(v.color_id!)).toBe(true);
      expect(sizeIds.has(v.size_id!)).toBe(true);
      expect(Number.isInteger(v.stock_qty)).toBe(true);
    }
    expect(Object.keys(polo.variants[0]!).sort()).toEqual(['color_id', 'size_id', 'stock_qty']);

    // Colour-only and size-only products keep null on the other side of the variant.
    const towel = await detail('city-champ-golf-towel');
    expect(towel.sizes).toEqual([]);
    expect(towel.variants.map((v) => v.size_id)).toEqual([null, null]);
    const navy = towel.colors.find((c) => c.name === 'Navy')!;
    expect(towel.variants.find((v) => v.color_id === navy.id)!.stock_qty).toBe(2);
    const sign = await detail('hole-sponsor-sign');
    expect(sign.colors).toEqual([]);
    expect(sign.variants.every((v) => v.color_id === null && v.size_id !== null)).toBe(true);
  });

  it('shows a sold-out product with zero stock and a stock-tracked product without variants', async () => {
    const soldOut = await detail('city-champ-quarter-zip');
    expect(soldOut.variants.length).toBe(10);
    expect(soldOut.variants.every((v) => v.stock_qty === 0)).toBe(true);
    expect(totalStock(soldOut)).toBe(0);
    expect(availabilityText(totalStock(soldOut))).toBe('Out of stock');

    const sticker = await detail('holographic-lone-star-sticker');
    expect(sticker).toMatchObject({ colors: [], sizes: [], variants: [], stock_qty: 3 });
    expect(availabilityText(totalStock(sticker))).toBe('Only 3 left');
    const untracked = await detail('sticker-sampler-pack');
    expect(totalStock(untracked)).toBeNull();
  });

  it('answers live stock: a change in the database shows on the next call', async () => {
    await sql`update products set stock_qty = 1 where slug = 'city-champ-sticker-pack'`.execute(database.db);
    expect((await detail('city-champ-sticker-pack')).stock_qty).toBe(1);
    const { body } = await list('?category=city-champ-golf');
    expect(body.find((p) => p.slug === 'city-champ-sticker-pack')!.total_stock).toBe(1);
  });

  it('answers 404 with a JSON error for an unknown, malformed or inactive product', async () => {
    const unknown = await bySlug('no-such-product');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'not_found', message: 'There is no product "no-such-product".' },
    });
    expect((await bySlug('Not A Slug')).status).toBe(404);
    // city-champ-visor is inactive in an active collection; the holiday tee in a retired one.
    expect((await bySlug('city-champ-visor')).status).toBe(404);
    expect((await bySlug('ugly-sweater-tee-2025')).status).toBe(404);
  });

  it('never gives a client an inactive product, nor an active one in a hidden collection', async () => {
    const hidden = new Set(
      (
        await run(sql<{ slug: string }>`
          select p.slug from products p join collections c on c.id = p.collection_id
          where not p.is_active or not c.is_active`)
      ).map((r) => r.slug),
    );
    expect(hidden.has('city-champ-visor')).toBe(true);
    const { body } = await list();
    expect(body.filter((p) => hidden.has(p.slug))).toEqual([]);
    expect((await list('?category=holiday-market-2025')).body).toEqual([]);
    const catalogSlugs = (await getCatalog()).flatMap((s) => s.products.map((p) => p.slug));
    expect(catalogSlugs.filter((slug) => hidden.has(slug))).toEqual([]);

    await sql`update collections set is_active = false where slug = 'sticker-shop'`.execute(database.db);
    try {
      expect((await bySlug('holographic-lone-star-sticker')).status).toBe(404);
      expect((await list()).body.some((p) => p.collection === 'sticker-shop')).toBe(false);
      expect((await getCatalog()).some((s) => s.collection.slug === 'sticker-shop')).toBe(false);
    } finally {
      await sql`update collections set is_active = true where slug = 'sticker-shop'`.execute(database.db);
    }
  });

  it('leaves out an inactive colour and the stock of its variants', async () => {
    const before = await detail('city-champ-performance-polo');
    const navy = before.colors.find((c) => c.name === 'Navy')!;
    const navyStock = before.variants.filter((v) => v.color_id === navy.id).reduce((n, v) => n + (v.stock_qty ?? 0), 0);
    await sql`update colors set is_active = false where name = 'Navy'`.execute(database.db);
    try {
      const after = await detail('city-champ-performance-polo');
      expect(after.colors.map((c) => c.name)).toEqual(['Black', 'White']);
      expect(after.variants).toHaveLength(10);
      expect(totalStock(after)).toBe(totalStock(before)! - navyStock);
      const { body } = await list('?category=city-champ-golf');
      expect(body.find((p) => p.slug === 'city-champ-performance-polo')!.total_stock).toBe(totalStock(after));
    } finally {
      await sql`update colors set is_active = true where name = 'Navy'`.execute(database.db);
    }
  });

  it('GET /api/catalog groups the public products under the active collections, both in shop order', async () => {
    const res = await callFunction(catalog, '/api/catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const sections = (await res.json()) as CatalogSection[];
    const collections = (await run(sql<CollectionSummary>`
      select slug, name, description, image_main_url from collections where is_active order by sort_order, name`)) as CatalogSection['collection'][];
    expect(sections.map((s) => s.collection)).toEqual(collections);

    const { body: all } = await list();
    for (const section of sections) {
      const expected = all.filter((p) => p.collection === section.collection.slug);
      expect(section.products.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
      for (const p of section.products) {
        // The seed prices the vinyl banner and the die-cut stickers by area (docs/decisions/0027-price-lists.md): their
        // cards carry "from $X each at N pieces"; every other card keeps its own price alone.
        const card = ['collection', 'id', 'image_main_url', 'name', 'price_cents', 'slug'];
        expect(Object.keys(p).sort()).toEqual(
          LIST_PRICED.includes(p.slug) ? [...card.slice(0, 1), 'from_price', ...card.slice(1)] : card,
        );
      }
    }
    expect(sections.reduce((n, s) => n + s.products.length, 0)).toBe(all.length);
    expect(sections[0]!.products[0]).toMatchObject({ slug: 'city-champ-performance-polo', price_cents: 4200 });
    const card = (slug: string) => sections.flatMap((s) => s.products).find((p) => p.slug === slug);
    // The banner's smallest one-tap size, 2 × 4 ft = 8 sq ft of 13 oz vinyl, at the list's last
    // band (25 pieces and up, $6.50 a sq ft): 8 × $6.50 = $52.00 each.
    expect(card('heavy-duty-vinyl-banner')?.from_price).toEqual({ cents: 5200, pieces: 25 });
    // A 2 × 2 in sticker is 4/144 sq ft; the last band starts at 100 sq ft = 3,600 stickers, gloss
    // vinyl at $4.50 a sq ft: 4/144 × 450 = 12.5, rounded to 13 cents each.
    expect(card('die-cut-logo-stickers')?.from_price).toEqual({ cents: 13, pieces: 3600 });
  });

  it('lists a collection without products with an empty list', async () => {
    await sql`insert into collections (name, slug, sort_order) values ('Coming Soon', 'coming-soon', 99)`.execute(
      database.db,
    );
    const sections = await getCatalog();
    expect(sections.at(-1)).toEqual({
      collection: { slug: 'coming-soon', name: 'Coming Soon', description: null, image_main_url: null },
      products: [],
    });
  });
});
