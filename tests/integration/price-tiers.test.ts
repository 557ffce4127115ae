import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import cartRefresh from '../../netlify/functions/cart-refresh.mts';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/index.ts';
import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import productBySlugFn from '../../netlify/functions/product-by-slug.mts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { ownerHash } from '../../src/server/artwork/owner.ts';
import { releaseOrder } from '../../src/server/orders/release-order.ts';
import { jsonb } from '../../src/server/db/json.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, productBySlug, sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Line = { productId: string; colorId: string | null; sizeId: string | null; quantity: number };

const checkout = (items: unknown[], extra: Record<string, unknown> = {}) =>
  postJson(cartCheckout, '/api/cart/checkout', { items, fulfillment: 'local', ...extra });

const SECRET = randomBytes(32);
beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

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
  /** A checked upload of `owner`'s, as the artwork check leaves it. */
  async function readyArtwork(owner: string): Promise<string> {
    const id = crypto.randomUUID();
    await database.db
      .insertInto('artwork')
      .values({
        id,
        owner_hash: ownerHash(owner),
        status: 'ready',
        original_name: 'logo.png',
        content_type: 'image/png',
        byte_size: 1000,
        storage_key: `${id}/original`,
        checks: jsonb({ kind: 'raster' }),
        checked_at: new Date(),
      })
      .execute();
    return id;
  }

  it('adds print locations per piece and their setup fee once per design, as lines of their own', async () => {
    const owner = randomBytes(24).toString('base64url');
    const logo = await readyArtwork(owner);
    const front = { code: 'front', artworkId: logo };
    const back = { code: 'back', artworkId: null };
    const [s, m, l] = sizes;
    const items = [6, 10, 8].map((quantity, i) => ({ ...[s, m, l][i]!, quantity, locations: [front, back] }));
    const res = await checkout(items, { artworkOwner: owner });
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const order = await orderBySession(database.db, sessionId);
    // 24 pieces at $16.00, the back print at $3.00 on each, and two $25.00 setups (front and back).
    expect(order.subtotal_cents).toBe(24 * 1600 + 24 * 300 + 2 * 2500);
    const charges = await database.db
      .selectFrom('order_items')
      .select(['name', 'item_type', 'quantity', 'unit_price_cents'])
      .where('order_id', '=', order.id)
      .where('item_type', '!=', 'product')
      .orderBy('name')
      .execute();
    expect(charges).toEqual([
      { name: 'Back print, City Champ Tourney Tee', item_type: 'print_location', quantity: 24, unit_price_cents: 300 },
      { name: 'Back setup, City Champ Tourney Tee', item_type: 'setup_fee', quantity: 1, unit_price_cents: 2500 },
      { name: 'Front setup, City Champ Tourney Tee', item_type: 'setup_fee', quantity: 1, unit_price_cents: 2500 },
    ]);
    const claimed = await database.db
      .selectFrom('artwork')
      .select('order_id')
      .where('id', '=', logo)
      .executeTakeFirstOrThrow();
    expect(claimed.order_id).toBe(order.id);

    // The success page's session lookup says what will be printed on each size, with the file's name.
    const view = await callFunction(checkoutSession, `/api/checkout/session?session_id=${sessionId}`);
    expect(view.status).toBe(200);
    const { designs, pieces } = (await view.json()) as CheckoutSessionView;
    expect(pieces).toBe(24);
    expect(designs?.map((d) => d.quantity).sort()).toEqual([10, 6, 8].sort());
    for (const design of designs ?? []) {
      expect(design.label).toMatch(/^City Champ Tourney Tee \(/);
      expect(design.locations).toEqual([
        { code: 'front', name: 'Front', artwork_id: logo, artwork_name: 'logo.png' },
        { code: 'back', name: 'Back', artwork_id: null, artwork_name: null },
      ]);
    }

    // The owner's order shows each line's locations with the attached file and what its check found.
    const adminView = await callFunction(adminOrders, `/api/orders/${order.id}`, {
      params: { id: order.id },
      headers: { authorization: `Bearer ${issueAdminToken(SECRET).token}` },
    });
    expect(adminView.status).toBe(200);
    const owned = (await adminView.json()) as AdminOrder;
    expect(owned.artwork).toEqual([
      {
        id: logo,
        file_name: 'logo.png',
        content_type: 'image/png',
        byte_size: 1000,
        kind: 'raster',
        width_px: null,
        height_px: null,
        pages: null,
      },
    ]);
    const pieceLines = owned.items.filter((i) => i.item_type === 'product');
    expect(pieceLines).toHaveLength(3);
    for (const line of pieceLines) {
      expect(line.variant_metadata['locations']).toEqual([
        { code: 'front', name: 'Front', artwork_id: logo },
        { code: 'back', name: 'Back', artwork_id: null },
      ]);
    }

    // Cancelling gives the stock back (pieces only, not the charge lines) and the artwork to its owner.
    await releaseOrder(database.db, order.id);
    const released = await database.db
      .selectFrom('artwork')
      .select('order_id')
      .where('id', '=', logo)
      .executeTakeFirstOrThrow();
    expect(released.order_id).toBeNull();
  });

  it("refuses a location the product does not offer and artwork that is not the buyer's, storing nothing", async () => {
    const before = await snapshot(database.db);
    const nowhere = await checkout([{ ...sizes[0]!, quantity: 2, locations: [{ code: 'hat-brim', artworkId: null }] }]);
    expect(nowhere.status).toBe(400);
    expect(((await nowhere.json()) as ErrorBody).error.fields?.['items.0.locations']).toMatch(
      /cannot be printed there/,
    );

    const someoneElses = await readyArtwork(randomBytes(24).toString('base64url'));
    const after = await snapshot(database.db);
    const stolen = await checkout(
      [{ ...sizes[0]!, quantity: 2, locations: [{ code: 'front', artworkId: someoneElses }] }],
      {
        artworkOwner: randomBytes(24).toString('base64url'),
      },
    );
    expect(stolen.status).toBe(400);
    const body = (await stolen.json()) as ErrorBody;
    expect(body.error.code).toBe('invalid_artwork');
    expect(body.error.fields?.['items.0.locations']).toMatch(/not one of your uploads/);
    expect(changedTables(after, await snapshot(database.db))).toEqual([]);
    expect(changedTables(before, after)).toEqual(['artwork']);
  });
});
