import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalog from '../../netlify/functions/catalog.mts';
import collection from '../../netlify/functions/collection.mts';
import products from '../../netlify/functions/products.mts';
import type { CollectionDetail } from '../../src/lib/catalog/catalog.ts';
import { fromPrice } from '../../src/lib/pricing/from-price.ts';
import type { CatalogSection, ProductSummary } from '../../src/lib/catalog/products.ts';
import { getProductBySlug } from '../../src/server/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { loadSearchIndex } from '../../src/server/search/documents.ts';
import { priceText } from '../../src/lib/search/result-facts.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * docs/decisions/0027-price-lists.md: a product priced by the owner's lists shows "from $X each at
 * N pieces" on its card and in search; the card carries only {cents, pieces}, never the lists; the
 * rest keep their price.
 */
/**
 * The seed's own list-priced products (priced by area, docs/decisions/0027-price-lists.md, and the
 * garments priced by its charts, issue 44 item 15): they carry a from-price too.
 */
const SEEDED_LISTED = [
  'heavy-duty-vinyl-banner',
  'die-cut-logo-stickers',
  'big-sky-crewneck',
  'ranch-hand-work-shirt',
  'pump-jack-long-sleeve',
];

describe.each(DATABASE_KINDS)('catalogue cards of list-priced products on %s', (kind) => {
  let database: TestDatabase;
  let linked: { id: string; slug: string; collection: string };
  let expected: { cents: number; pieces: number };
  /** The ids of the seed's list-priced products. */
  let seededListed: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const list = await database.db
      .selectFrom('price_lists')
      .select(['id', 'data'])
      .where('method', '=', 'screen_print')
      .orderBy('name')
      .executeTakeFirstOrThrow();
    // The first public product with a print location, its first location priced by the list.
    const location = await database.db
      .selectFrom('product_print_locations as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('collections as c', 'c.id', 'p.collection_id')
      .select(['p.id', 'p.slug', 'c.slug as collection', 'l.code'])
      .where('p.is_active', '=', true)
      .where('c.slug', '=', 'city-champ-golf')
      .orderBy('p.sort_order')
      .orderBy('l.sort_order')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('product_print_locations')
      .set({ price_list_id: list.id })
      .where('product_id', '=', location.id)
      .where('code', '=', location.code)
      .execute();
    linked = location;
    const detail = await getProductBySlug(database.db, location.slug);
    const price = detail && fromPrice(detail);
    if (!price) throw new Error('The seeded screen print list does not price one colour.');
    expected = price;
    const area = await database.db.selectFrom('products').select('id').where('slug', 'in', SEEDED_LISTED).execute();
    seededListed = area.map((p) => p.id);
    expect(seededListed).toHaveLength(SEEDED_LISTED.length);
    // N is where a band of the list starts, and X is not the product's own price.
    const rows = (list.data as { grid: { rows: number[] } }).grid.rows;
    expect(rows).toContain(price.pieces);
    expect(price.pieces).toBeGreaterThan(1);
  });
  afterAll(() => database.dispose());

  it('GET /api/catalog, /api/products and /api/collections/{slug} carry {cents, pieces} for it only', async () => {
    const sections = (await (await callFunction(catalog, '/api/catalog')).json()) as CatalogSection[];
    const list = (await (await callFunction(products, '/api/products')).json()) as ProductSummary[];
    const detail = (await (
      await callFunction(collection, `/api/collections/${linked.collection}`, { params: { slug: linked.collection } })
    ).json()) as CollectionDetail;
    for (const cards of [sections.flatMap((s) => s.products), list, detail.products]) {
      const card = cards.find((c) => c.id === linked.id);
      expect(card?.from_price).toEqual(expected);
      // The seed's list-priced products carry theirs; the rest of the shop is priced as before: no
      // from-price key at all.
      for (const id of seededListed) {
        const seeded = cards.find((c) => c.id === id);
        if (seeded) expect(seeded.from_price).toEqual({ cents: expect.any(Number), pieces: expect.any(Number) });
      }
      const others = cards.filter((c) => c.id !== linked.id && !seededListed.includes(c.id));
      expect(others.filter((c) => 'from_price' in c)).toEqual([]);
    }
    const body = JSON.stringify(sections);
    expect(body).not.toContain('"grid"');
    expect(body).not.toContain('price_list');
  });

  it('the search index says "from $X each at N pieces" for it', async () => {
    const index = await loadSearchIndex(database.db);
    const doc = index.documents.find((d) => d.id === `p:${linked.id}`);
    expect(doc).toMatchObject({ priceCents: expected.cents, fromPrice: true, fromPieces: expected.pieces });
    expect(priceText(doc!)).toMatch(/^from \$\d+\.\d\d each at [\d,]+ pieces$/);
    for (const id of seededListed) {
      const seeded = index.documents.find((d) => d.id === `p:${id}`);
      expect(priceText(seeded!)).toMatch(/^from \$\d+\.\d\d each at [\d,]+ pieces$/);
    }
    const others = index.documents.filter(
      (d) => d.kind === 'product' && d.id !== doc!.id && !seededListed.some((id) => d.id === `p:${id}`),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      expect(other.fromPieces).toBeUndefined();
      expect(priceText(other)).not.toContain('each at');
    }
  });
});
