import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NetlifyDev } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createShopServer, type ShopServer } from '../../scripts/server/create-server.mts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { EMULATOR_ORIGIN, emulatorProject, startEmulator } from '../support/netlify-emulator.ts';
import { json, normalized, parityRuntimes } from '../support/runtime-parity.ts';

/**
 * The local server (scripts/server, what `npm start` serves) exists because Netlify's own
 * emulator reloads every function per call; it must answer exactly as Netlify would. The same
 * representative requests go to both, serving the same functions over the same database, and
 * any difference in status, the headers that matter or the body fails here.
 */

const PASSWORD = 'parity-admin-password';
let database: TestDatabase;
let project: string;
let netlify: NetlifyDev;
let local: ShopServer;
const NETLIFY_ORIGIN = EMULATOR_ORIGIN;

const { viaLocal, both, expectSame } = parityRuntimes(
  () => netlify,
  () => local.url,
);

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  // Both runtimes read the environment as a deploy does: one database, production-style admin
  // credentials, a scratch DATA_DIR, the embedded test checkout.
  vi.stubEnv('DATABASE_URL', database.url);
  vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword(PASSWORD, { N: 2 ** 14 }));
  vi.stubEnv('ADMIN_TOKEN_SECRET', 'parity-token-secret-that-is-long-enough-0123456789');
  vi.stubEnv('SITE_URL', undefined);
  project = emulatorProject('shop-parity-');
  vi.stubEnv('DATA_DIR', join(project, '.data'));
  netlify = await startEmulator(project);
  local = await createShopServer({
    distDir: join(project, 'dist'),
    functionsDir: join(project, 'netlify/functions'),
    port: 0,
    log: () => {},
  });
}, 180_000);

afterAll(async () => {
  await local?.close();
  await netlify?.stop();
  vi.unstubAllEnvs();
  await database?.dispose();
  if (project) rmSync(project, { recursive: true, force: true });
});

async function firstSellable(): Promise<{ productId: string; colorId: string | null; sizeId: string | null }> {
  const row = await database.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.product_id', 'v.color_id', 'v.size_id'])
    .where('v.stock_qty', '>', 10)
    .where('p.is_active', '=', true)
    .orderBy('p.name')
    .executeTakeFirstOrThrow();
  return { productId: row.product_id, colorId: row.color_id, sizeId: row.size_id };
}

describe('the local server answers as Netlify does', () => {
  it('catalog reads: lists, one product, a missing product, a method no function takes', async () => {
    const collections = await expectSame(json('collections', 'GET', '/api/collections'));
    expect(collections.status).toBe(200);
    const slug = (JSON.parse(collections.body) as { slug: string }[])[0]!.slug;
    expect((await expectSame(json('one collection', 'GET', `/api/collections/${slug}`))).status).toBe(200);
    expect((await expectSame(json('products', 'GET', '/api/products'))).status).toBe(200);
    const product = await database.db
      .selectFrom('products')
      .select('slug')
      .where('is_active', '=', true)
      .orderBy('slug')
      .executeTakeFirstOrThrow();
    expect((await expectSame(json('one product', 'GET', `/api/products/slug/${product.slug}`))).status).toBe(200);
    expect((await expectSame(json('no product', 'GET', '/api/products/slug/no-such-product'))).status).toBe(404);
    // A method no function takes reaches no function on Netlify (the site's 404); locally, the
    // same answer as a path no function has at all.
    const patch = json('no such method', 'PATCH', '/api/collections', {});
    const onNetlify = await netlify.handleAndIntrospect(
      new Request(`${NETLIFY_ORIGIN}${patch.path}`, { method: 'PATCH', headers: patch.headers, body: '{}' }),
    );
    expect(onNetlify?.type).not.toBe('function');
    const localPatch = normalized(await viaLocal(patch));
    expect(localPatch.status).toBe(404);
    expect(localPatch).toEqual(normalized(await viaLocal({ ...patch, path: '/api/no-such-endpoint' })));
  }, 60_000);

  it('checkout: a cart opens the test checkout; a bad cart and another site are refused the same way', async () => {
    const line = await firstSellable();
    const cart = { items: [{ ...line, quantity: 1 }], fulfillment: 'local' };
    const opened = await expectSame(json('cart checkout', 'POST', '/api/cart/checkout', cart));
    expect(opened.status).toBe(201);
    const bad = await expectSame(json('bad cart', 'POST', '/api/cart/checkout', { items: [], fulfillment: 'mail' }));
    expect(bad.status).toBe(400);
    const [netlifyForeign, localForeign] = await both({
      ...json('cross origin', 'POST', '/api/cart/checkout', cart),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(localForeign).toEqual(netlifyForeign);
    expect(netlifyForeign.status).toBe(403);
  }, 60_000);

  it('forms: a JSON post and a form-encoded post to the JSON API, valid and not', async () => {
    const invalid = await expectSame(json('contact, invalid', 'POST', '/api/contact', { name: '' }));
    expect(invalid.status).toBe(400);
    const form = {
      label: 'newsletter, form-encoded post',
      method: 'POST',
      path: '/api/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    const signedUp = await expectSame({ ...form, body: 'email=parity%40example.com&website=' });
    expect(signedUp.status).toBe(200);
    // Pages without JavaScript post to /newsletter (an on-demand page); the API answers JSON.
    expect(signedUp.headers['content-type']).toContain('application/json');
    expect((await expectSame({ ...form, body: 'email=not-an-address&website=' })).status).toBe(400);
  }, 60_000);

  it('admin login: a wrong password and the right one', async () => {
    const wrong = await expectSame(json('login, wrong', 'POST', '/api/admin/login', { password: 'nope' }));
    expect(wrong.status).toBe(401);
    const right = await expectSame(json('login, right', 'POST', '/api/admin/login', { password: PASSWORD }));
    expect(right.status).toBe(200);
    expect(right.body).toContain('<token>');
  }, 60_000);

  it('the Stripe webhook: refused the same way when Stripe is not set up, and from another site', async () => {
    const event = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' });
    const unsigned = await expectSame({
      label: 'webhook',
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body: event,
    });
    expect(unsigned.status).toBe(404);
    const [netlifyForeign, localForeign] = await both({
      label: 'webhook, another site',
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: event,
    });
    expect(localForeign).toEqual(netlifyForeign);
    expect(netlifyForeign.status).toBe(403);
  }, 60_000);
});
