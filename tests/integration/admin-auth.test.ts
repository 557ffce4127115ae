import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import collectionsWrite from '../../netlify/functions/admin-collections-write.mts';
import collectionsRead from '../../netlify/functions/admin-collections.mts';
import colors from '../../netlify/functions/admin-colors.mts';
import discountCodes from '../../netlify/functions/admin-discount-codes.mts';
import discountReport from '../../netlify/functions/admin-discount-report.mts';
import login from '../../netlify/functions/admin-login.mts';
import logout from '../../netlify/functions/admin-logout.mts';
import orders from '../../netlify/functions/admin-orders.mts';
import productsWrite from '../../netlify/functions/admin-products-write.mts';
import productsRead from '../../netlify/functions/admin-products.mts';
import servicesWrite from '../../netlify/functions/admin-services-write.mts';
import servicesRead from '../../netlify/functions/admin-services.mts';
import session from '../../netlify/functions/admin-session.mts';
import sizes from '../../netlify/functions/admin-sizes.mts';
import templates from '../../netlify/functions/admin-templates.mts';
import users from '../../netlify/functions/admin-users.mts';
import { setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { signJwt } from '../../src/server/auth/jwt.ts';
import { clientKey } from '../../src/server/auth/login-throttle.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

const SECRET = randomBytes(32);
const PASSWORD = 'west-texas-energy';
const now = () => Math.floor(Date.now() / 1000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const attemptLogin = (password: unknown, ip: string) =>
  callFunction(login, '/api/admin/login', {
    method: 'POST',
    ip,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });

const whoAmI = (authorization?: string) =>
  callFunction(session, '/api/admin/session', authorization ? { headers: { authorization } } : {});

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword(PASSWORD, { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(() => {}, { delayMs: 0 });
});
afterAll(() => {
  installAdminCredentials(undefined);
  setRebuildHandler(null);
});

describe.each(DATABASE_KINDS)('admin sign-in on %s', (kind) => {
  let database: TestDatabase;
  const attempts = async (ip: string) =>
    database.db
      .selectFrom('login_attempts')
      .select(['succeeded'])
      .where('client_key', '=', clientKey(ip, SECRET))
      .orderBy('attempted_at')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('answers a signed 12-hour token for the right password and records the success', async () => {
    const res = await attemptLogin(PASSWORD, '10.0.0.1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { token: string; expires_at: string };
    expect(body.token.split('.')).toHaveLength(3);
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect((await whoAmI(`Bearer ${body.token}`)).status).toBe(200);
    expect(await attempts('10.0.0.1')).toEqual([{ succeeded: true }]);
  });

  it('refuses a wrong password with 401 "Invalid credentials" and records the failure', async () => {
    const res = await attemptLogin('not-it', '10.0.0.2');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
    expect(await attempts('10.0.0.2')).toEqual([{ succeeded: false }]);
  });

  it('refuses malformed login bodies with 400 without recording an attempt', async () => {
    expect((await attemptLogin(12345, '10.0.0.3')).status).toBe(400);
    expect((await attemptLogin('', '10.0.0.3')).status).toBe(400);
    const extra = await callFunction(login, '/api/admin/login', {
      method: 'POST',
      ip: '10.0.0.3',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD, remember: true }),
    });
    expect(extra.status).toBe(400);
    expect(await attempts('10.0.0.3')).toEqual([]);
  });

  it('throttles a client after 5 failures in 15 minutes: 429 with Retry-After, even for the right password', async () => {
    const ip = '10.0.0.4';
    for (let i = 0; i < 5; i++) expect((await attemptLogin(`guess-${i}`, ip)).status).toBe(401);
    const throttled = await attemptLogin(PASSWORD, ip);
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await throttled.json()) as { error: { code: string } }).error.code).toBe('too_many_attempts');
    // Five failures are on record; the refused attempts are not, so Retry-After stays true.
    expect(await attempts(ip)).toEqual(Array.from({ length: 5 }, () => ({ succeeded: false })));
    // Another client is not affected.
    expect((await attemptLogin(PASSWORD, '10.0.0.5')).status).toBe(200);
  });

  it('counts failures in a sliding window: old ones and those before a success no longer count', async () => {
    const ip = '10.0.0.6';
    const key = clientKey(ip, SECRET);
    await database.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 5 }, () => ({
          client_key: key,
          succeeded: false,
          attempted_at: sql<Date>`now() - interval '16 minutes'`,
        })),
      )
      .execute();
    expect((await attemptLogin(PASSWORD, ip)).status).toBe(200);

    // Four failures, a success, then five more failures before the sixth is throttled.
    const ip2 = '10.0.0.7';
    for (let i = 0; i < 4; i++) await attemptLogin('nope', ip2);
    expect((await attemptLogin(PASSWORD, ip2)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attemptLogin('nope', ip2)).status).toBe(401);
    expect((await attemptLogin('nope', ip2)).status).toBe(429);

    // Failures ten minutes old: Retry-After is the five minutes until the oldest leaves the window.
    const ip3 = '10.0.0.8';
    await database.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          client_key: clientKey(ip3, SECRET),
          succeeded: false,
          attempted_at: sql<Date>`now() - make_interval(mins => ${10 - i})`,
        })),
      )
      .execute();
    const res = await attemptLogin(PASSWORD, ip3);
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(4 * 60);
    expect(wait).toBeLessThanOrEqual(5 * 60);
  });

  it('lets only the first of many parallel guesses past the fifth failure', async () => {
    const ip = '10.0.0.9';
    for (let i = 0; i < 4; i++) await attemptLogin('nope', ip);
    const results = await Promise.all(Array.from({ length: 6 }, () => attemptLogin('nope', ip)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429]);
    expect((await attempts(ip)).length).toBe(5);
  });

  it('answers 401 for a forged, expired, alg-none, non-admin or malformed token', async () => {
    const other = issueAdminToken(randomBytes(32)).token;
    const expired = signJwt({ sub: 'admin', jti: 'old', iat: now() - 13 * 3600, exp: now() - 3600 }, SECRET);
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'admin', jti: 'n', iat: now(), exp: now() + 60 })}.`;
    const customer = signJwt({ sub: 'customer', jti: 'c', iat: now(), exp: now() + 60 }, SECRET);
    const tooLong = signJwt({ sub: 'admin', jti: 'l', iat: now(), exp: now() + 48 * 3600 }, SECRET);
    const valid = issueAdminToken(SECRET).token;
    for (const header of [
      `Bearer ${other}`,
      `Bearer ${expired}`,
      `Bearer ${none}`,
      `Bearer ${customer}`,
      `Bearer ${tooLong}`,
      `Bearer ${valid}x`,
      `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`,
      valid,
      'Bearer',
    ]) {
      const res = await whoAmI(header);
      expect(res.status, header).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect((await whoAmI()).status).toBe(401);
    expect((await whoAmI(`Bearer ${valid}`)).status).toBe(200);
  });

  it('revokes the token on logout', async () => {
    const { token } = issueAdminToken(SECRET);
    const authorization = `Bearer ${token}`;
    const out = await callFunction(logout, '/api/admin/logout', { method: 'POST', headers: { authorization } });
    expect(out.status).toBe(200);
    expect((await whoAmI(authorization)).status).toBe(401);
    expect((await callFunction(colors, '/api/colors', { headers: { authorization } })).status).toBe(401);
    expect(
      (await callFunction(logout, '/api/admin/logout', { method: 'POST', headers: { authorization } })).status,
    ).toBe(401);
    const row = await database.db.selectFrom('admin_token_revocations').selectAll().executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
  });

  it('answers 401 on every admin route without a token, and changes nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ name: 'Sneaky', slug: 'sneaky', hex: '#000000' });
    const routes: [typeof colors, string, string, Record<string, string>?][] = [
      [session, 'GET', '/api/admin/session'],
      [logout, 'POST', '/api/admin/logout'],
      [productsRead, 'GET', '/api/admin/products'],
      [productsRead, 'GET', `/api/admin/products/${id}`, { id }],
      [productsWrite, 'POST', '/api/products'],
      [productsWrite, 'PUT', `/api/products/${id}`, { id }],
      [productsWrite, 'DELETE', `/api/products/${id}`, { id }],
      [servicesRead, 'GET', '/api/admin/services'],
      [servicesWrite, 'POST', '/api/services'],
      [servicesWrite, 'PUT', `/api/services/${id}`, { id }],
      [servicesWrite, 'DELETE', `/api/services/${id}`, { id }],
      [collectionsRead, 'GET', '/api/admin/collections'],
      [collectionsWrite, 'POST', '/api/collections'],
      [collectionsWrite, 'PUT', `/api/collections/${id}`, { id }],
      [collectionsWrite, 'DELETE', `/api/collections/${id}`, { id }],
      [colors, 'GET', '/api/colors'],
      [colors, 'POST', '/api/colors'],
      [colors, 'PUT', `/api/colors/${id}`, { id }],
      [colors, 'DELETE', `/api/colors/${id}`, { id }],
      [sizes, 'GET', '/api/sizes'],
      [sizes, 'POST', '/api/sizes'],
      [sizes, 'DELETE', `/api/sizes/${id}`, { id }],
      [discountCodes, 'GET', '/api/discount_codes'],
      [discountCodes, 'POST', '/api/discount_codes'],
      [discountCodes, 'PUT', `/api/discount_codes/${id}`, { id }],
      [discountCodes, 'DELETE', `/api/discount_codes/${id}`, { id }],
      [discountReport, 'GET', '/api/discount_codes/report'],
      [templates, 'GET', '/api/templates'],
      [templates, 'POST', '/api/templates'],
      [templates, 'PUT', `/api/templates/${id}`, { id }],
      [templates, 'DELETE', `/api/templates/${id}`, { id }],
      [orders, 'GET', '/api/orders'],
      [orders, 'GET', `/api/orders/${id}`, { id }],
      [users, 'GET', '/api/users'],
      [users, 'GET', `/api/users/${id}`, { id }],
    ];
    const colorCount = async () =>
      (
        await database.db
          .selectFrom('colors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await colorCount();
    for (const [fn, method, path, params] of routes) {
      const withBody = method === 'POST' || method === 'PUT';
      const res = await callFunction(fn, path, {
        method,
        params: params ?? {},
        ...(withBody ? { headers: json, body } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await colorCount()).toEqual(before);
  });
});
