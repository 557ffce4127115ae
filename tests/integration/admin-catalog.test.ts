import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '@netlify/functions';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import collectionsWrite from '../../netlify/functions/admin-collections-write.mts';
import collectionsRead from '../../netlify/functions/admin-collections.mts';
import productsWrite from '../../netlify/functions/admin-products-write.mts';
import productsRead from '../../netlify/functions/admin-products.mts';
import servicesWrite from '../../netlify/functions/admin-services-write.mts';
import servicesRead from '../../netlify/functions/admin-services.mts';
import publicCollections from '../../netlify/functions/collections.mts';
import productBySlug from '../../netlify/functions/product-by-slug.mts';
import publicServices from '../../netlify/functions/services.mts';
import type { AdminCollection, AdminProduct, AdminService } from '../../src/lib/admin-schemas/index.ts';
import { MAX_IMAGE_BYTES } from '../../src/lib/admin-schemas/index.ts';
import { installImageStore, localImageStore } from '../../src/server/admin/image-store.ts';
import { flushRebuild, setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;

const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;
const rebuild = vi.fn();
let uploads: string;
let png: Buffer;

function call(fn: Fn, method: string, path: string, body?: unknown, params: Record<string, string> = {}) {
  return callFunction(fn, path, {
    method,
    params,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function refused(res: Promise<Response>, status: number) {
  const response = await res;
  const body = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body.error;
}

/** Rebuild requests made since the last call (after letting the debounce run). */
async function rebuilds() {
  await flushRebuild();
  const reasons = rebuild.mock.calls.flatMap(([r]) => r as { entity: string; action: string }[]);
  rebuild.mockClear();
  return reasons.map((r) => `${r.action} ${r.entity}`);
}

const uploaded = () => readdirSync(uploads).filter((name) => !name.startsWith('.'));

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(rebuild, { delayMs: 0 });
  png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#BF5700' } })
    .png()
    .toBuffer();
});
afterAll(() => {
  installAdminCredentials(undefined);
  setRebuildHandler(null);
  installImageStore(undefined);
});

describe.each(DATABASE_KINDS)('admin catalogue API on %s', (kind) => {
  let database: TestDatabase;
  let colorIds: string[];
  let sizeIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    uploads = mkdtempSync(join(tmpdir(), 'shop-uploads-'));
    installImageStore(localImageStore(uploads));
    colorIds = (await database.db.selectFrom('colors').select('id').orderBy('sort_order').limit(3).execute()).map(
      (r) => r.id,
    );
    sizeIds = (await database.db.selectFrom('sizes').select('id').orderBy('sort_order').limit(3).execute()).map(
      (r) => r.id,
    );
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await flushRebuild();
    rebuild.mockClear();
  });

  describe('collections', () => {
    let created: AdminCollection;

    it('creates one with a sanitised HTML description and an uploaded image under a server-made name', async () => {
      created = await ok<AdminCollection>(
        call(collectionsWrite, 'POST', '/api/collections', {
          name: 'Rodeo Week',
          slug: 'rodeo-week',
          description: 'Buckles and banners.',
          html_description: '<p onclick="steal()">Yee<script>alert(1)</script>haw <em>now</em></p>',
          start_date: '2027-03-01',
          end_date: '2027-03-07',
          imageMainBase64: png.toString('base64'),
          imageMainContentType: 'image/png',
        }),
        201,
      );
      expect(created).toMatchObject({
        slug: 'rodeo-week',
        is_active: true,
        is_featured: false,
        start_date: '2027-03-01',
        end_date: '2027-03-07',
        html_description: '<p>Yeehaw <em>now</em></p>',
        product_count: 0,
      });
      expect(created.image_main_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      const file = join(uploads, created.image_main_url!.slice('/uploads/'.length));
      expect(readFileSync(file).equals(png)).toBe(true);
      expect(await rebuilds()).toEqual(['create collection']);

      const admin = await ok<AdminCollection[]>(call(collectionsRead, 'GET', '/api/admin/collections'));
      expect(admin.map((c) => c.slug)).toContain('rodeo-week');
      // Its dates are still ahead: the storefront does not list it yet (docs/decisions/0013-trust-audit.md item 8).
      const pub = (await (await callFunction(publicCollections, '/api/collections')).json()) as { slug: string }[];
      expect(pub.map((c) => c.slug)).not.toContain('rodeo-week');
    });

    it('refuses a slug that is taken with 409, and asks for no rebuild', async () => {
      const error = await refused(
        call(collectionsWrite, 'POST', '/api/collections', { name: 'Again', slug: 'rodeo-week' }),
        409,
      );
      expect(error.code).toBe('duplicate_slug');
      expect(error.fields).toHaveProperty('slug');
      expect(await rebuilds()).toEqual([]);
    });

    it('updates only the fields sent, keeping the image', async () => {
      const updated = await ok<AdminCollection>(
        call(
          collectionsWrite,
          'PUT',
          `/api/collections/${created.id}`,
          { id: created.id, is_featured: true, start_date: '', end_date: '' },
          { id: created.id },
        ),
      );
      expect(updated).toMatchObject({
        is_featured: true,
        start_date: null,
        end_date: null,
        image_main_url: created.image_main_url,
      });
      // Without dates it is on sale, so the storefront lists it.
      const pub = (await (await callFunction(publicCollections, '/api/collections')).json()) as { slug: string }[];
      expect(pub.map((c) => c.slug)).toContain('rodeo-week');
      expect(updated.name).toBe('Rodeo Week');
      expect(await rebuilds()).toEqual(['update collection']);
      const mismatch = await refused(
        call(
          collectionsWrite,
          'PUT',
          `/api/collections/${created.id}`,
          { id: colorIds[0], name: 'X' },
          { id: created.id },
        ),
        400,
      );
      expect(mismatch.fields).toHaveProperty('id');
    });

    it('refuses unknown fields with 400 and stores nothing', async () => {
      const before = uploaded().length;
      const error = await refused(
        call(collectionsWrite, 'POST', '/api/collections', {
          name: 'Sneaky',
          slug: 'sneaky',
          products: [],
          imageMainBase64: png.toString('base64'),
          imageMainContentType: 'image/png',
        }),
        400,
      );
      expect(error.code).toBe('invalid_input');
      expect(await database.db.selectFrom('collections').select('id').where('slug', '=', 'sneaky').execute()).toEqual(
        [],
      );
      expect(uploaded().length).toBe(before);
      expect(await rebuilds()).toEqual([]);
    });

    it('refuses SVG, and HTML disguised as PNG, with 415; an oversized image with 413; storing nothing', async () => {
      const before = uploaded().length;
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64');
      const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
      const asSvg = await refused(
        call(collectionsWrite, 'POST', '/api/collections', {
          name: 'Svg',
          slug: 'svg-one',
          imageMainBase64: svg,
          imageMainContentType: 'image/svg+xml',
        }),
        415,
      );
      expect(asSvg.code).toBe('unsupported_image_type');
      await refused(
        call(
          collectionsWrite,
          'PUT',
          `/api/collections/${created.id}`,
          { imageHeaderBase64: html, imageHeaderContentType: 'image/png' },
          { id: created.id },
        ),
        415,
      );
      const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]).toString('base64');
      const tooLarge = await refused(
        call(collectionsWrite, 'POST', '/api/collections', {
          name: 'Big',
          slug: 'big-one',
          imageMainBase64: big,
          imageMainContentType: 'image/png',
        }),
        413,
      );
      expect(tooLarge.code).toBe('image_too_large');
      expect(uploaded().length).toBe(before);
      const slugs = await database.db
        .selectFrom('collections')
        .select('slug')
        .where('slug', 'in', ['svg-one', 'big-one'])
        .execute();
      expect(slugs).toEqual([]);
      const kept = await ok<AdminCollection>(
        call(collectionsRead, 'GET', `/api/admin/collections/${created.id}`, undefined, { id: created.id }),
      );
      expect(kept.image_header_url).toBeNull();
      expect(await rebuilds()).toEqual([]);
    });

    it('removes the stored image again when the save itself fails', async () => {
      const before = uploaded().length;
      await refused(
        call(collectionsWrite, 'POST', '/api/collections', {
          name: 'Clash',
          slug: 'rodeo-week',
          imageMainBase64: png.toString('base64'),
          imageMainContentType: 'image/png',
        }),
        409,
      );
      expect(uploaded().length).toBe(before);
    });

    it('refuses to delete a collection that holds products (409) and deletes an empty one', async () => {
      const golf = await database.db
        .selectFrom('collections')
        .select('id')
        .where('slug', '=', 'city-champ-golf')
        .executeTakeFirstOrThrow();
      const error = await refused(
        call(collectionsWrite, 'DELETE', `/api/collections/${golf.id}`, undefined, { id: golf.id }),
        409,
      );
      expect(error.code).toBe('still_referenced');
      expect(error.message).toMatch(/holds \d+ products/);
      expect(await rebuilds()).toEqual([]);

      const spare = await ok<AdminCollection>(
        call(collectionsWrite, 'POST', '/api/collections', { name: 'Spare', slug: 'spare' }),
        201,
      );
      await ok(call(collectionsWrite, 'DELETE', `/api/collections/${spare.id}`, undefined, { id: spare.id }));
      await refused(
        call(collectionsRead, 'GET', `/api/admin/collections/${spare.id}`, undefined, { id: spare.id }),
        404,
      );
      await refused(call(collectionsWrite, 'DELETE', `/api/collections/${spare.id}`, undefined, { id: spare.id }), 404);
      expect(await rebuilds()).toEqual(['create collection', 'delete collection']);
    });

    it('answers 404 for an id that cannot exist and 405 for a method the path does not take', async () => {
      await refused(
        call(collectionsWrite, 'PUT', '/api/collections/not-a-uuid', { name: 'x' }, { id: 'not-a-uuid' }),
        404,
      );
      const wrong = await callFunction(collectionsWrite, `/api/collections/${created.id}`, {
        method: 'POST',
        params: { id: created.id },
        headers: { authorization, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('GET, PUT, DELETE');
    });
  });

  describe('products', () => {
    let product: AdminProduct;
    const variants = () =>
      colorIds
        .slice(0, 2)
        .flatMap((color_id, c) =>
          sizeIds.slice(0, 2).map((size_id, s) => ({ color_id, size_id, stock_qty: 10 * c + s + 1 })),
        );

    it('creates a product with colour and size ids and variant stock, answering colours, sizes and variants', async () => {
      product = await ok<AdminProduct>(
        call(productsWrite, 'POST', '/api/products', {
          name: 'Rodeo Tee',
          slug: 'rodeo-tee',
          price_cents: '2400',
          sku: 'RT-1',
          description: 'A tee.\nSoft cotton\nTwo colours',
          collection: 'rodeo-week',
          color_ids: colorIds.slice(0, 2),
          size_ids: sizeIds.slice(0, 2),
          variants: variants(),
          weight_oz: '5.25',
          imageMainBase64: `data:image/png;base64,${png.toString('base64')}`,
          imageMainContentType: 'image/png',
        }),
        201,
      );
      expect(product).toMatchObject({
        price_cents: 2400,
        collection: 'rodeo-week',
        weight_oz: 5.25,
        is_active: true,
        stock_qty: null,
      });
      expect(product.colors.map((c) => c.id).sort()).toEqual(colorIds.slice(0, 2).sort());
      expect(product.sizes.map((s) => s.id).sort()).toEqual(sizeIds.slice(0, 2).sort());
      expect(product.variants).toHaveLength(4);
      expect(product.image_main_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      expect(await rebuilds()).toEqual(['create product']);

      // The public page reads what the admin saved.
      const res = await callFunction(productBySlug, '/api/products/slug/rodeo-tee', { params: { slug: 'rodeo-tee' } });
      const pub = (await res.json()) as { variants: unknown[]; colors: unknown[] };
      expect(pub.variants).toHaveLength(4);
      expect(pub.colors).toHaveLength(2);
    });

    it('lists products for the admin, inactive ones included', async () => {
      await ok(call(productsWrite, 'PUT', `/api/products/${product.id}`, { is_active: false }, { id: product.id }));
      const list = await ok<AdminProduct[]>(call(productsRead, 'GET', '/api/admin/products'));
      expect(list.find((p) => p.id === product.id)?.is_active).toBe(false);
      const res = await callFunction(productBySlug, '/api/products/slug/rodeo-tee', { params: { slug: 'rodeo-tee' } });
      expect(res.status).toBe(404);
      await ok(call(productsWrite, 'PUT', `/api/products/${product.id}`, { is_active: true }, { id: product.id }));
      expect(await rebuilds()).toEqual(['update product', 'update product']);
    });

    it('refuses variants that do not fit the colours and sizes, changing nothing', async () => {
      const error = await refused(
        call(
          productsWrite,
          'PUT',
          `/api/products/${product.id}`,
          {
            name: 'Changed',
            variants: [
              { color_id: colorIds[2], size_id: sizeIds[0], stock_qty: 5 },
              { color_id: colorIds[0], size_id: null, stock_qty: 1 },
            ],
          },
          { id: product.id },
        ),
        400,
      );
      expect(error.fields).toHaveProperty('variants.0.color_id');
      expect(error.fields).toHaveProperty('variants.1.size_id');
      const dup = await refused(
        call(
          productsWrite,
          'PUT',
          `/api/products/${product.id}`,
          {
            variants: [
              { color_id: colorIds[0], size_id: sizeIds[0], stock_qty: 5 },
              { color_id: colorIds[0], size_id: sizeIds[0], stock_qty: 6 },
            ],
          },
          { id: product.id },
        ),
        400,
      );
      expect(dup.fields).toHaveProperty('variants.1');
      const unknown = await refused(
        call(
          productsWrite,
          'PUT',
          `/api/products/${product.id}`,
          { color_ids: ['00000000-0000-4000-8000-000000000000'] },
          { id: product.id },
        ),
        400,
      );
      expect(unknown.fields).toHaveProperty('color_ids');
      const current = await ok<AdminProduct>(
        call(productsRead, 'GET', `/api/admin/products/${product.id}`, undefined, { id: product.id }),
      );
      expect(current.name).toBe('Rodeo Tee');
      expect(current.variants).toHaveLength(4);
      expect(await rebuilds()).toEqual([]);
    });

    it('keeps variant stock on an edit that does not send variants, and drops variants of removed colours', async () => {
      // A sale since the form was loaded: the edit below must not undo it.
      await database.db
        .updateTable('product_variants')
        .set({ stock_qty: 0 })
        .where('product_id', '=', product.id)
        .where('color_id', '=', colorIds[0]!)
        .where('size_id', '=', sizeIds[0]!)
        .execute();
      const renamed = await ok<AdminProduct>(
        call(productsWrite, 'PUT', `/api/products/${product.id}`, { name: 'Rodeo Tee II' }, { id: product.id }),
      );
      expect(renamed.variants.find((v) => v.color_id === colorIds[0] && v.size_id === sizeIds[0])?.stock_qty).toBe(0);

      const narrowed = await ok<AdminProduct>(
        call(productsWrite, 'PUT', `/api/products/${product.id}`, { color_ids: [colorIds[1]] }, { id: product.id }),
      );
      expect(narrowed.colors.map((c) => c.id)).toEqual([colorIds[1]]);
      expect(narrowed.variants.map((v) => v.color_id)).toEqual([colorIds[1], colorIds[1]]);
      expect(narrowed.variants.map((v) => v.stock_qty).sort()).toEqual([11, 12]);

      const restocked = await ok<AdminProduct>(
        call(
          productsWrite,
          'PUT',
          `/api/products/${product.id}`,
          {
            variants: [{ color_id: colorIds[1], size_id: sizeIds[0], stock_qty: '40' }],
          },
          { id: product.id },
        ),
      );
      expect(restocked.variants).toEqual([{ color_id: colorIds[1], size_id: sizeIds[0], stock_qty: 40 }]);
      expect(await rebuilds()).toEqual(['update product', 'update product', 'update product']);
    });

    it('refuses a taken slug (409), an unknown collection (400) and unknown fields (400)', async () => {
      const base = { name: 'Other', price_cents: 100, collection: 'rodeo-week' };
      expect(
        (await refused(call(productsWrite, 'POST', '/api/products', { ...base, slug: 'rodeo-tee' }), 409)).code,
      ).toBe('duplicate_slug');
      expect(
        (await refused(call(productsWrite, 'POST', '/api/products', { ...base, slug: 'x-1', sku: 'RT-1' }), 409)).code,
      ).toBe('duplicate_sku');
      expect(
        (await refused(call(productsWrite, 'POST', '/api/products', { ...base, slug: 'x-2', collection: 'nope' }), 400))
          .fields,
      ).toHaveProperty('collection');
      const unknown = await refused(
        call(productsWrite, 'POST', '/api/products', { ...base, slug: 'x-3', colors: [] }),
        400,
      );
      expect(JSON.stringify(unknown.fields)).toContain('colors');
      const stored = await database.db
        .selectFrom('products')
        .select('slug')
        .where('slug', 'in', ['x-1', 'x-2', 'x-3'])
        .execute();
      expect(stored).toEqual([]);
      expect(await rebuilds()).toEqual([]);
    });

    it('refuses to delete a product that has been ordered (409) and deletes one that has not', async () => {
      const ordered = await database.db
        .selectFrom('products')
        .select('id')
        .where('slug', '=', 'west-texas-energy-tee')
        .executeTakeFirstOrThrow();
      const error = await refused(
        call(productsWrite, 'DELETE', `/api/products/${ordered.id}`, undefined, { id: ordered.id }),
        409,
      );
      expect(error.message).toMatch(/appears in \d+ orders?.*inactive/);
      expect(await database.db.selectFrom('products').select('id').where('id', '=', ordered.id).execute()).toHaveLength(
        1,
      );

      await ok(call(productsWrite, 'DELETE', `/api/products/${product.id}`, undefined, { id: product.id }));
      expect(
        await database.db.selectFrom('product_variants').select('id').where('product_id', '=', product.id).execute(),
      ).toEqual([]);
      expect(await rebuilds()).toEqual(['delete product']);
    });
  });

  describe('services', () => {
    let service: AdminService;

    it('creates a service: category_id, metadata object, sanitised HTML description', async () => {
      service = await ok<AdminService>(
        call(servicesWrite, 'POST', '/api/services', {
          name: 'Vehicle Wraps',
          slug: 'vehicle-wraps',
          tagline: 'Rolling billboards',
          category_id: 'Printing',
          base_price_cents: '150000',
          duration_minutes: '90',
          description: 'Full and partial wraps.',
          description_html: '<h2>Wraps</h2><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">go</a>',
          metadata: { idealFor: 'Fleets', materials: ['Cast vinyl'] },
        }),
        201,
      );
      expect(service).toMatchObject({
        category_id: 'Printing',
        base_price_cents: 150000,
        duration_minutes: 90,
        metadata: { idealFor: 'Fleets', materials: ['Cast vinyl'] },
        is_active: true,
        description_html: '<h2>Wraps</h2><img src="x" /><a>go</a>',
      });
      const pub = (await (await callFunction(publicServices, '/api/services')).json()) as {
        slug?: string;
        id?: string;
      }[];
      expect(JSON.stringify(pub)).toContain('vehicle-wraps');
      expect(await rebuilds()).toEqual(['create service']);
    });

    it('refuses a metadata that is not an object, an unknown category and a taken slug', async () => {
      const base = { name: 'S', slug: 'new-service', category_id: 'Branding' };
      expect(
        (await refused(call(servicesWrite, 'POST', '/api/services', { ...base, metadata: '{"a":1}' }), 400)).fields,
      ).toHaveProperty('metadata');
      expect(
        (await refused(call(servicesWrite, 'POST', '/api/services', { ...base, category_id: 'Knitting' }), 400)).fields,
      ).toHaveProperty('category_id');
      expect(
        (await refused(call(servicesWrite, 'POST', '/api/services', { ...base, slug: 'vehicle-wraps' }), 409)).code,
      ).toBe('duplicate_slug');
      expect(await rebuilds()).toEqual([]);
    });

    it('updates, lists for the admin and deletes', async () => {
      const updated = await ok<AdminService>(
        call(
          servicesWrite,
          'PUT',
          `/api/services/${service.id}`,
          {
            metadata: {},
            is_active: false,
            imageSecondaryBase64: png.toString('base64'),
            imageSecondaryContentType: 'image/png',
          },
          { id: service.id },
        ),
      );
      expect(updated).toMatchObject({ metadata: {}, is_active: false, name: 'Vehicle Wraps' });
      expect(updated.image_secondary_url).toMatch(/^\/uploads\/.+\.png$/);
      expect(existsSync(join(uploads, updated.image_secondary_url!.slice(9)))).toBe(true);
      const list = await ok<AdminService[]>(call(servicesRead, 'GET', '/api/admin/services'));
      expect(list.find((s) => s.id === service.id)?.is_active).toBe(false);
      await ok(call(servicesWrite, 'DELETE', `/api/services/${service.id}`, undefined, { id: service.id }));
      await refused(call(servicesRead, 'GET', `/api/admin/services/${service.id}`, undefined, { id: service.id }), 404);
      expect(await rebuilds()).toEqual(['update service', 'delete service']);
    });
  });
});
