import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import cart from '../../netlify/functions/cart.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import { releaseOrders } from '../../src/server/orders/release-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import {
  createStripeClient,
  STRIPE_CHECKOUT_BUDGET_MS,
  STRIPE_MAX_NETWORK_RETRIES,
  STRIPE_REQUEST_TIMEOUT_MS,
} from '../../src/server/payments/stripe.ts';
import { callFunction } from '../support/call-function.ts';
import { postJson, setVariantStock, type VariantFixture, variantOf, variantStock } from '../support/checkout.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';

/*
 * Stripe failing or hanging while a customer checks out. The checkout must answer 503 before
 * the browser's 10 s timeout (docs/decisions/spec-rules.md#s7) and Netlify's default 10 s function limit, give back the
 * stock and the claim on a limited promo code, leave the order cancelled, and let the same cart
 * check out again later without holding its stock twice.
 */

/** The customer's deadline: the browser gives up after 10 s, Netlify's default function limit too. */
const CLIENT_TIMEOUT_MS = 10_000;

let fake: FakeStripe;
let database: TestDatabase;
let hoodie: VariantFixture;
let cartId: string;
const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeAll(async () => {
  fake = await startFakeStripe();
  process.env['STRIPE_SECRET_KEY'] = 'sk_test_faults';
  process.env['STRIPE_WEBHOOK_SECRET'] = 'whsec_test_faults';
  process.env['STRIPE_API_BASE'] = fake.url;
  database = await createTestDatabase('postgres');
  installDatabase(database);
  hoodie = await variantOf(database.db, 'game-day-hoodie', 4);
  await database.db
    .insertInto('discount_codes')
    .values({ code: 'LASTONE', name: 'One use left', type: 'fixed', amount_cents: 300, max_uses: 1 })
    .execute();
  const res = await postJson(cart, '/api/cart', { items: [] });
  cartId = ((await res.json()) as { id: string }).id;
});
afterAll(async () => {
  await database?.dispose();
  await fake?.close();
  errors.mockRestore();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith = null;
});

const checkout = () =>
  postJson(cartCheckout, '/api/cart/checkout', {
    cartId,
    items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 3 }],
    fulfillment: 'shipping',
    discountCode: 'LASTONE',
  });
const ordersOfCart = () =>
  database.db.selectFrom('orders').select(['status', 'discount_code']).where('cart_id', '=', cartId).execute();
const sessionAttempts = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
const couponAttempts = () => fake.requests.filter((r) => r.path === '/v1/coupons');
/** What the checkout logged as the reason it could not open the session (the 503's cause). */
const loggedCause = () => {
  const call = errors.mock.calls.findLast(([line]) => String(line).includes('payment session for order'));
  return (call?.[1] as Error | undefined)?.cause as (Error & { statusCode?: number }) | undefined;
};
/**
 * Lets real I/O (sockets, the database) run until `done`, without moving the fake clock: node:timers'
 * own setTimeout is not the global one vi.useFakeTimers replaces. Gives up after about 5 s.
 */
async function untilSettled(done: () => boolean) {
  for (let turn = 0; turn < 1_000 && !done(); turn++) await sleep(5);
  expect(done()).toBe(true);
}

async function expectPaymentUnavailable(res: Response) {
  const body = (await res.json()) as { error: { code: string } };
  expect(res.status, JSON.stringify(body)).toBe(503);
  expect(body.error.code).toBe('payment_unavailable');
  expect(res.headers.get('retry-after')).toBeTruthy();
}

