import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import login from '../../netlify/functions/admin-login.mts';
import storeCheckout from '../../netlify/functions/store-checkout.mts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { passwordHashLimiter } from '../../src/server/auth/hash-limiter.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { STORE_PASSWORD_STORE_THROTTLE, storePasswordKeys } from '../../src/server/stores/store-password.ts';
import { countRequest } from '../../src/server/throttle/throttle.ts';
import { callFunction, newVisitorIp } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore, type StoreFixture, storeCheckoutBody } from '../support/store-fixtures.ts';

/**
 * Password checks cannot stall the shop (docs/decisions/0041-password-checks.md): hashes take
 * turns, 503 past the queue; the admin account and each store have budgets of wrong passwords
 * beside each address's; a store's buyer keeps a pass after one right answer.
 */

const ADMIN_PASSWORD = 'west-texas-energy';
const STORE_PASSWORD = 'go eagles go';
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const attemptLogin = (password: string, ip = newVisitorIp()) =>
  callFunction(login, '/api/admin/login', {
    method: 'POST',
    ip,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });

const checkoutAt = (store: StoreFixture, password?: string, options: { ip?: string; cookie?: string } = {}) =>
  callFunction(storeCheckout, `https://shop.example/api/stores/${store.slug}/checkout`, {
    method: 'POST',
    params: { slug: store.slug },
    ...(options.ip ? { ip: options.ip } : {}),
    headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: JSON.stringify({ ...storeCheckoutBody(store), ...(password === undefined ? {} : { password }) }),
  });

/** Keeps the shop's hash limiter full (one running, the queue taken) until the answer is called. */
function fillHashLimiter(): () => Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const turns = Array.from({ length: 1 + passwordHashLimiter.limits.queue }, () =>
    passwordHashLimiter.run(() => held).catch(() => {}),
  );
  return async () => {
    release();
    await Promise.all(turns);
  };
}

/** The pass a store checkout answered, as a Cookie header, and the attributes it was set with. */
function passOf(res: Response) {
  const setCookie = res.headers.get('set-cookie') ?? '';
  const [pair = '', ...attributes] = setCookie.split('; ');
  return { cookie: pair, attributes };
}

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword(ADMIN_PASSWORD, { N: 2 ** 14 })),
    tokenSecret: randomBytes(32),
  });
});
afterAll(() => installAdminCredentials(undefined));

describe.each(DATABASE_KINDS)('password checks on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.deleteFrom('login_attempts').execute();
  });

  it('answers 503 with Retry-After and the reason in words while the shop’s password checks are full', async () => {
    const release = fillHashLimiter();
    try {
      const res = await attemptLogin(ADMIN_PASSWORD);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await res.json()).toEqual({
        error: {
          code: 'password_checks_busy',
          message: 'The shop is checking too many passwords right now. Please try again in a few seconds.',
        },
      });
      // Not a failure of anyone's: it spends neither the address's budget nor the account's.
      expect(await database.db.selectFrom('login_attempts').select('succeeded').execute()).toEqual([]);
    } finally {
      await release();
    }
  });

  it('throttles the admin account after 10 wrong passwords from 10 addresses, the right one from an 11th too', async () => {
    for (let i = 0; i < 10; i++) expect((await attemptLogin(`guess-${i}`)).status).toBe(401);
    const res = await attemptLogin(ADMIN_PASSWORD);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(4 * 60);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'too_many_attempts',
      message: 'Too many failed sign-ins to the admin from several places. Wait a few minutes and try again.',
    });
    // A refused attempt hashes nothing: it is answered even while the hashes are full.
    const release = fillHashLimiter();
    try {
      expect((await attemptLogin(ADMIN_PASSWORD)).status).toBe(429);
    } finally {
      await release();
    }
  });

  it('keeps the spec’s sign-in: a wrong password is 401 "Invalid credentials", the right one a token', async () => {
    const wrong = await attemptLogin('not-it');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
    const right = await attemptLogin(ADMIN_PASSWORD);
    expect(right.status).toBe(200);
    expect(((await right.json()) as { token: string }).token.split('.')).toHaveLength(3);
  });

  describe('a store with a password', () => {
    let store: StoreFixture;
    beforeAll(async () => {
      store = await createStore(database.db, { passwordHash: await hashPassword(STORE_PASSWORD, { N: 2 ** 14 }) });
    });

    it('throttles one address after 5 wrong passwords for the store, the right one too, without hashing', async () => {
      const ip = newVisitorIp();
      for (let i = 0; i < 5; i++) expect((await checkoutAt(store, `guess number ${i}`, { ip })).status).toBe(403);
      const release = fillHashLimiter();
      try {
        const res = await checkoutAt(store, STORE_PASSWORD, { ip });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(((await res.json()) as ErrorBody).error.message).toBe(
          'Too many wrong passwords for this store. Please wait a few minutes and try again.',
        );
      } finally {
        await release();
      }
      // Another address is still let in.
      expect((await checkoutAt(store, STORE_PASSWORD)).status).toBe(201);
    });

    it('throttles the store after 30 wrong passwords from any addresses', async () => {
      const own = await createStore(database.db, { passwordHash: await hashPassword(STORE_PASSWORD, { N: 2 ** 14 }) });
      // 29 wrong answers already counted from other addresses, then the 30th given here.
      const { store: storeKey } = storePasswordKeys(own.storeId, undefined);
      for (let i = 0; i < 29; i++) await countRequest(database.db, storeKey, STORE_PASSWORD_STORE_THROTTLE);
      expect((await checkoutAt(own, 'not the password')).status).toBe(403);
      const res = await checkoutAt(own, STORE_PASSWORD);
      expect(res.status).toBe(429);
      expect(((await res.json()) as ErrorBody).error.code).toBe('too_many_attempts');
    });

    it('gives a buyer a pass for this one store after a right password, so the next checkout hashes nothing', async () => {
      const first = await checkoutAt(store, STORE_PASSWORD);
      expect(first.status).toBe(201);
      const pass = passOf(first);
      expect(pass.cookie).toMatch(/^store_pass=[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
      expect(pass.attributes).toEqual([
        `Path=/api/stores/${store.slug}`,
        `Max-Age=${30 * 86_400}`,
        'HttpOnly',
        'SameSite=Strict',
        'Secure',
      ]);
      const other = await createStore(database.db, {
        passwordHash: await hashPassword(STORE_PASSWORD, { N: 2 ** 14 }),
      });
      const release = fillHashLimiter();
      try {
        // With every hash taken, the pass still lets the buyer in, with no password and no new pass.
        const again = await checkoutAt(store, undefined, { cookie: `theme=dark; ${pass.cookie}` });
        expect(again.status).toBe(201);
        expect(again.headers.get('set-cookie')).toBeNull();
        // Another store's checkout does not take it.
        const elsewhere = await checkoutAt(other, undefined, { cookie: pass.cookie });
        expect(elsewhere.status).toBe(403);
        expect(((await elsewhere.json()) as ErrorBody).error.fields).toEqual({
          password: 'Enter the store’s password.',
        });
      } finally {
        await release();
      }
      // A forged pass is no pass.
      const forged = `${pass.cookie.slice(0, -4)}AAAA`;
      expect((await checkoutAt(store, undefined, { cookie: forged })).status).toBe(403);
      // A new password ends every pass of the old one.
      await database.db
        .updateTable('stores')
        .set({ password_hash: await hashPassword('a brand new password', { N: 2 ** 14 }) })
        .where('id', '=', store.storeId)
        .execute();
      expect((await checkoutAt(store, undefined, { cookie: pass.cookie })).status).toBe(403);
    });
  });
});
