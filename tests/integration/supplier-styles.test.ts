import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import supplierStyles from '../../netlify/functions/admin-supplier-styles.mts';
import { flushRebuild, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { addSupplierStyle } from '../../src/server/suppliers/add-style.ts';
import { SsActivewearSupplier } from '../../src/server/suppliers/ss-activewear.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { SS_ACCOUNT, SS_KEY, startSsActivewear } from '../support/ss-activewear-stand-in.ts';
import type { StandIn } from '../support/supplier-stand-in.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;
const rebuild = vi.fn();
let ss: StandIn;

const post = (body: unknown) =>
  callFunction(supplierStyles as Fn, '/api/admin/supplier-styles', {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function answer(res: Promise<Response>) {
  const response = await res;
  type Body = Record<string, string> & { error: { code: string; message: string; fields: Record<string, string> } };
  return { status: response.status, body: (await response.json()) as Body };
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(rebuild, { delayMs: 0 });
  ss = await startSsActivewear();
});
afterAll(async () => {
  installAdminCredentials(undefined);
  setRebuildHandler(null);
  await ss.close();
});

describe.each(DATABASE_KINDS)('adding a product from a supplier style on %s', (kind) => {
  let database: TestDatabase;
  const count = async (table: 'products' | 'supplier_skus' | 'colors' | 'sizes' | 'product_variants') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('lists the suppliers the shop is set up with, and no credential', async () => {
    const res = await callFunction(supplierStyles as Fn, '/api/admin/supplier-styles', { headers: { authorization } });
    expect(await res.json()).toEqual({ suppliers: [{ id: 'demo', label: 'Demo supplier', lastSync: null }] });
  });

  it('adds Gildan 5000 from the demo supplier: colours, sizes, pictures, weight and a SKU per colour x size', async () => {
    const colours = await count('colors');
    const { status, body } = await answer(
      post({ supplier: 'demo', style: 'Gildan 5000', collection: 'city-champ-golf', price_cents: 1200 }),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ name: 'Gildan 5000 Heavy Cotton T-Shirt', colours: 5, sizes: 6, skus: 30 });
    // White, Black and Sport Grey... the seed has White and Black; Heather Navy, Sport Grey and Red are new.
    expect(await count('colors')).toBeGreaterThan(colours);
    const product = await database.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', String(body.productId))
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({ price_cents: 1200, slug: 'gildan-5000-heavy-cotton-t-shirt', is_active: false });
    expect(Number(product.weight_oz)).toBe(6.2);
    expect(product.image_main_url).toMatch(/^\/images\/blanks\/tee-[0-9a-f]{6}\.svg$/);
    const rows = await database.db
      .selectFrom('supplier_skus')
      .innerJoin('product_variants as v', 'v.id', 'supplier_skus.variant_id')
      .innerJoin('colors as c', 'c.id', 'v.color_id')
      .innerJoin('sizes as s', 's.id', 'v.size_id')
      .select([
        'supplier_skus.sku',
        'supplier_skus.cost_cents',
        'supplier_skus.supplier',
        'c.name as colour',
        's.name as size',
        'v.stock_qty',
      ])
      .where('v.product_id', '=', String(body.productId))
      .execute();
    expect(rows).toHaveLength(30);
    expect(rows.find((r) => r.colour === 'Heather Navy' && r.size === '3XL')).toEqual({
      sku: 'DEMO-5000-47-3XL',
      cost_cents: 587,
      supplier: 'demo',
      colour: 'Heather Navy',
      size: '3XL',
      stock_qty: null,
    });
    const pictures = await database.db
      .selectFrom('product_colors')
      .select('image_url')
      .where('product_id', '=', String(body.productId))
      .execute();
    expect(pictures.every((p) => p.image_url?.startsWith('/images/blanks/'))).toBe(true);
    await flushRebuild();
    expect(rebuild).toHaveBeenCalled();
  });

  it('refuses the same style twice, naming the product it is already', async () => {
    const before = await count('products');
    const { status, body } = await answer(
      post({ supplier: 'demo', style: '5000', collection: 'city-champ-golf', price_cents: 1200 }),
    );
    expect(status).toBe(409);
    expect(body.error.fields.style).toContain('already in the shop as "Gildan 5000 Heavy Cotton T-Shirt"');
    expect(await count('products')).toBe(before);
  });

  it.each([
    [
      { supplier: 'demo', style: 'Bella 3001', collection: 'city-champ-golf', price_cents: 1200 },
      404,
      'supplier_style_not_found',
    ],
    [
      { supplier: 'sanmar', style: 'PC61', collection: 'city-champ-golf', price_cents: 1200 },
      400,
      'supplier_not_configured',
    ],
    [{ supplier: 'demo', style: 'PC61', collection: 'no-such-collection', price_cents: 1200 }, 400, 'invalid_input'],
    [{ supplier: 'demo', style: '<script>', collection: 'city-champ-golf', price_cents: 1200 }, 400, 'invalid_input'],
    [{ supplier: 'demo', style: 'PC61', collection: 'city-champ-golf', price_cents: -1 }, 400, 'invalid_input'],
  ])('refuses %j with %i and stores nothing', async (input, status, code) => {
    const before = [await count('products'), await count('colors'), await count('supplier_skus')];
    const got = await answer(post(input));
    expect(got.status, JSON.stringify(got.body)).toBe(status);
    expect(got.body.error.code).toBe(code);
    expect([await count('products'), await count('colors'), await count('supplier_skus')]).toEqual(before);
  });

  it('stores nothing when S&S is down half-way (styles answered, products not)', async () => {
    const supplier = new SsActivewearSupplier({
      accountNumber: SS_ACCOUNT,
      apiKey: SS_KEY,
      apiBase: ss.url,
      timeoutMs: 2000,
    });
    const before = [await count('products'), await count('colors'), await count('sizes'), await count('supplier_skus')];
    const failing = new SsActivewearSupplier({
      accountNumber: SS_ACCOUNT,
      apiKey: SS_KEY,
      apiBase: ss.url,
      timeoutMs: 2000,
      fetcher: async (url, init) => {
        if (String(url).includes('/v2/products/')) return new Response('oops', { status: 502 });
        return fetch(url, init);
      },
    });
    const input = {
      supplier: 'ss-activewear' as const,
      style: 'Gildan 5000',
      collection: 'city-champ-golf',
      price_cents: 1500,
    };
    await expect(addSupplierStyle(database.db, failing, input)).rejects.toMatchObject({ code: 'supplier_unavailable' });
    expect([
      await count('products'),
      await count('colors'),
      await count('sizes'),
      await count('supplier_skus'),
    ]).toEqual(before);
    // The same style from S&S is its own product (another supplier's SKUs), once its name is free.
    await database.db
      .updateTable('products')
      .set({ slug: 'gildan-5000-demo' })
      .where('slug', '=', 'gildan-5000-heavy-cotton-t-shirt')
      .execute();
    const added = await addSupplierStyle(database.db, supplier, input);
    expect(added).toMatchObject({ colours: 2, sizes: 6, skus: 12 });
    const sku = await database.db
      .selectFrom('supplier_skus')
      .selectAll()
      .where('sku', '=', 'B00760478')
      .executeTakeFirstOrThrow();
    expect(sku).toMatchObject({ supplier: 'ss-activewear', style_code: '39', cost_cents: 461 });
  });

  it('asks the sweep for a sync now, once, and shows the latest sync with its time', async () => {
    const ask = (body: unknown) =>
      callFunction(supplierStyles as Fn, '/api/admin/supplier-sync', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await ask({ supplier: 'demo' })).status).toBe(202);
    const again = await answer(ask({ supplier: 'demo' }));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A sync of Demo supplier is already waiting or running.');
    expect((await ask({ supplier: 'sanmar' })).status).toBe(400);
    const res = await callFunction(supplierStyles as Fn, '/api/admin/supplier-styles', { headers: { authorization } });
    const listed = (await res.json()) as { suppliers: { lastSync: { status: string; at: string } | null }[] };
    expect(listed.suppliers[0]!.lastSync).toMatchObject({ status: 'requested', skusSynced: 0 });
    expect(Number.isNaN(Date.parse(listed.suppliers[0]!.lastSync!.at))).toBe(false);
  });
});