describe('checkout while Stripe fails (PostgreSQL 15)', () => {
  it('keeps the SDK inside the 10 s budget: one retry, short attempts, a hard deadline for the whole session', () => {
    const worstAttempts = (STRIPE_MAX_NETWORK_RETRIES + 1) * STRIPE_REQUEST_TIMEOUT_MS;
    expect(STRIPE_MAX_NETWORK_RETRIES).toBe(1);
    expect(STRIPE_CHECKOUT_BUDGET_MS).toBeLessThanOrEqual(worstAttempts + 1_000);
    // Room left for the database work before and the release after.
    expect(STRIPE_CHECKOUT_BUDGET_MS).toBeLessThanOrEqual(CLIENT_TIMEOUT_MS - 2_500);
    // The client the provider uses is the one those numbers describe (the SDK's default is 80 s, 2 retries).
    const client = createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_faults', STRIPE_API_BASE: fake.url });
    expect(client.getApiField('timeout')).toBe(STRIPE_REQUEST_TIMEOUT_MS);
    expect(client.getMaxNetworkRetries()).toBe(STRIPE_MAX_NETWORK_RETRIES);
  });

  it('answers 503 on Stripe 500s, cancels the order, frees the stock and the code, and the same cart checks out once later', async () => {
    await setVariantStock(database.db, hoodie.variantId, 3);
    fake.failWith = 500;
    await expectPaymentUnavailable(await checkout());
    // The coupon call failed (retried once with the same idempotency key); no session was asked for.
    const coupons = couponAttempts();
    expect(coupons).toHaveLength(STRIPE_MAX_NETWORK_RETRIES + 1);
    expect(new Set(coupons.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(sessionAttempts()).toEqual([]);
    expect(loggedCause()).toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(await ordersOfCart()).toEqual([{ status: 'cancelled', discount_code: 'LASTONE' }]);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);

    // Stripe is back: the same cart (all 3 pieces, the code's only use) goes through, once.
    fake.failWith = null;
    const retry = await checkout();
    expect(retry.status).toBe(201);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    const orders = await ordersOfCart();
    expect(orders.map((o) => o.status).sort()).toEqual(['cancelled', 'pending']);
  });

  it(`answers 503 when ${STRIPE_CHECKOUT_BUDGET_MS} ms pass without an answer from Stripe, holding nothing afterwards`, async () => {
    // The previous test's order lapses (as the sweep would release it): the code is free again.
    const held = await database.db.selectFrom('orders').select('id').where('cart_id', '=', cartId).execute();
    await releaseOrders(
      database.db,
      held.map((o) => o.id),
    );
    await setVariantStock(database.db, hoodie.variantId, 3);
    fake.failWith = 'timeout';
    // Only the JS timers are fake (the deadline, the SDK's pause between retries); sockets and the
    // database run for real, and the SDK's per-attempt socket timeout never comes in a test this quick.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    errors.mockClear();
    let res: Response | undefined;
    try {
      const answering = checkout().then((r) => {
        res = r;
      });
      await untilSettled(() => couponAttempts().length === 1);
      // Giving up is logged at once (promise callbacks only); answering takes the database's time.
      await vi.advanceTimersByTimeAsync(STRIPE_CHECKOUT_BUDGET_MS - 1);
      expect(loggedCause(), 'gave up before the budget was spent').toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(loggedCause()?.message).toBe(`Stripe did not open the session within ${STRIPE_CHECKOUT_BUDGET_MS} ms`);
      await untilSettled(() => res !== undefined);
      await answering;
    } finally {
      vi.useRealTimers();
    }
    await expectPaymentUnavailable(res!);
    // One attempt, still hanging when the deadline came; no session was asked for.
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/coupons']);

    const orders = await ordersOfCart();
    expect(orders.filter((o) => o.status === 'pending')).toEqual([]);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);

    fake.failWith = null;
    expect((await checkout()).status).toBe(201);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    expect((await ordersOfCart()).filter((o) => o.status === 'pending')).toHaveLength(1);
    expect(sessionAttempts()).toHaveLength(1);
  });

  it('answers the success page 503 while Stripe cannot be asked about the session', async () => {
    fake.failWith = 503;
    const res = await callFunction(checkoutSession, '/api/checkout/session?session_id=cs_test_abc123');
    await expectPaymentUnavailable(res);
  });
});
