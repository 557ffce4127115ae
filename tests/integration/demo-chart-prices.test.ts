import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalog from '../../netlify/functions/catalog.mts';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import type { CatalogSection, ProductDetail } from '../../src/lib/catalog/products.ts';
import type { EmbroideryList, ScreenPrintList, TransferList } from '../../src/lib/pricing/lists.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import { buildJob } from '../../src/lib/pricing/product-job.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 44, item 15: the demo shop prices garments by its own charts, so a visitor sees the pricing
 * the shop is built on: one garment each by the screen-print, embroidery and DTG lists, with the
 * size upcharges. The expected prices are read off the seeded charts here, by hand.
 */
const GARMENTS = {
  screen: 'big-sky-crewneck',
  embroidery: 'ranch-hand-work-shirt',
  dtg: 'pump-jack-long-sleeve',
} as const;

describe.each(DATABASE_KINDS)('the demo shop’s chart-priced garments on %s', (kind) => {
  let database: TestDatabase;
  let cards: CatalogSection['products'];
  const detail = async (slug: string) =>
    (await (
      await callFunction(productBySlug, `/api/products/slug/${slug}`, { params: { slug } })
    ).json()) as ProductDetail;
  const listData = async <T>(name: string) =>
    (await database.db.selectFrom('price_lists').select('data').where('name', '=', name).executeTakeFirstOrThrow())
      .data as T;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const sections = (await (await callFunction(catalog, '/api/catalog')).json()) as CatalogSection[];
    cards = sections.flatMap((s) => s.products);
  });
  afterAll(() => database.dispose());

  const cardOf = (id: string) => cards.find((c) => c.id === id);

  it('the screen-printed crewneck’s card says the chart’s largest band, one colour, screens waived', async () => {
    const product = await detail(GARMENTS.screen);
    expect(product.print_locations[0]?.price_list?.name).toBe('Screen print contract chart');
    const chart = await listData<ScreenPrintList>('Screen print contract chart');
    const last = chart.grid.rows.length - 1;
    const pieces = chart.grid.rows[last]!;
    // At that many pieces one colour's screen is free by the chart's own rule.
    expect(chart.screen_fee_rules.some((r) => pieces >= r.min_pieces && r.share === 0 && r.max_colors >= 1)).toBe(true);
    const cents = product.price_cents + chart.grid.cells[last]![0]!;
    expect(cardOf(product.id)?.from_price).toEqual({ cents, pieces });
    expect({ cents, pieces }).toEqual({ cents: 1250, pieces: 576 });
  });

  it('the embroidered work shirt’s card says the chart’s largest band with the digitizing spread over it', async () => {
    const product = await detail(GARMENTS.embroidery);
    expect(product.print_locations[0]?.price_list?.name).toBe('Embroidery up to 10,000 stitches');
    const chart = await listData<EmbroideryList>('Embroidery up to 10,000 stitches');
    const last = chart.grid.rows.length - 1;
    const pieces = chart.grid.rows[last]!;
    const cents = Math.ceil(
      (pieces * (product.price_cents + chart.grid.cells[last]![0]!) + chart.digitizing_fee_cents) / pieces,
    );
    expect(cardOf(product.id)?.from_price).toEqual({ cents, pieces });
    expect({ cents, pieces }).toEqual({ cents: 2017, pieces: 300 });
  });

  it('the DTG long sleeve’s card says the light chart’s largest band at the smallest print size', async () => {
    const product = await detail(GARMENTS.dtg);
    expect(product.print_locations[0]?.price_list?.name).toBe('DTG by print size');
    const chart = await listData<TransferList>('DTG by print size');
    const last = chart.light.rows.length - 1;
    const pieces = chart.light.rows[last]!;
    const cents = product.price_cents + chart.light.cells[last]![0]! + chart.setup_fee_cents / pieces;
    expect(cardOf(product.id)?.from_price).toEqual({ cents, pieces });
    expect({ cents, pieces }).toEqual({ cents: 1300, pieces: 72 });
  });

  it.each(Object.values(GARMENTS))('a 2XL %s costs the size upcharge more a piece than an M', async (slug) => {
    const product = await detail(slug);
    expect(product.garment_list?.name).toBe('Apparel size upcharges');
    const upcharge = product.garment_list!.data.size_upcharges.find((u) => u.size === '2XL')!.cents;
    expect(upcharge).toBe(200);
    const first = product.print_locations[0]!;
    const price = (sizeName: string) =>
      priceJob(
        buildJob(
          [
            {
              key: sizeName,
              product,
              quantity: 48,
              sizeName,
              colorHex: null,
              locations: [{ code: first.code, artworkId: null, colors: 1, stitches: 5000, printSize: 'small' }],
            },
          ],
          null,
        ),
      ).subtotal_cents;
    expect(price('2XL') - price('M')).toBe(48 * upcharge);
  });

  it('they are made to order: no size of them is sold out or counted', async () => {
    for (const slug of Object.values(GARMENTS)) {
      const product = await detail(slug);
      expect(product.variants.length).toBeGreaterThan(0);
      expect(product.variants.map((v) => v.stock_qty)).toEqual(product.variants.map(() => null));
    }
  });
});
