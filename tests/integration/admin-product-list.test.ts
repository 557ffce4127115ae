import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import productList from '../../netlify/functions/admin-product-list.mts';
import type { AdminProductPage } from '../../src/lib/admin-schemas/index.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/** Issue 28: the owner's Products list searches, filters by collection and visibility, shows stock and pages. */

type Fn = (req: Request, context: Context) => Promise<Response>;
const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

async function list(query: Record<string, string> = {}, headers: Record<string, string> = { authorization }) {
  const url = `/api/admin/product-list?${new URLSearchParams(query)}`;
  return callFunction(productList as Fn, url, { headers });
}

async function page(query: Record<string, string> = {}): Promise<AdminProductPage> {
  const response = await list(query);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as AdminProductPage;
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('the admin Products list on %s', (kind) => {
  let database: TestDatabase;
  let allProducts: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    const { n } = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    allProducts = Number(n);
  });
  afterAll(() => database.dispose());

  it('answers 25 rows a page in shop order with the count of every product, and pages without overlap', async () => {
    expect(allProducts).toBeGreaterThan(25);
    const first = await page();
    expect(first.total).toBe(allProducts);
    expect(first.rows).toHaveLength(25);
    const second = await page({ offset: '25' });
    expect(second.total).toBe(allProducts);
    expect(second.rows).toHaveLength(Math.min(25, allProducts - 25));
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(ids.size).toBe(first.rows.length + second.rows.length);
    expect(Object.keys(first.rows[0]!).sort()).toEqual(
      [
        'collection',
        'collection_name',
        'has_variants',
        'id',
        'image_main_url',
        'is_active',
        'low_stock',
        'name',
        'price_cents',
        'sku',
        'slug',
        'stock',
      ].sort(),
    );
  });

  it('searches every word in the name, slug or SKU, with % and _ as plain characters', async () => {
    const hoodies = await page({ search: 'hoodie' });
    expect(hoodies.total).toBeGreaterThan(0);
    for (const row of hoodies.rows) expect(`${row.name} ${row.slug}`.toLowerCase()).toContain('hoodie');
    expect((await page({ search: 'rr-tank' })).rows.map((r) => r.name)).toEqual(['Barrel Racer Tank']);
    expect((await page({ search: 'mug camp' })).rows.map((r) => r.name)).toEqual(['Enamel Camp Mug']);
    expect((await page({ search: '%' })).total).toBe(0);
    expect((await page({ search: '_' })).total).toBe(0);
  });

  it('filters by collection and by visibility', async () => {
    const rodeo = await page({ collection: 'ranch-and-rodeo' });
    expect(rodeo.total).toBe(6);
    expect(new Set(rodeo.rows.map((r) => r.collection_name))).toEqual(new Set(['Ranch & Rodeo']));
    const inactive = await database.db.selectFrom('products').select('slug').where('is_active', '=', false).execute();
    const hidden = await page({ visibility: 'hidden' });
    expect(hidden.rows.map((r) => r.slug).sort()).toEqual(inactive.map((r) => r.slug).sort());
    expect(hidden.rows.map((r) => r.slug)).toContain('ugly-sweater-tee-2025');
    expect(hidden.rows.every((r) => !r.is_active)).toBe(true);
    const visible = await page({ visibility: 'visible', limit: '100' });
    expect(visible.total).toBe(allProducts - inactive.length);
    expect(visible.rows.every((r) => r.is_active)).toBe(true);
    expect((await page({ visibility: 'hidden', collection: 'ranch-and-rodeo' })).total).toBe(0);
  });

  it('shows stock summed over colours and sizes, a product’s own count, or null when not tracked', async () => {
    const bySlug = async (slug: string) => (await page({ search: slug })).rows.find((r) => r.slug === slug)!;
    const tee = await database.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select((eb) => eb.fn.sum<number>('v.stock_qty').as('pieces'))
      .where('p.slug', '=', 'rodeo-weekend-tee')
      .executeTakeFirstOrThrow();
    expect(await bySlug('rodeo-weekend-tee')).toMatchObject({ stock: Number(tee.pieces), has_variants: true });
    expect(await bySlug('west-texas-energy-sticker')).toMatchObject({
      stock: 180,
      low_stock: false,
      has_variants: false,
    });
    expect(await bySlug('dancing-armadillo-sticker')).toMatchObject({ stock: 0, low_stock: true });
    expect(await bySlug('holographic-lone-star-sticker')).toMatchObject({ stock: 3, low_stock: true });
    expect(await bySlug('sticker-sampler-pack')).toMatchObject({ stock: null, low_stock: false });
  });

  it('refuses filters it does not know with 400 naming the field, and answers 401 without a token', async () => {
    const bad = await list({ visibility: 'maybe', limit: '1000' });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['limit', 'visibility']);
    expect((await list({}, {})).status).toBe(401);
  });
});
