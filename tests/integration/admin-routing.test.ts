import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NetlifyDev } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunctions } from '../../scripts/server/functions-loader.mts';
import { matchFunction } from '../../scripts/server/functions-router.mts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { emulatorProject, startEmulator } from '../support/netlify-emulator.ts';

const ID = '00000000-0000-4000-8000-000000000000';

/** [method, path, function that must answer]: public reads and admin writes share paths, split by method. */
const TABLE: [string, string, string][] = [
  ['GET', '/api/collections', 'collections'],
  ['GET', '/api/collections/city-champ-golf', 'collection'],
  ['POST', '/api/collections', 'admin-collections-write'],
  ['PUT', `/api/collections/${ID}`, 'admin-collections-write'],
  ['DELETE', `/api/collections/${ID}`, 'admin-collections-write'],
  ['GET', '/api/admin/collections', 'admin-collections'],
  ['GET', '/api/products', 'products'],
  ['GET', '/api/products/slug/rodeo-tee', 'product-by-slug'],
  ['POST', '/api/products', 'admin-products-write'],
  ['PUT', `/api/products/${ID}`, 'admin-products-write'],
  ['DELETE', `/api/products/${ID}`, 'admin-products-write'],
  ['GET', `/api/admin/products/${ID}`, 'admin-products'],
  ['GET', '/api/admin/product-list', 'admin-product-list'],
  ['GET', '/api/services', 'services'],
  ['POST', '/api/services', 'admin-services-write'],
  ['PUT', `/api/services/${ID}`, 'admin-services-write'],
  ['GET', '/api/admin/services', 'admin-services'],
  ['GET', '/api/colors', 'admin-colors'],
  ['DELETE', `/api/sizes/${ID}`, 'admin-sizes'],
  ['GET', '/api/discount_codes', 'admin-discount-codes'],
  ['GET', '/api/discount_codes/report', 'admin-discount-report'],
  ['PUT', `/api/discount_codes/${ID}`, 'admin-discount-codes'],
  ['POST', '/api/discount-codes/validate', 'discount-validate'],
  ['POST', '/api/templates', 'admin-templates'],
  ['GET', '/api/orders', 'admin-orders'],
  ['GET', `/api/orders/${ID}`, 'admin-orders'],
  ['POST', `/api/orders/${ID}/locations`, 'admin-order-locations'],
  ['GET', '/api/users', 'admin-users'],
  ['GET', '/api/admin/price-lists', 'admin-price-lists'],
  ['PUT', `/api/admin/price-lists/${ID}`, 'admin-price-lists'],
  ['GET', '/api/admin/business-accounts', 'admin-business-accounts'],
  ['PUT', `/api/admin/business-accounts/${ID}`, 'admin-business-accounts'],
  ['POST', `/api/admin/business-accounts/${ID}/certificate`, 'admin-business-certificate'],
  ['GET', '/api/admin/payment-settings', 'admin-payment-settings'],
  ['PUT', '/api/admin/payment-settings', 'admin-payment-settings'],
  ['GET', '/api/admin/receivables', 'admin-receivables'],
  ['GET', '/api/admin/receivables/invoices.csv', 'admin-receivables-export'],
  ['GET', '/api/admin/receivables/payments.csv', 'admin-receivables-export'],
  ['POST', '/api/admin/login', 'admin-login'],
  ['POST', '/api/admin/logout', 'admin-logout'],
  ['GET', '/api/admin/session', 'admin-session'],
  ['GET', '/api/admin/publish-status', 'admin-publish-status'],
  ['POST', '/api/netlify/deploy-events', 'netlify-deploy-events'],
];

describe('admin routes beside the public ones', () => {
  it('the local server sends each method and path to the right function file', async () => {
    const routes = await loadFunctions('netlify/functions', () => {});
    for (const [method, path, name] of TABLE) {
      const match = matchFunction(routes, method, path);
      expect(match.kind === 'function' ? match.fn.name : match.kind, `${method} ${path}`).toBe(name);
    }
    // A method no function takes reaches no function, as on Netlify (tests/integration/runtime-parity.test.ts).
    expect(matchFunction(routes, 'PATCH', '/api/collections')).toEqual({ kind: 'none' });
  });
});

