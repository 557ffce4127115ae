import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import buyNow from '../../netlify/functions/buy-now.mts';
import discountValidate from '../../netlify/functions/discount-validate.mts';
import { releaseOrder } from '../../src/server/orders/release-order.ts';
import { CHECKOUT_HOLD_MS } from '../../src/server/checkout/start-checkout.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { sessionIdOf, setVariantStock, shopState, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A POST from the peer address `ip` (what Netlify's context.ip and the local server report). */
const post = (handler: typeof cartCheckout, path: string, body: unknown, ip: string, headers = {}) =>
  callFunction(handler, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ip,
  });

describe.each(DATABASE_KINDS)('checkout limits per client on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  // Each test is its own client (kind-specific so the two databases never share an address).
  const ipOf = (n: number) => `203.0.113.${(kind === 'pglite' ? 0 : 100) + n}`;

  const cart = (v: VariantFixture, quantity: number, ip: string, extra: Record<string, unknown> = {}) =>
    post(
      cartCheckout,
      '/api/cart/checkout',
      {
        items: [{ productId: v.productId, colorId: v.colorId, sizeId: v.sizeId, quantity }],
        fulfillment: 'local',
        ...extra,
      },
      ip,
    );
  const buy = (v: VariantFixture, quantity: number, ip: string, headers = {}) =>
    post(
      buyNow,
      '/api/checkout',
      { productId: v.productId, color_id: v.colorId, size_id: v.sizeId, quantity, fulfillment: 'local' },
      ip,
      headers,
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
  });
  afterAll(() => database.dispose());

  it('throttles cart checkout and Buy Now together per peer address: the 11th in 10 minutes is 429', async () => {
    await setVariantStock(database.db, hoodie.variantId, 0);
    const ip = ipOf(1);
    const answers: number[] = [];
    // Sold out: every one is refused with 409 and holds nothing, yet each counts as a checkout.
    for (let i = 0; i < 5; i++) answers.push((await cart(hoodie, 1, ip)).status);
    // A forwarded header naming other clients changes nothing: only the peer address counts.
    for (let i = 0; i < 5; i++) answers.push((await buy(hoodie, 1, ip, { 'x-forwarded-for': `10.0.0.${i}` })).status);
    expect(answers).toEqual(Array(10).fill(409));

    await setVariantStock(database.db, hoodie.variantId, 10);
    const before = await shopState(database.db);
    for (const res of [await cart(hoodie, 1, ip), await buy(hoodie, 1, ip, { 'x-forwarded-for': '10.9.9.9' })]) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as ErrorBody).error.code).toBe('throttled');
    }
    expect(await shopState(database.db)).toEqual(before);
    // Another client is not affected.
    expect((await buy(hoodie, 1, ipOf(2))).status).toBe(201);
  });

  it('lets one client hold stock with at most 3 unpaid checkouts; the 4th is 429 and holds nothing', async () => {
    await setVariantStock(database.db, hoodie.variantId, 50);
    const ip = ipOf(3);
    const sessions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await cart(hoodie, 2, ip);
      expect(res.status).toBe(201);
      sessions.push(sessionIdOf(((await res.json()) as { url: string }).url));
    }
    const before = await shopState(database.db);
    const refused = await buy(hoodie, 1, ip);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('too_many_holds');
    expect(body.error.message).toMatch(/3 unpaid checkouts/);
    // Retry-After: when the earliest of the three lapses, about 30 minutes from now.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(31 * 60);
    expect(await shopState(database.db)).toEqual(before);

    // The stored key is a hash, never the address.
    const keys = await database.db
      .selectFrom('orders')
      .select('hold_client_key')
      .where('payment_session_id', 'in', sessions)
      .execute();
    expect(new Set(keys.map((k) => k.hold_client_key)).size).toBe(1);
    expect(keys[0]!.hold_client_key).not.toContain(ip);
    expect(keys[0]!.hold_client_key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A hold that ends (cancelled, paid or lapsed) frees its slot.
    const order = await database.db
      .selectFrom('orders')
      .select('id')
      .where('payment_session_id', '=', sessions[0]!)
      .executeTakeFirstOrThrow();
    expect(await releaseOrder(database.db, order.id)).toBe(true);
    expect((await buy(hoodie, 1, ip)).status).toBe(201);
  });

  it('bounds open holds under concurrency: of 8 parallel checkouts from one client exactly 3 hold stock', async () => {
    await setVariantStock(database.db, hoodie.variantId, 100);
    const ip = ipOf(4);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => cart(hoodie, 1, ip).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('holds stock for 30 minutes, the expiry it gives the payment session', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const res = await cart(hoodie, 1, ipOf(5));
    expect(res.status).toBe(201);
    const order = await database.db
      .selectFrom('orders')
      .select(['created_at', 'expires_at'])
      .where('payment_session_id', '=', sessionIdOf(((await res.json()) as { url: string }).url))
      .executeTakeFirstOrThrow();
    const held = order.expires_at!.getTime() - order.created_at.getTime();
    expect(CHECKOUT_HOLD_MS).toBe(30 * 60_000);
    // 30 minutes plus the few seconds' margin Stripe's minimum needs (see HOLD_MARGIN_MS).
    expect(held).toBeGreaterThanOrEqual(30 * 60_000);
    expect(held).toBeLessThan(31 * 60_000);
  });

  it('counts a promo code sent with a checkout against the promo-code check’s own limit, both ways', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const validate = (code: string, ip: string) => post(discountValidate, '/api/discount-codes/validate', { code }, ip);

    // 20 guesses at the validate endpoint use the budget up; checkout then refuses a code too.
    const guesser = ipOf(6);
    for (let i = 0; i < 20; i++) expect((await validate(`GUESS-${i}`, guesser)).status).toBe(404);
    const before = await shopState(database.db);
    const withCode = await cart(hoodie, 1, guesser, { discountCode: 'SAVE10' });
    expect(withCode.status).toBe(429);
    expect(((await withCode.json()) as ErrorBody).error.message).toMatch(/promo code/);
    expect(await shopState(database.db)).toEqual(before);
    // Without a code the same client may still check out.
    expect((await cart(hoodie, 1, guesser)).status).toBe(201);

    // Guesses sent through checkout (404 each) count at the validate endpoint.
    const other = ipOf(7);
    for (let i = 0; i < 10; i++) {
      const res = await cart(hoodie, 1, other, { discountCode: `GUESS-${i}` });
      expect(res.status).toBe(404);
    }
    for (let i = 0; i < 10; i++) expect((await validate(`GUESS-${i}`, other)).status).toBe(404);
    expect((await validate('SAVE10', other)).status).toBe(429);
  });
});
