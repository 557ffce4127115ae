import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import productBySlugFn from '../../netlify/functions/product-by-slug.mts';
import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { ownerHash } from '../../src/server/artwork/owner.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Every printed product takes artwork (docs/decisions/0027-price-lists.md): the seeded banner,
 * sign, sticker, decal, mug and tote offer a location whose print is in the price. Checkout's line
 * check takes their lines with the buyer's files, charges nothing beyond the pieces, and the order
 * keeps each location's artwork; the shop publishes each location's print width.
 */

/**
 * The banner and the stickers are priced by width × height from the seed's area lists, so their
 * line carries a size and material, and costs what the list says for one piece.
 */
const PRINTED = [
  {
    slug: 'heavy-duty-vinyl-banner',
    code: 'face',
    name: 'Face',
    width: 96,
    // 3 × 6 ft = 18 sq ft of 13 oz vinyl at the 1-piece band's $8.00 a sq ft: 18 × $8.00 = $144.00.
    area: { widthIn: 36, heightIn: 72, material: 'vinyl-13oz', finishing: [] },
    cents: 14_400,
  },
  { slug: 'senior-night-yard-sign', code: 'front', name: 'Front', width: 36 },
  {
    slug: 'die-cut-logo-stickers',
    code: 'sticker',
    name: 'Sticker',
    width: 4,
    // One 3 × 3 in sticker: 9/144 sq ft of gloss vinyl at $12.00 a sq ft is $0.75, below the
    // list's $25.00 minimum charge, so the line is $25.00.
    area: { widthIn: 3, heightIn: 3, material: 'gloss-vinyl', finishing: [] },
    cents: 2500,
  },
  { slug: 'store-hours-window-decal', code: 'decal', name: 'Decal', width: 18 },
  { slug: 'diner-ceramic-mug', code: 'wrap', name: 'Wrap', width: 8.5 },
  { slug: 'heavy-canvas-tote', code: 'front', name: 'Front', width: 10 },
] as const;

describe.each(DATABASE_KINDS)('printed products with artwork at checkout on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** A checked upload of `owner`'s, as the artwork check leaves it. */
  async function readyArtwork(owner: string, name: string): Promise<string> {
    const id = crypto.randomUUID();
    await database.db
      .insertInto('artwork')
      .values({
        id,
        owner_hash: ownerHash(owner),
        status: 'ready',
        original_name: name,
        content_type: 'image/png',
        byte_size: 1000,
        storage_key: `${id}/original`,
        checks: jsonb({ kind: 'raster' }),
        checked_at: new Date(),
      })
      .execute();
    return id;
  }

  /**
   * One in-stock colour × size (or colour, or size) of a product, with enough stock for the
   * order; a product made to order in no colour nor size (the banner) is the product alone.
   */
  async function lineOf(slug: string) {
    const row = await database.db
      .selectFrom('products as p')
      .leftJoin('product_variants as v', 'v.product_id', 'p.id')
      .select(['v.id', 'p.id as productId', 'p.name', 'p.price_cents', 'v.color_id', 'v.size_id'])
      .where('p.slug', '=', slug)
      .orderBy('v.color_id')
      .orderBy('v.size_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    if (row.id) {
      await database.db.updateTable('product_variants').set({ stock_qty: 50 }).where('id', '=', row.id).execute();
    }
    return row;
  }

  it('publishes a free location with its print width on every printed product', async () => {
    for (const printed of PRINTED) {
      const res = await callFunction(productBySlugFn, `/api/products/slug/${printed.slug}`, {
        params: { slug: printed.slug },
      });
      const product = (await res.json()) as ProductDetail;
      expect(product.print_locations, printed.slug).toContainEqual({
        code: printed.code,
        name: printed.name,
        price_cents_per_piece: 0,
        setup_fee_cents: 0,
        print_width_in: printed.width,
        price_list: null,
      });
    }
  });

  it('takes a line of each with its file, charges the pieces only, and keeps the artwork per location', async () => {
    const owner = randomBytes(24).toString('base64url');
    const items: unknown[] = [];
    const expected: { productId: string; name: string; code: string; artworkId: string; file: string }[] = [];
    let subtotal = 0;
    for (const printed of PRINTED) {
      const line = await lineOf(printed.slug);
      const file = `${printed.slug}.png`;
      const artworkId = await readyArtwork(owner, file);
      // The sign's back is printed too, its file sent later.
      const later = printed.slug === 'senior-night-yard-sign' ? [{ code: 'back', artworkId: null }] : [];
      items.push({
        productId: line.productId,
        colorId: line.color_id,
        sizeId: line.size_id,
        quantity: 1,
        locations: [{ code: printed.code, artworkId }, ...later],
        ...('area' in printed ? { area: printed.area } : {}),
      });
      expected.push({ productId: line.productId, name: line.name, code: printed.code, artworkId, file });
      // One piece each: below any quantity tier; an area product at its list's price.
      subtotal += 'cents' in printed ? printed.cents : line.price_cents;
    }
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items,
      fulfillment: 'local',
      artworkOwner: owner,
    });
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const order = await orderBySession(database.db, sessionId);
    // The print is in the price: the pieces and nothing else.
    expect(order.subtotal_cents).toBe(subtotal);

    const lines = await database.db
      .selectFrom('order_items')
      .select(['product_id', 'item_type', 'variant_metadata'])
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.map((l) => l.item_type)).toEqual(PRINTED.map(() => 'product'));
    for (const want of expected) {
      const line = lines.find((l) => l.product_id === want.productId);
      const locations = (line?.variant_metadata as { locations?: unknown } | null)?.locations;
      expect(locations, want.name).toContainEqual({
        code: want.code,
        name: expect.any(String),
        artwork_id: want.artworkId,
      });
    }
    const sign = lines.find((l) => l.product_id === expected[1]!.productId)!;
    expect((sign.variant_metadata as { locations: unknown[] }).locations).toContainEqual({
      code: 'back',
      name: 'Back',
      artwork_id: null,
    });
    const claimed = await database.db
      .selectFrom('artwork')
      .select(['id', 'order_id'])
      .where(
        'id',
        'in',
        expected.map((e) => e.artworkId),
      )
      .execute();
    expect(claimed.map((a) => a.order_id)).toEqual(expected.map(() => order.id));

    // The success page says what will be printed where, with each file's name.
    const view = await callFunction(checkoutSession, `/api/checkout/session?session_id=${sessionId}`);
    const { designs } = (await view.json()) as CheckoutSessionView;
    for (const want of expected) {
      const design = designs?.find((d) => d.label.startsWith(want.name));
      expect(design?.locations, want.name).toContainEqual(
        expect.objectContaining({ code: want.code, artwork_id: want.artworkId, artwork_name: want.file }),
      );
    }
  });

  it('refuses a print width that is not a size, in the database itself', async () => {
    const banner = await database.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'heavy-duty-vinyl-banner')
      .executeTakeFirstOrThrow();
    for (const width of [0, -3, 1200.5]) {
      await expect(
        database.db
          .updateTable('product_print_locations')
          .set({ print_width_in: width })
          .where('product_id', '=', banner.id)
          .execute(),
      ).rejects.toThrow(/check constraint|violates/i);
    }
  });
});