/**
 * The same on Netlify's own local emulator (@netlify/dev), which routes functions by
 * config.path and config.method as production does: public GETs answer from the database,
 * writes on the same paths reach the admin functions.
 */
describe('admin routes on the Netlify emulator', () => {
  const secret = randomBytes(24).toString('base64url');
  const authorization = `Bearer ${issueAdminToken(Buffer.from(secret)).token}`;
  const ENV_KEYS = ['DATABASE_URL', 'DATA_DIR', 'ADMIN_TOKEN_SECRET', 'ADMIN_PASSWORD_HASH'] as const;
  const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  let project: string;
  let database: TestDatabase;
  let netlify: NetlifyDev;

  const send = (method: string, path: string, body?: unknown, auth = true) =>
    netlify.handleAndIntrospect(
      new Request(`http://localhost:8888${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(auth ? { authorization } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    project = emulatorProject('shop-admin-routes-');
    // The emulator runs its own bundle of the functions, which reads the environment as a
    // deploy would: production-style credentials, and a scratch DATA_DIR for uploads.
    process.env['DATABASE_URL'] = database.url;
    process.env['DATA_DIR'] = join(project, '.data');
    process.env['ADMIN_TOKEN_SECRET'] = secret;
    process.env['ADMIN_PASSWORD_HASH'] = await hashPassword('unused', { N: 2 ** 14 });
    netlify = await startEmulator(project);
  }, 120_000);

  afterAll(async () => {
    await netlify?.stop();
    for (const key of ENV_KEYS) {
      if (savedEnv[key] === undefined) delete process.env[key];
      else process.env[key] = savedEnv[key];
    }
    await database?.dispose();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('GET /api/collections stays public while POST and PUT on the same paths need the admin token', async () => {
    const list = await send('GET', '/api/collections', undefined, false);
    expect(list?.type).toBe('function');
    expect(list?.response.status).toBe(200);
    expect(((await list!.response.json()) as { slug: string }[]).map((c) => c.slug)).toContain('city-champ-golf');

    const anonymous = await send('POST', '/api/collections', { name: 'Fair', slug: 'county-fair' }, false);
    expect(anonymous?.response.status).toBe(401);

    const created = await send('POST', '/api/collections', { name: 'Fair', slug: 'county-fair' });
    expect(created?.response.status).toBe(201);
    const { id } = (await created!.response.json()) as { id: string };

    const renamed = await send('PUT', `/api/collections/${id}`, { name: 'County Fair' });
    expect(renamed?.response.status).toBe(200);
    const one = await send('GET', '/api/collections/county-fair', undefined, false);
    expect(one?.response.status).toBe(200);
    expect(((await one!.response.json()) as { name: string }).name).toBe('County Fair');
  }, 60_000);

  it('GET /api/products/slug/{slug} stays public; DELETE /api/products/{id} reaches the admin function', async () => {
    const missing = await send('GET', '/api/products/slug/no-such-product', undefined, false);
    expect(missing?.response.status).toBe(404);
    expect(((await missing!.response.json()) as { error: { message: string } }).error.message).toMatch(/no product/);
    const anonymous = await send('DELETE', `/api/products/${ID}`, undefined, false);
    expect(anonymous?.response.status).toBe(401);
    const gone = await send('DELETE', `/api/products/${ID}`);
    expect(gone?.response.status).toBe(404);
    expect(((await gone!.response.json()) as { error: { message: string } }).error.message).toMatch(
      /no product with id/,
    );
  }, 60_000);

  it('POST /api/netlify/deploy-events reaches the deploy notification function (404 JSON without its secret)', async () => {
    const res = await send('POST', '/api/netlify/deploy-events', { state: 'ready' }, false);
    expect(res?.type).toBe('function');
    expect(res?.response.status).toBe(404);
    expect(((await res!.response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  }, 60_000);

  it('GET /api/discount_codes/report reaches the report, not /api/discount_codes/{id}', async () => {
    const report = await send('GET', '/api/discount_codes/report');
    expect(report?.response.status).toBe(200);
    const rows = (await report!.response.json()) as { code: string; total_uses: number }[];
    expect(rows.find((r) => r.code === 'SAVE10')?.total_uses).toBe(12);
  }, 60_000);
});
