import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import type { AdminOrder, AdminOrderRow } from '../../src/lib/admin-schemas/orders.ts';
import { installAdminCredentials } from '../../src/server/auth/admin-credentials.ts';
import { issueAdminToken } from '../../src/server/staff/admin-tokens.ts';
import { hashPassword, parsePasswordHash } from '../../src/server/auth/password-hash.ts';
import { releaseOrder } from '../../src/server/orders/release-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * A payment that completes on an order already cancelled (its checkout expired, or it was
 * cancelled) takes money while the stock went back: the order is flagged for the owner, with the
 * reason, and the admin orders list shows and filters it.
 */
const WEBHOOK_SECRET = 'whsec_test_anomaly';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const TOKEN_SECRET = randomBytes(32);
const authorization = `Bearer ${issueAdminToken(TOKEN_SECRET).token}`;

type Json = Record<string, unknown>;

beforeAll(async () => {
  installAdminCredentials({
    passwordHash: parsePasswordHash(await hashPassword('unused', { N: 2 ** 14 })),
    tokenSecret: TOKEN_SECRET,
  });
});
afterAll(async () => {
  installAdminCredentials(undefined);
});

const deliver = (type: string, session: Json) =>
  deliverStripeEvent(stripeWebhook, {
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type,
    object: session,
    secret: WEBHOOK_SECRET,
  });
const paid = (session: Json) => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  customer_details: { email: 'late@example.com', name: 'Late Payer', address: null, phone: null },
});

// In the owner's words: "the Stripe payment", never the checkout session's cs_test_… id (issue 44, item 11).
const reasonFor = (_sessionId: string) =>
  'A Stripe payment completed after this order was cancelled or its checkout expired. ' +
  'Its stock was put back: refund the payment in Stripe or fulfil the order by hand.';

async function adminGet<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const res = await callFunction(adminOrders, path, { params, headers: { authorization } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

describe.each(DATABASE_KINDS)('a payment on a cancelled or expired order, on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  async function openSession() {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
      fulfillment: 'shipping',
    });
    expect(res.status).toBe(201);
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    return { sessionId, session: stripe.fake.sessions.get(sessionId)! as Json };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
  });
  afterAll(() => database.dispose());

  it('flags an order paid after its checkout expired as needing attention, with the reason, once', async () => {
    const { sessionId, session } = await openSession();
    expect((await deliver('checkout.session.expired', { ...session, status: 'expired' })).status).toBe(200);
    expect((await orderBySession(database.db, sessionId)).status).toBe('cancelled');

    expect((await deliver('checkout.session.completed', paid(session))).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    expect(order.status).toBe('cancelled');
    expect(order.attention_reason).toBe(reasonFor(sessionId));
    expect(order.attention_at).toBeInstanceOf(Date);

    // A redelivery under a new event id keeps the first flag as it was.
    expect((await deliver('checkout.session.completed', paid(session))).status).toBe(200);
    expect(await orderBySession(database.db, sessionId)).toEqual(order);

    const detail = await adminGet<AdminOrder>(`/api/orders/${order.id}`, { id: order.id });
    expect(detail.attention_reason).toBe(order.attention_reason);
    expect(detail.attention_at).toBe(order.attention_at!.toISOString());
  });

  it('flags an order paid after it was cancelled (not by expiry) the same way', async () => {
    const { sessionId, session } = await openSession();
    const { id } = await orderBySession(database.db, sessionId);
    expect(await releaseOrder(database.db, id)).toBe(true);

    expect((await deliver('checkout.session.completed', paid(session))).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    expect(order.status).toBe('cancelled');
    expect(order.attention_reason).toBe(reasonFor(sessionId));
  });

  it('leaves an order paid in time unflagged, and the orders list shows and filters the flagged ones', async () => {
    const { sessionId, session } = await openSession();
    expect((await deliver('checkout.session.completed', paid(session))).status).toBe(200);
    const inTime = await orderBySession(database.db, sessionId);
    expect(inTime.status).toBe('paid');
    expect(inTime.attention_reason).toBeNull();

    const flagged = await sql<{ id: string; attention_reason: string }>`
      select id, attention_reason from orders where attention_reason is not null order by created_at desc, id desc`.execute(
      database.db,
    );
    // The demo shop seeds one flagged order; this file's two tests flagged two more.
    expect(flagged.rows.length).toBe(3);
    const needing = await adminGet<AdminOrderRow[]>('/api/orders?attention=true&limit=100');
    expect(needing.map((o) => [o.id, o.attention_reason])).toEqual(flagged.rows.map((r) => [r.id, r.attention_reason]));
    const all = await adminGet<AdminOrderRow[]>('/api/orders?limit=100');
    expect(all.find((o) => o.id === inTime.id)?.attention_reason).toBeNull();
    expect(all.filter((o) => o.attention_reason !== null)).toHaveLength(3);

    const bad = await callFunction(adminOrders, '/api/orders?attention=yes', { headers: { authorization } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      'attention',
    );
  });
});
