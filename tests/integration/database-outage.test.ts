import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import productsWrite from '../../netlify/functions/admin-products-write.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import products from '../../netlify/functions/products.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { setRebuildHandler } from '../../src/server/admin/rebuild.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { startCheckout } from '../../src/server/checkout/start-checkout.ts';
import { openDatabase } from '../../src/server/db/connect.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { StripeProvider } from '../../src/server/payments/stripe.ts';
import { callFunction } from '../support/call-function.ts';
import {
  postJson,
  setVariantStock,
  shopState,
  type VariantFixture,
  variantOf,
  variantStock,
} from '../support/checkout.ts';
import { deliverStripeEvent, type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
import { type OutageDatabase, startOutageDatabase } from '../support/outage-database.ts';

/*
 * The database goes away under the running app: a PostgreSQL 15 server of this file's own is
 * stopped (fast shutdown: every session is ended, as in a restart or failover) and started
 * again. Each kind of request answers a clear 503 (the webhook 500, so Stripe delivers again),
 * writes nothing half-way, and succeeds once the server is back, without restarting the app.
 */

const WEBHOOK_SECRET = 'whsec_test_outage';
const SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(SECRET).token}`;

let outage: OutageDatabase;
let fake: FakeStripe;
let hoodie: VariantFixture;
const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeAll(async () => {
  fake = await startFakeStripe();
  // Read once, on first use, by this file's copy of the server config.
  process.env['STRIPE_SECRET_KEY'] = 'sk_test_outage';
  process.env['STRIPE_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
  process.env['STRIPE_API_BASE'] = fake.url;
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: SECRET,
  });
  setRebuildHandler(() => undefined, { delayMs: 0 });
  outage = await startOutageDatabase();
  installDatabase(outage.handle);
  hoodie = await variantOf(outage.handle.db, 'game-day-hoodie', 1);
});
afterAll(async () => {
  installAdminCredentials(undefined);
  await outage?.dispose();
  await fake?.close();
  errors.mockRestore();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith = null;
});

/** Runs `during` with the server stopped, then starts it again. */
async function whileDown<T>(during: () => Promise<T>): Promise<T> {
  await outage.server.halt();
  try {
    return await during();
  } finally {
    await outage.server.resume();
  }
}

async function expectUnavailable(res: Response, status = 503) {
  const body = (await res.json()) as { error: { code: string } };
  expect(res.status, JSON.stringify(body)).toBe(status);
  if (status === 503) {
    expect(body.error.code).toBe('unavailable');
    expect(res.headers.get('retry-after')).toBeTruthy();
  }
}

const checkoutBody = (quantity: number) => ({
  items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity }],
  fulfillment: 'local',
  cartId: null,
});

describe('the database stops and starts again under the running app (PostgreSQL 15)', () => {
  it('a public read answers 503 while it is down and the same read succeeds once it is back', async () => {
    const before = await callFunction(products, '/api/products');
    expect(before.status).toBe(200);
    const catalogue = await before.json();

    const down = await whileDown(() => callFunction(products, '/api/products'));
    await expectUnavailable(down);

    const back = await callFunction(products, '/api/products');
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual(catalogue);
  });

  it('a checkout answers 503 before asking Stripe, keeps nothing, and goes through once it is back', async () => {
    await setVariantStock(outage.handle.db, hoodie.variantId, 5);
    const before = await shopState(outage.handle.db);

    const down = await whileDown(() => postJson(cartCheckout, '/api/cart/checkout', checkoutBody(2)));
    await expectUnavailable(down);
    expect(fake.requests).toHaveLength(0);
    expect(await shopState(outage.handle.db)).toEqual(before);

    const back = await postJson(cartCheckout, '/api/cart/checkout', checkoutBody(2));
    expect(back.status).toBe(201);
    expect(await variantStock(outage.handle.db, hoodie.variantId)).toBe(3);
    expect((await shopState(outage.handle.db)).orders).toBe(before.orders + 1);
  });

  it('a checkout whose transaction is cut off half-way answers 503 and leaves no claim, hold or order behind', async () => {
    const db = outage.handle.db;
    await setVariantStock(db, hoodie.variantId, 5);
    await db
      .insertInto('discount_codes')
      .values({ code: 'ONCE5', name: '$5 once', type: 'fixed', amount_cents: 500, max_uses: 1 })
      .execute();
    const uses = async () =>
      (await db.selectFrom('discount_codes').select('total_uses').where('code', '=', 'ONCE5').executeTakeFirstOrThrow())
        .total_uses;
    const before = { state: await shopState(db), uses: await uses() };

    // The checkout claims the code's last use, then waits to store its order: the order's lines
    // reference the product, whose row is locked here (FOR UPDATE blocks the lines' key check).
    // The server is stopped while its transaction is open. Not the variant's row: the stock is
    // taken by the statement sent with COMMIT, which may finish in the instant between the
    // shutdown ending the lock's holder and ending the checkout's session, and then the order
    // is rightly kept (a commit the app never heard of, released by the sweep at expiry).
    // (postgres.js 3.4.9 crashed the whole process here when the driver sent ROLLBACK on the
    // dead session.)
    await outage.holdLock('select id from products where id = $1 for update', [hoodie.productId]);
    const pending = postJson(cartCheckout, '/api/cart/checkout', { ...checkoutBody(2), discountCode: 'ONCE5' });
    await outage.waitForBlockedStatement();
    const cut = await whileDown(() => pending);
    await expectUnavailable(cut);

    expect(await shopState(db)).toEqual(before.state);
    expect(await uses()).toBe(before.uses);
    const back = await postJson(cartCheckout, '/api/cart/checkout', { ...checkoutBody(2), discountCode: 'ONCE5' });
    expect(back.status).toBe(201);
    expect(await variantStock(db, hoodie.variantId)).toBe(3);
  });

  it('a checkout that loses the database after Stripe opened its session expires that session; the expiry event releases the stock', async () => {
    const db = outage.handle.db;
    await setVariantStock(db, hoodie.variantId, 4);
    const stripe = new StripeProvider({ STRIPE_SECRET_KEY: 'sk_test_outage', STRIPE_API_BASE: fake.url });
    let opened: { sessionId: string; url: string } | undefined;
    // Stripe answers, then the database stops before the order can record the session.
    const flaky = {
      name: stripe.name,
      getSession: (id: string) => stripe.getSession(id),
      expireSession: (id: string) => stripe.expireSession(id),
      refund: (...args: Parameters<StripeProvider['refund']>) => stripe.refund(...args),
      createPaymentSession: (...args: Parameters<StripeProvider['createPaymentSession']>) =>
        stripe.createPaymentSession(...args),
      createCombinedSession: (...args: Parameters<StripeProvider['createCombinedSession']>) =>
        stripe.createCombinedSession(...args),
      async createSession(...args: Parameters<StripeProvider['createSession']>) {
        opened = await stripe.createSession(...args);
        await outage.server.halt();
        return opened;
      },
    };
    const urls = { origin: 'http://localhost:4321', successUrl: 'http://localhost:4321/success', cancelUrl: 'x' };
    const request = {
      lines: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 4 }],
      fulfillment: 'local' as const,
      shippingSpeed: 'standard' as const,
      discountCode: null,
      cartId: null,
    };
    try {
      await expect(startCheckout(db, flaky, request, urls)).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    } finally {
      await outage.server.resume();
    }
    // Nobody was sent to the session, and nobody can pay it now.
    expect(opened).toBeDefined();
    const expire = fake.requests.find((r) => r.path === `/v1/checkout/sessions/${opened!.sessionId}/expire`);
    expect(expire).toBeDefined();
    expect(fake.sessions.get(opened!.sessionId)!['status']).toBe('expired');

    // The release could not be written while the server was down: the order still holds the
    // stock until Stripe reports the expiry, which the webhook applies by client_reference_id.
    const order = await db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_session_id'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ id: expect.any(String), status: 'pending', payment_session_id: null });
    expect(await variantStock(db, hoodie.variantId)).toBe(0);
    const expired = await deliver('evt_expired_after_outage', 'checkout.session.expired', {
      ...fake.sessions.get(opened!.sessionId)!,
    });
    expect(expired.status).toBe(200);
    expect(await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst()).toEqual({
      status: 'cancelled',
    });
    expect(await variantStock(db, hoodie.variantId)).toBe(4);
  });

  it('a webhook answers 500 while it is down, so Stripe delivers again; the redelivery applies once', async () => {
    const db = outage.handle.db;
    await setVariantStock(db, hoodie.variantId, 5);
    const res = await postJson(cartCheckout, '/api/cart/checkout', checkoutBody(1));
    expect(res.status).toBe(201);
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    const session = {
      ...fake.sessions.get(sessionId)!,
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'outage@example.com', name: 'Olive Outage', address: null, phone: null },
    };
    const confirmations = async () =>
      (
        await db
          .selectFrom('email_outbox')
          .select('id')
          .where('to_address', '=', 'outage@example.com')
          .where('template_name', '=', 'order-confirmation')
          .execute()
      ).length;

    const down = await whileDown(() => deliver('evt_paid_during_outage', 'checkout.session.completed', session));
    await expectUnavailable(down, 500);
    const order = () =>
      db
        .selectFrom('orders')
        .select(['status', 'email'])
        .where('payment_session_id', '=', sessionId)
        .executeTakeFirst();
    expect(await order()).toMatchObject({ status: 'pending' });
    expect(
      await db.selectFrom('webhook_events').select('id').where('id', '=', 'evt_paid_during_outage').execute(),
    ).toEqual([]);

    const retry = await deliver('evt_paid_during_outage', 'checkout.session.completed', session);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ outcome: 'applied' });
    const again = await deliver('evt_paid_during_outage', 'checkout.session.completed', session);
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await order()).toEqual({ status: 'paid', email: 'outage@example.com' });
    expect(await confirmations()).toBe(1);
  });

  it('an admin save answers 503, before or half-way through its transaction, and is saved when sent again', async () => {
    const db = outage.handle.db;
    const product = await db
      .selectFrom('products')
      .select(['id', 'name', 'price_cents'])
      .where('slug', '=', 'game-day-hoodie')
      .executeTakeFirstOrThrow();
    const save = () =>
      callFunction(productsWrite, `/api/products/${product.id}`, {
        method: 'PUT',
        params: { id: product.id },
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Game Day Hoodie (restocked)', price_cents: product.price_cents + 100 }),
      });
    const stored = () =>
      db.selectFrom('products').select(['name', 'price_cents']).where('id', '=', product.id).executeTakeFirst();

    await expectUnavailable(await whileDown(save));
    expect(await stored()).toEqual({ name: product.name, price_cents: product.price_cents });

    await outage.holdLock('select id from products where id = $1 for update', [product.id]);
    const pending = save();
    await outage.waitForBlockedStatement();
    await expectUnavailable(await whileDown(() => pending));
    expect(await stored()).toEqual({ name: product.name, price_cents: product.price_cents });

    const back = await save();
    expect(back.status).toBe(200);
    expect(await stored()).toEqual({ name: 'Game Day Hoodie (restocked)', price_cents: product.price_cents + 100 });
  });
});

describe('a database that does not answer at all', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never says a word: a dropped route, a host that hangs.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    installDatabase(outage.handle);
  });

  it('is given up on after the connect timeout with a 503, well inside a function budget', async () => {
    const { port } = silent.address() as { port: number };
    const hung = await openDatabase({ url: `postgres://shop@127.0.0.1:${port}/shop`, connectTimeoutSeconds: 1 });
    installDatabase(hung);
    try {
      const started = Date.now();
      const res = await callFunction(products, '/api/products');
      await expectUnavailable(res);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      installDatabase(outage.handle);
      await hung.close();
    }
  });
});

/** Delivers a signed webhook event about `session`, as Stripe does (and does again on a 5xx). */
function deliver(id: string, type: string, session: Record<string, unknown>) {
  return deliverStripeEvent(stripeWebhook, { id, type, object: session, secret: WEBHOOK_SECRET });
}
