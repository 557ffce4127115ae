import { Kysely, sql } from 'kysely';
import { PostgresJsDialect } from '../../src/server/db/postgres-js-dialect.ts';

import postgres from 'postgres';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { STRIPE_MAX_NETWORK_RETRIES } from '../../src/server/payments/stripe.ts';
import type { Database } from '../../src/server/db/types.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  productBySlug,
  setVariantStock,
  type VariantFixture,
  variantOf,
  variantStock,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';

const WEBHOOK_SECRET = 'whsec_test_print_shop';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);

type Json = Record<string, unknown>;

const signer = new Stripe('sk_test_signer');

/** Delivers a signed webhook event about `session` (another `secret` forges the signature). */
function deliver(type: string, session: Json, options: { id?: string; secret?: string } = {}) {
  return deliverStripeEvent(stripeWebhook, {
    id: options.id ?? `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type,
    object: session,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
}

describe.each(DATABASE_KINDS)('checkout through Stripe (the real SDK against a local stand-in) on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  const checkout = (quantity: number, extra: Json = {}) =>
    postJson(cartCheckout, '/api/cart/checkout', {
      items: [
        { productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity, price_cents: 1 },
      ],
      fulfillment: 'shipping',
      ...extra,
    });
  const sessionRequests = () => stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 2);
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    stripe.fake.requests.length = 0;
    stripe.fake.failWith = null;
  });

  it('shows print locations and setup fees to Stripe as readable lines of their own (docs/decisions/0015-print-ordering.md)', async () => {
    const tiered = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [
        {
          productId: hoodie.productId,
          colorId: hoodie.colorId,
          sizeId: hoodie.sizeId,
          quantity: 3,
          locations: [{ code: 'back', artworkId: null }],
        },
      ],
      fulfillment: 'local',
    });
    expect(tiered.status).toBe(201);
    const lines = sessionRequests().at(-1)!.body['line_items'] as {
      quantity: string;
      price_data: { unit_amount: string; product_data: { name: string } };
    }[];
    expect(lines.map((l) => [l.price_data.product_data.name, l.quantity, l.price_data.unit_amount])).toEqual([
      [`${hoodie.productName} (${hoodie.colorName}, ${hoodie.sizeName})`, '3', String(hoodie.priceCents)],
      [`Back print, ${hoodie.productName}`, '3', '400'],
      [`Back setup, ${hoodie.productName}`, '1', '3000'],
      ["Tax 8 % — the shop's rate", '1', expect.any(String)],
    ]);
  });

  it('names the tax line for the rule the ship-to address fell under, at its rate, shipping taxed', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    await database.db
      .insertInto('tax_rates')
      .values({ state: 'TX', zip_prefix: '794', rate_milli: 8_250, shipping_taxable: true, place: 'Lubbock' })
      .execute();
    try {
      const res = await checkout(1, { shipTo: { state: 'TX', zip: '79415' } });
      expect(res.status).toBe(201);
      const lines = sessionRequests().at(-1)!.body['line_items'] as {
        price_data: { unit_amount: string; product_data: { name: string } };
      }[];
      const tax = Math.round(((hoodie.priceCents + 500) * 8_250) / 100_000);
      expect(lines.at(-1)!.price_data).toMatchObject({
        unit_amount: String(tax),
        product_data: { name: 'Tax 8.25 % — Lubbock, TX' },
      });
    } finally {
      await database.db.deleteFrom('tax_rates').execute();
    }
  });

  it('opens a Stripe session from database prices whose total equals the order total, to the cent', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    // Two hoodies less 10% stay under the free-shipping threshold: express is charged.
    const res = await checkout(2, { discountCode: 'WELCOME10', shippingSpeed: 'express' });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [request] = sessionRequests();
    expect(request).toBeDefined();
    const sessionId = url.split('/').pop()!;
    const order = await orderBySession(database.db, sessionId);
    const code = await database.db
      .selectFrom('discount_codes')
      .select(['type', 'amount_cents'])
      .where('code', '=', 'WELCOME10')
      .executeTakeFirstOrThrow();
    const expected = priceCart({
      lines: [{ unit_price_cents: hoodie.priceCents, quantity: 2 }],
      fulfillment: 'shipping',
      shippingSpeed: 'express',
      discount: code,
    });
    expect(expected.shipping_cents).toBe(1500);
    expect(order).toMatchObject({ status: 'pending', payment_provider: 'stripe', total_cents: expected.total_cents });

    const coupon = stripe.fake.requests.find((r) => r.path === '/v1/coupons')!;
    expect(coupon.body).toMatchObject({
      amount_off: String(expected.discount_cents),
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
      name: 'WELCOME10',
    });
    expect(coupon.headers['idempotency-key']).toBe(`order-${order.id}-coupon`);

    expect(request!.headers['idempotency-key']).toBe(`order-${order.id}-session`);
    expect(request!.headers['authorization']).toBe('Bearer sk_test_print_shop');
    expect(request!.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '2',
          price_data: {
            currency: 'usd',
            unit_amount: String(hoodie.priceCents),
            product_data: { name: `${hoodie.productName} (${hoodie.colorName}, ${hoodie.sizeName})` },
          },
        },
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: String(expected.tax_cents),
            product_data: { name: "Tax 8 % — the shop's rate" },
          },
        },
      ],
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      payment_intent_data: { metadata: { order_id: order.id } },
      expires_at: String(Math.floor(order.expires_at!.getTime() / 1000)),
      success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4321/cancel',
      // Stripe asks the phone and the US ship-to address, as the test checkout does
      // (docs/decisions/0028-owner-and-receipts.md).
      phone_number_collection: { enabled: 'true' },
      shipping_address_collection: { allowed_countries: ['US'] },
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: 'Express shipping',
            fixed_amount: { amount: String(expected.shipping_cents), currency: 'usd' },
          },
        },
      ],
      discounts: [{ coupon: expect.stringMatching(/^co_/) }],
    });
    expect(stripe.fake.sessions.get(sessionId)!['amount_total']).toBe(order.total_cents);
    expect(Number(request!.body['expires_at']) * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('sends no shipping rate for local handoff or a free-shipping code', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    expect((await checkout(1, { fulfillment: 'local' })).status).toBe(201);
    expect((await checkout(1, { discountCode: 'FREESHIP' })).status).toBe(201);
    const [local, freeShip] = sessionRequests();
    expect(local!.body['shipping_options']).toBeUndefined();
    expect(local!.body['shipping_address_collection']).toBeUndefined();
    // A pickup order still asks the phone: the shop calls when it is ready.
    expect(local!.body['phone_number_collection']).toEqual({ enabled: 'true' });
    expect(local!.body['discounts']).toBeUndefined();
    expect(freeShip!.body['shipping_options']).toBeUndefined();
    expect(freeShip!.body['shipping_address_collection']).toEqual({ allowed_countries: ['US'] });
    for (const r of [local!, freeShip!]) {
      const order = await database.db
        .selectFrom('orders')
        .select('total_cents')
        .where('id', '=', r.body['client_reference_id'] as string)
        .executeTakeFirstOrThrow();
      const stored = [...stripe.fake.sessions.values()].find(
        (s) => s['client_reference_id'] === r.body['client_reference_id'],
      )!;
      expect(stored['amount_total']).toBe(order.total_cents);
    }
  });

  it('answers 503 payment_unavailable when Stripe fails, cancelling the order and releasing its stock', async () => {
    await setVariantStock(database.db, hoodie.variantId, 4);
    stripe.fake.failWith = 500;
    const res = await checkout(4);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payment_unavailable');
    expect(res.headers.get('retry-after')).toBeTruthy();

    // The SDK retried with the same idempotency key, so Stripe could never open two sessions.
    const attempts = sessionRequests();
    expect(attempts.length).toBe(STRIPE_MAX_NETWORK_RETRIES + 1);
    expect(new Set(attempts.map((a) => a.headers['idempotency-key'])).size).toBe(1);
    const orderId = attempts[0]!.body['client_reference_id'] as string;
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
    expect(order.payment_session_id).toBeNull();
    expect(await variantStock(database.db, hoodie.variantId)).toBe(4);
  });

  it('marks the order paid once on checkout.session.completed, counting the promo use once across redeliveries', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const res = await checkout(2, { discountCode: 'SAVE10' });
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    const session = { ...stripe.fake.sessions.get(sessionId)!, status: 'complete', payment_status: 'paid' };
    Object.assign(session, {
      customer_details: { email: 'grace@example.com', name: 'Grace Hopper', address: null, phone: '+14325550188' },
      collected_information: {
        business_name: null,
        individual_name: null,
        shipping_details: {
          name: 'Grace Hopper',
          address: {
            line1: '1200 N Big Spring St',
            line2: null,
            city: 'Midland',
            state: 'TX',
            postal_code: '79701',
            country: 'US',
          },
        },
      },
    });
    const uses = async () =>
      (
        await database.db
          .selectFrom('discount_codes')
          .select('total_uses')
          .where('code', '=', 'SAVE10')
          .executeTakeFirstOrThrow()
      ).total_uses;
    const before = await uses();
    const eventId = `evt_completed_${kind}`;

    const first = await deliver('checkout.session.completed', session, { id: eventId });
    expect(first.status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    expect(order).toMatchObject({ status: 'paid', email: 'grace@example.com' });
    expect(await uses()).toBe(before + 1);
    // The phone Stripe collected is kept on the order, with the payer's name
    // (docs/decisions/0028-owner-and-receipts.md).
    expect(
      await database.db
        .selectFrom('orders')
        .select(['phone', 'customer_name'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ phone: '+14325550188', customer_name: 'Grace Hopper' });
    const shipping = await database.db
      .selectFrom('order_shipping')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(shipping).toMatchObject({
      name: 'Grace Hopper',
      city: 'Midland',
      shipping_amount_cents: order.shipping_cents,
    });

    const replay = await deliver('checkout.session.completed', session, { id: eventId });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    // A different event about the same, already paid session changes nothing either.
    expect((await deliver('checkout.session.completed', session)).status).toBe(200);
    expect(await uses()).toBe(before + 1);
    expect((await orderBySession(database.db, sessionId)).paid_at).toEqual(order.paid_at);
    const seen = await database.db.selectFrom('webhook_events').selectAll().where('id', '=', eventId).execute();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.processed_at).toBeInstanceOf(Date);

    // The success page's lookup asks Stripe and maps its answer to our shape (tax line left out).
    stripe.fake.sessions.set(sessionId, session);
    const view = (await (
      await callFunction(checkoutSession, `/api/checkout/session?session_id=${sessionId}`)
    ).json()) as CheckoutSessionView;
    expect(view).toMatchObject({ id: sessionId, status: 'complete', payment_status: 'paid' });
    expect(view.amount_total).toBe(order.total_cents);
    expect(view.line_items.data).toEqual([
      expect.objectContaining({ quantity: 2, amount_subtotal: hoodie.priceCents * 2 }),
    ]);
  });

  it('refuses a delivery with a bad signature (400) and applies nothing', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const res = await checkout(1);
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    const session = { ...stripe.fake.sessions.get(sessionId)!, status: 'complete', payment_status: 'paid' };
    const forged = await deliver('checkout.session.completed', session, { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    const unsigned = await callFunction(stripeWebhook, '/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: session } }),
    });
    expect(unsigned.status).toBe(400);
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
  });

  it('cancels the order and releases its stock on checkout.session.expired', async () => {
    await setVariantStock(database.db, hoodie.variantId, 5);
    const res = await checkout(5);
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    const session = { ...stripe.fake.sessions.get(sessionId)!, status: 'expired' };
    expect((await deliver('checkout.session.expired', session)).status).toBe(200);
    expect((await orderBySession(database.db, sessionId)).status).toBe('cancelled');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(5);
    // A redelivery (new event id, same session) cannot release the stock twice.
    expect((await deliver('checkout.session.expired', session)).status).toBe(200);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(5);
  });

  it('answers 500 while the database is down, so Stripe delivers again, and applies the retry', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const res = await checkout(1);
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    const session = { ...stripe.fake.sessions.get(sessionId)!, status: 'complete', payment_status: 'paid' };
    const unreachable = postgres('postgres://shop:shop@127.0.0.1:9/none', { max: 1, connect_timeout: 2 });
    installDatabase({
      ...database,
      db: new Kysely<Database>({ dialect: new PostgresJsDialect(unreachable) }),
    });
    try {
      const down = await deliver('checkout.session.completed', session, { id: `evt_retry_${kind}` });
      expect(down.status).toBe(500);
    } finally {
      installDatabase(database);
      await unreachable.end();
    }
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
    const retry = await deliver('checkout.session.completed', session, { id: `evt_retry_${kind}` });
    expect(retry.status).toBe(200);
    expect((await orderBySession(database.db, sessionId)).status).toBe('paid');
  });

  it('acknowledges events it does not act on and sessions that are not orders', async () => {
    const other = await deliver('customer.created', { id: 'cus_1', object: 'customer' });
    expect(other.status).toBe(200);
    const buyButton = await deliver('checkout.session.completed', {
      id: 'cs_test_buybutton',
      object: 'checkout.session',
      client_reference_id: null,
      payment_status: 'paid',
      status: 'complete',
    });
    expect(buyButton.status).toBe(200);
    expect(await buyButton.json()).toMatchObject({ outcome: 'unknown_order' });
  });

  it('has no test checkout page while Stripe is configured', async () => {
    const tote = await productBySlug(database.db, 'farmers-market-tote');
    const res = await answerTestCheckout(`test_${tote.id}`);
    expect(res.status).toBe(404);
  });
});

/**
 * Webhook deliveries racing each other on the PostgreSQL server (PGlite serves one connection,
 * so it cannot race), and the customer each payment records.
 */
describe('Stripe webhooks under concurrency, and the customers they record, on postgres', () => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  /** Opens a Stripe checkout of `quantity` pieces; answers the session as Stripe stores it. */
  async function openSession(quantity: number, extra: Json = {}) {
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity }],
      fulfillment: 'shipping',
      ...extra,
    });
    expect(res.status).toBe(201);
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    return { sessionId, session: stripe.fake.sessions.get(sessionId)! };
  }
  const paid = (session: Json, customer: { email: string; name?: string | null }) => ({
    ...session,
    status: 'complete',
    payment_status: 'paid',
    customer_details: { email: customer.email, name: customer.name ?? null, address: null, phone: null },
  });
  const uses = async (code: string) =>
    (
      await database.db
        .selectFrom('discount_codes')
        .select('total_uses')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).total_uses;
  const confirmations = async (email: string) =>
    (
      await database.db
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', email)
        .where('template_name', '=', 'order-confirmation')
        .execute()
    ).length;
  const usersByEmail = (email: string) =>
    database.db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).execute();
  const outcomes = async (responses: Response[]) =>
    Promise.all(
      responses.map(async (r) => {
        expect(r.status).toBe(200);
        return ((await r.json()) as { outcome: string }).outcome;
      }),
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 3);
    await database.db
      .insertInto('discount_codes')
      .values({ code: 'RACE5', name: '$5 off', type: 'fixed', amount_cents: 500, max_uses: null })
      .execute();
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    stripe.fake.requests.length = 0;
    stripe.fake.failWith = null;
  });

  it('pays once when the same event is delivered several times in parallel', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const { sessionId, session } = await openSession(1, { discountCode: 'RACE5' });
    const before = await uses('RACE5');
    const event = paid(session, { email: 'parallel@example.com', name: 'Pat Parallel' });
    const id = 'evt_parallel_same_id';

    const results = await outcomes(
      await Promise.all(Array.from({ length: 6 }, () => deliver('checkout.session.completed', event, { id }))),
    );
    expect(results.filter((o) => o === 'applied')).toHaveLength(1);
    expect(results.filter((o) => o === 'duplicate')).toHaveLength(5);

    const order = await orderBySession(database.db, sessionId);
    expect(order).toMatchObject({ status: 'paid', email: 'parallel@example.com' });
    expect(await uses('RACE5')).toBe(before + 1);
    expect(await confirmations('parallel@example.com')).toBe(1);
    expect(await usersByEmail('parallel@example.com')).toHaveLength(1);
    expect(await database.db.selectFrom('webhook_events').select('id').where('id', '=', id).execute()).toHaveLength(1);

    // Distinct events about the same payment (completed + async succeeded), also in parallel.
    await Promise.all([
      deliver('checkout.session.completed', event),
      deliver('checkout.session.async_payment_succeeded', event),
      deliver('checkout.session.completed', event),
    ]);
    const after = await orderBySession(database.db, sessionId);
    expect(after.paid_at).toEqual(order.paid_at);
    expect(await uses('RACE5')).toBe(before + 1);
    expect(await confirmations('parallel@example.com')).toBe(1);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(9);
  });

  it('refuses forged deliveries with 400 and writes nothing', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const { sessionId, session } = await openSession(2, { discountCode: 'RACE5' });
    const snapshot = async () => ({
      events: await database.db.selectFrom('webhook_events').selectAll().orderBy('id').execute(),
      orders: await database.db.selectFrom('orders').selectAll().orderBy('id').execute(),
      users: await database.db.selectFrom('users').selectAll().orderBy('id').execute(),
      outbox: (await database.db.selectFrom('email_outbox').select('id').execute()).length,
      uses: await uses('RACE5'),
      stock: await variantStock(database.db, hoodie.variantId),
    });
    const before = await snapshot();
    const event = paid(session, { email: 'forger@example.com', name: 'Mallory' });

    const wrongSecret = await deliver('checkout.session.completed', event, { secret: 'whsec_forged' });
    // A genuine signature over another payload: the body was changed in transit.
    const genuine = JSON.stringify({ id: 'evt_forged_body', type: 'customer.created', data: { object: {} } });
    const signature = signer.webhooks.generateTestHeaderString({ payload: genuine, secret: WEBHOOK_SECRET });
    const tampered = await callFunction(stripeWebhook, '/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify({ id: 'evt_forged_body', type: 'checkout.session.completed', data: { object: event } }),
    });
    const unsigned = await callFunction(stripeWebhook, '/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_unsigned', type: 'checkout.session.completed', data: { object: event } }),
    });
    for (const res of [wrongSecret, tampered, unsigned]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    }
    expect(await snapshot()).toEqual(before);
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
  });

  it('releases the stock once when the expiry is delivered twice (and more) in parallel', async () => {
    await setVariantStock(database.db, hoodie.variantId, 4);
    const { sessionId, session } = await openSession(4);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);
    const expired = { ...session, status: 'expired' };
    const results = await outcomes(
      await Promise.all([
        deliver('checkout.session.expired', expired, { id: 'evt_expired_twice' }),
        deliver('checkout.session.expired', expired, { id: 'evt_expired_twice' }),
        deliver('checkout.session.expired', expired),
        deliver('checkout.session.expired', expired),
      ]),
    );
    expect(results.filter((o) => o === 'duplicate')).toHaveLength(1);
    expect((await orderBySession(database.db, sessionId)).status).toBe('cancelled');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(4);
  });

  it('cancels and releases once on async_payment_failed after a delayed payment was pending', async () => {
    await setVariantStock(database.db, hoodie.variantId, 3);
    const { sessionId, session } = await openSession(3);
    // Completed with a bank debit still settling: the stock stays held, without expiry.
    const settling = { ...session, status: 'complete', payment_status: 'unpaid' };
    expect((await deliver('checkout.session.completed', settling)).status).toBe(200);
    const waiting = await orderBySession(database.db, sessionId);
    expect(waiting).toMatchObject({ status: 'pending', expires_at: null });
    expect(await variantStock(database.db, hoodie.variantId)).toBe(0);

    await Promise.all([
      deliver('checkout.session.async_payment_failed', settling, { id: 'evt_failed_twice' }),
      deliver('checkout.session.async_payment_failed', settling, { id: 'evt_failed_twice' }),
      deliver('checkout.session.async_payment_failed', settling),
    ]);
    expect((await orderBySession(database.db, sessionId)).status).toBe('cancelled');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);
  });

  it('never takes a paid order back: expired, failed or unpaid events after payment change nothing', async () => {
    await setVariantStock(database.db, hoodie.variantId, 5);
    const { sessionId, session } = await openSession(2, { discountCode: 'RACE5' });
    expect(
      (await deliver('checkout.session.completed', paid(session, { email: 'kept@example.com', name: 'Kept' }))).status,
    ).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    const usesAfterPayment = await uses('RACE5');
    expect(order.status).toBe('paid');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);

    await Promise.all([
      deliver('checkout.session.expired', { ...session, status: 'expired' }),
      deliver('checkout.session.async_payment_failed', { ...session, status: 'complete', payment_status: 'unpaid' }),
      deliver('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' }),
    ]);
    expect(await orderBySession(database.db, sessionId)).toEqual(order);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(3);
    expect(await uses('RACE5')).toBe(usesAfterPayment);
    expect(await confirmations('kept@example.com')).toBe(1);
  });

  it('records the customer in users and links the order: new, existing (updated) and admin (kept admin)', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);

    // A new customer: created with role customer, the name Stripe collected.
    const first = await openSession(1);
    await deliver('checkout.session.completed', paid(first.session, { email: 'Ada.New@Example.com', name: 'Ada New' }));
    const [created] = await usersByEmail('ada.new@example.com');
    expect(created).toMatchObject({ email: 'Ada.New@Example.com', full_name: 'Ada New', role: 'customer' });
    expect((await orderBySession(database.db, first.sessionId)).user_id).toBe(created!.id);

    // An existing customer (seeded), another letter case and a newer name: updated, linked.
    const [maria] = await usersByEmail('maria.delgado@example.com');
    expect(maria).toMatchObject({ role: 'customer', full_name: 'Maria Delgado' });
    const second = await openSession(1);
    await deliver(
      'checkout.session.completed',
      paid(second.session, { email: 'MARIA.DELGADO@example.com', name: 'María Delgado-Ruiz' }),
    );
    const marias = await usersByEmail('maria.delgado@example.com');
    expect(marias).toHaveLength(1);
    expect(marias[0]).toMatchObject({ id: maria!.id, role: 'customer', full_name: 'María Delgado-Ruiz' });
    expect(marias[0]!.created_at).toEqual(maria!.created_at);
    expect((await orderBySession(database.db, second.sessionId)).user_id).toBe(maria!.id);
    // Paying again without a name keeps the one on file.
    const third = await openSession(1);
    await deliver('checkout.session.completed', paid(third.session, { email: 'maria.delgado@example.com' }));
    expect((await usersByEmail('maria.delgado@example.com'))[0]).toMatchObject({ full_name: 'María Delgado-Ruiz' });
    expect((await orderBySession(database.db, third.sessionId)).user_id).toBe(maria!.id);

    // An admin who buys something stays an admin, with the name the back office knows.
    const [renee] = await usersByEmail('renee.castillo@example.com');
    expect(renee).toMatchObject({ role: 'admin', full_name: 'Renee Castillo' });
    const fourth = await openSession(1);
    await deliver(
      'checkout.session.async_payment_succeeded',
      paid(fourth.session, { email: 'renee.castillo@example.com', name: 'R. Castillo' }),
    );
    const [admin] = await usersByEmail('renee.castillo@example.com');
    expect(admin).toMatchObject({ id: renee!.id, role: 'admin', full_name: 'Renee Castillo' });
    expect((await orderBySession(database.db, fourth.sessionId)).user_id).toBe(renee!.id);

    // Two orders of one new customer paid at the same moment: one user row, both linked.
    const [a, b] = [await openSession(1), await openSession(1)];
    await Promise.all([
      deliver('checkout.session.completed', paid(a.session, { email: 'twice@example.com', name: 'Twice' })),
      deliver('checkout.session.completed', paid(b.session, { email: 'TWICE@example.com', name: 'Twice' })),
    ]);
    const twice = await usersByEmail('twice@example.com');
    expect(twice).toHaveLength(1);
    expect((await orderBySession(database.db, a.sessionId)).user_id).toBe(twice[0]!.id);
    expect((await orderBySession(database.db, b.sessionId)).user_id).toBe(twice[0]!.id);
  });
});
