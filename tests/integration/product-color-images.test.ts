import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import type { AdminProduct } from '../../src/lib/admin-schemas/index.ts';
import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { installImageStore, localImageStore } from '../../src/server/admin/image-store.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { postJson, sessionIdOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * docs/decisions/0028-owner-and-receipts.md: a product's picture per colour, set by the owner, read
 * by the shop and the receipt.
 */
const { put } = adminProductSaves();
const SLUG = 'city-champ-tourney-tee';
let png: string;
let uploads: string;
const stored = () => readdirSync(uploads).filter((name) => !name.startsWith('.'));

beforeAll(async () => {
  png = (
    await sharp({ create: { width: 6, height: 6, channels: 3, background: '#d8c8a8' } })
      .png()
      .toBuffer()
  ).toString('base64');
  uploads = mkdtempSync(join(tmpdir(), 'shop-colour-uploads-'));
  installImageStore(localImageStore(uploads));
});
afterAll(() => {
  installImageStore(undefined);
  rmSync(uploads, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('pictures per colour on %s', (kind) => {
  let database: TestDatabase;
  let tee: { id: string; image_main_url: string | null };
  let colours: Record<string, string>;
  let black: string;

  const shopColours = async () => {
    const res = await callFunction(productBySlug, `/api/products/slug/${SLUG}`, { params: { slug: SLUG } });
    const product = (await res.json()) as ProductDetail;
    return Object.fromEntries(product.colors.map((c) => [c.name, c.image_url ?? null]));
  };
  const adminColours = (product: AdminProduct) => Object.fromEntries(product.colors.map((c) => [c.name, c.image_url]));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await database.db
      .selectFrom('products')
      .select(['id', 'image_main_url'])
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    const rows = await database.db
      .selectFrom('product_colors as pc')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .select(['c.id', 'c.name'])
      .where('pc.product_id', '=', tee.id)
      .execute();
    colours = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    black = (await database.db.selectFrom('colors').select('id').where('name', '=', 'Black').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => database.dispose());

  it('stores an uploaded picture for one colour; the admin and the shop read it, other colours have none', async () => {
    expect(Object.keys(colours).sort()).toEqual(['Heather Gray', 'Sand', 'White']);
    const res = await put(tee.id, {
      color_images: [{ color_id: colours['Sand'], imageBase64: png, imageContentType: 'image/png' }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = adminColours((await res.json()) as AdminProduct);
    expect(saved['Sand']).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(saved['White']).toBeNull();
    expect(saved['Heather Gray']).toBeNull();
    expect(readFileSync(join(uploads, saved['Sand']!.slice('/uploads/'.length))).toString('base64')).toBe(png);
    expect(await shopColours()).toEqual({ White: null, 'Heather Gray': null, Sand: saved['Sand'] });
  });

  it('keeps colour pictures a save leaves out, replaces them when sent, and clears them with an empty list', async () => {
    const sand = (await shopColours())['Sand']!;
    expect((await put(tee.id, { name: 'City Champ Tourney Tee' })).status).toBe(200);
    expect((await shopColours())['Sand']).toBe(sand);

    const replaced = await put(tee.id, {
      color_images: [
        { color_id: colours['White'], image_url: '/images/products/city-champ-tourney-tee.webp' },
        { color_id: colours['Sand'], image_url: sand },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(adminColours((await replaced.json()) as AdminProduct)).toEqual({
      White: '/images/products/city-champ-tourney-tee.webp',
      'Heather Gray': null,
      Sand: sand,
    });

    expect((await put(tee.id, { color_images: [{ color_id: colours['White'], image_url: sand }] })).status).toBe(200);
    expect(await shopColours()).toEqual({ White: sand, 'Heather Gray': null, Sand: null });
    expect((await put(tee.id, { color_images: [] })).status).toBe(200);
    expect(await shopColours()).toEqual({ White: null, 'Heather Gray': null, Sand: null });
  });

  it('drops a colour’s picture with the colour, so offering it again starts without one', async () => {
    const all = Object.values(colours);
    const url = '/images/products/city-champ-tourney-tee.webp';
    expect((await put(tee.id, { color_images: [{ color_id: colours['Sand'], image_url: url }] })).status).toBe(200);
    const without = all.filter((id) => id !== colours['Sand']);
    expect((await put(tee.id, { color_ids: without })).status).toBe(200);
    expect(await shopColours()).toEqual({ White: null, 'Heather Gray': null });
    expect((await put(tee.id, { color_ids: all })).status).toBe(200);
    expect((await shopColours())['Sand']).toBeNull();
  });

  it('refuses a picture for a colour the product does not have with 400, storing nothing', async () => {
    const before = await snapshot(database.db);
    const files = stored();
    const res = await put(tee.id, {
      color_images: [
        { color_id: colours['White'], imageBase64: png, imageContentType: 'image/png' },
        { color_id: black, imageBase64: png, imageContentType: 'image/png' },
      ],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.fields).toEqual({ 'color_images.1.color_id': expect.stringMatching(/product’s colours/) });
    // Nor when the same save drops the colour it names.
    const dropped = await put(tee.id, {
      color_ids: [colours['White']],
      color_images: [{ color_id: colours['Sand'], imageBase64: png, imageContentType: 'image/png' }],
    });
    expect(dropped.status).toBe(400);
    expect(((await dropped.json()) as ErrorBody).error.fields).toHaveProperty(['color_images.0.color_id']);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(stored()).toEqual(files);
  });

  it('refuses a colour named twice, a picture that is not an image, and an entry without a picture', async () => {
    const before = await snapshot(database.db);
    const files = stored();
    const refusals: [unknown, number, string][] = [
      [
        [
          { color_id: colours['White'], image_url: '/images/products/a.webp' },
          { color_id: colours['White'], image_url: '/images/products/b.webp' },
        ],
        400,
        'color_images.1.color_id',
      ],
      [
        [
          {
            color_id: colours['White'],
            imageBase64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
            imageContentType: 'image/png',
          },
        ],
        415,
        'color_images.0.imageBase64',
      ],
      [[{ color_id: colours['White'] }], 400, 'color_images.0.imageBase64'],
      [[{ color_id: colours['White'], image_url: 'javascript:alert(1)' }], 400, 'color_images.0.image_url'],
    ];
    for (const [colorImages, status, field] of refusals) {
      const res = await put(tee.id, { color_images: colorImages });
      expect(res.status, JSON.stringify(colorImages)).toBe(status);
      expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty([field]);
    }
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
    expect(stored()).toEqual(files);
  });

  it('gives each receipt line the picture of the colour bought, else the product’s main image', async () => {
    const white = '/images/products/city-champ-tourney-tee--white.webp';
    expect((await put(tee.id, { color_images: [{ color_id: colours['White'], image_url: white }] })).status).toBe(200);
    const size = await database.db
      .selectFrom('product_variants')
      .select(['size_id'])
      .where('product_id', '=', tee.id)
      .where('color_id', '=', colours['Heather Gray']!)
      .where('stock_qty', '>', 2)
      .executeTakeFirstOrThrow();
    const line = (colorId: string) => ({ productId: tee.id, colorId, sizeId: size.size_id, quantity: 1 });
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [line(colours['White']!), line(colours['Heather Gray']!)],
      fulfillment: 'shipping',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const view = (await (
      await callFunction(checkoutSession, `/api/checkout/session?session_id=${sessionId}`)
    ).json()) as CheckoutSessionView;
    const pictures = Object.fromEntries(view.line_items.data.map((l) => [l.description, l.image_url ?? null]));
    expect(Object.entries(pictures)).toHaveLength(2);
    expect(Object.entries(pictures).find(([label]) => label.includes('White'))?.[1]).toBe(white);
    expect(Object.entries(pictures).find(([label]) => label.includes('Heather Gray'))?.[1]).toBe(tee.image_main_url);
    // The receipt carries them too: a Stripe session's own lines have neither the shop's ids nor
    // its pictures, so the success page takes them from here whichever provider was paid.
    const receipt = Object.fromEntries(
      (view.receipt?.lines ?? []).map((l) => [l.description, { kind: l.kind, image_url: l.image_url }]),
    );
    expect(Object.values(receipt).filter((l) => l.kind === 'product')).toHaveLength(2);
    expect(Object.entries(receipt).find(([label]) => label.includes('White'))?.[1].image_url).toBe(white);
    expect(Object.entries(receipt).find(([label]) => label.includes('Heather Gray'))?.[1].image_url).toBe(
      tee.image_main_url,
    );
    expect(Object.values(receipt).filter((l) => l.kind !== 'product' && l.image_url !== null)).toEqual([]);
  });
});
