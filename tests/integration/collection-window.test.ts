import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { listBuyButtonProducts } from '../../src/server/catalog/buy.ts';
import { getCollection, listCatalog, listCollections } from '../../src/server/catalog/collections.ts';
import { getProductBySlug, listProducts } from '../../src/server/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { postJson, productBySlug, shopState } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const COLLECTION = 'city-champ-golf';
const PRODUCT = 'city-champ-sticker-pack';

describe.each(DATABASE_KINDS)('collection start and end dates on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** Sets the collection's window to shop-local today + the given day offsets (null: open-ended). */
  async function setWindow(start: number | null, end: number | null) {
    const day = (n: number | null) =>
      n === null ? null : sql<Date>`(now() at time zone 'America/Chicago')::date + ${n}::int`;
    await database.db
      .updateTable('collections')
      .set({ start_date: day(start), end_date: day(end) })
      .where('slug', '=', COLLECTION)
      .execute();
  }

  const buySticker = async () => {
    const product = await productBySlug(database.db, PRODUCT);
    return postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: product.id, quantity: 1 }],
      fulfillment: 'local',
    });
  };

  /** Whether the collection and its product show up in every public listing the build uses. */
  async function listed() {
    const db = database.db;
    const [collections, collection, products, catalog, product] = await Promise.all([
      listCollections(db),
      getCollection(db, COLLECTION),
      listProducts(db),
      listCatalog(db),
      getProductBySlug(db, PRODUCT),
    ]);
    return {
      collections: collections.some((c) => c.slug === COLLECTION),
      collection: collection !== null,
      products: products.some((p) => p.slug === PRODUCT),
      catalog: catalog.some((s) => s.collection.slug === COLLECTION),
      product: product !== null,
    };
  }
  const everywhere = { collections: true, collection: true, products: true, catalog: true, product: true };
  const nowhere = { collections: false, collection: false, products: false, catalog: false, product: false };

  it('lists and sells a collection on its first and last day', async () => {
    await setWindow(0, 0);
    expect(await listed()).toEqual(everywhere);
    expect((await buySticker()).status).toBe(201);
  });

  it('neither lists nor sells a collection before its start date, and says from when it can be ordered', async () => {
    await setWindow(1, 10);
    expect(await listed()).toEqual(nowhere);
    const before = await shopState(database.db);
    const res = await buySticker();
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('product_unavailable');
    expect(body.error.fields?.['items.0.productId']).toMatch(
      /^City Champ Sticker Pack is not on sale yet: it can be ordered from [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    );
    expect(await shopState(database.db)).toEqual(before);
  });

  it('neither lists nor sells a collection after its end date, and says until when it could be ordered', async () => {
    await setWindow(null, -1);
    expect(await listed()).toEqual(nowhere);
    const before = await shopState(database.db);
    const res = await buySticker();
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.fields?.['items.0.productId']).toMatch(/is no longer on sale: it could be ordered until /);
    expect(await shopState(database.db)).toEqual(before);
  });

  it('keeps buy buttons of a closed collection off /buy', async () => {
    await database.db
      .updateTable('products')
      .set({ stripe_buy_button_id: 'buy_btn_test' })
      .where('slug', '=', PRODUCT)
      .execute();
    await setWindow(null, null);
    expect((await listBuyButtonProducts(database.db)).map((p) => p.slug)).toContain(PRODUCT);
    await setWindow(null, -1);
    expect((await listBuyButtonProducts(database.db)).map((p) => p.slug)).not.toContain(PRODUCT);
  });
});
