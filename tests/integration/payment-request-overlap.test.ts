import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import orderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls, paymentsOf, payOnOrderPage } from '../support/payment-requests.ts';

/**
 * Two payment requests for the whole balance, both paid through Stripe, took the balance twice
 * (docs/decisions/0029-deposits.md). The second request's checkout is refused while another
 * request's open session covers the money; and should a payment still make the order paid more
 * than it costs, the order says so in the admin, with the overpaid amount ready to refund.
 */
const WEBHOOK_SECRET = 'whsec_test_request_overlap';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);

const webhook = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(stripeWebhook, {
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type,
    object,
    secret: WEBHOOK_SECRET,
  });

describe.each(DATABASE_KINDS)('two payment requests for the same balance on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 4);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  const paidSession = (sessionId: string) => {
    stripe.fake.pay(sessionId);
    return { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email: 'team@example.com' } };
  };

  /** Two hoodies paid through Stripe, then $54.00 more added by the owner: owed with its tax. */
  async function owingOrder() {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    expect((await webhook('checkout.session.completed', paidSession(sessionId))).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    const changed = await adjustOrder(authorization, order.id, 5_400);
    return { id: order.id, owed: changed.balance_cents };
  }

  const balanceRequest = async (orderId: string) => {
    const res = await ask(orderId, { kind: 'balance' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  const adminOrder = async (orderId: string) => {
    const res = await callFunction(adminOrders, `/api/orders/${orderId}`, {
      params: { id: orderId },
      headers: { authorization },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as AdminOrder;
  };

  it('refuses a second request’s checkout for money another request’s open session covers, storing nothing', async () => {
    const order = await owingOrder();
    const first = await balanceRequest(order.id);
    const second = await balanceRequest(order.id);
    const opened = await payOnOrderPage(order.id, first);
    expect(opened).toMatchObject({ kind: 'redirect', status: 303 });
    const sessionsBefore = stripe.fake.sessions.size;

    const refused = await payOnOrderPage(order.id, second);
    expect(refused.status).toBe(409);
    expect(refused.kind).toBe('order');
    const message = refused.kind === 'order' ? refused.problem?.message : '';
    expect(message).toMatch(/already covers/);
    expect(message).toContain('$');
    // No session left open at Stripe for it, none kept on the request.
    const openSessions = [...stripe.fake.sessions.values()].slice(sessionsBefore).filter((s) => s['status'] === 'open');
    expect(openSessions).toEqual([]);
    const row = await database.db
      .selectFrom('payment_requests')
      .select(['status', 'session_id', 'session_amount_cents'])
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', session_id: null, session_amount_cents: null });
  });

  it('flags an order a payment made paid more than it costs, and refunds exactly the excess', async () => {
    const order = await owingOrder();
    const first = await balanceRequest(order.id);
    const second = await balanceRequest(order.id);
    // Both customers' pages opened their checkout before either was paid (two tabs, two payers).
    const provider = paymentProvider(database.db);
    const urls = { origin: 'http://shop.test', successUrl: 'http://shop.test/ok', cancelUrl: 'http://shop.test/no' };
    const sessionOf = (requestId: string) =>
      provider.createPaymentSession(
        { orderId: order.id, requestId, amountCents: order.owed, label: 'Balance', customerEmail: null },
        urls,
      );
    const [a, b] = [await sessionOf(first), await sessionOf(second)];
    expect((await webhook('checkout.session.completed', paidSession(a.sessionId))).status).toBe(200);
    expect((await webhook('checkout.session.completed', paidSession(b.sessionId))).status).toBe(200);
    expect((await paymentsOf(database.db, order.id)).length).toBe(3);

    const flagged = await adminOrder(order.id);
    expect(flagged.money.overpaid_cents).toBe(order.owed);
    const words = `Overpaid $${(order.owed / 100).toFixed(2)}`;
    expect(flagged.needs.join(' ')).toContain(words);

    // The admin's one press: a refund of exactly the overpaid amount through the refund path.
    const refund = await callFunction(orderRefunds, `/api/orders/${order.id}/refunds`, {
      method: 'POST',
      params: { id: order.id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: flagged.money.overpaid_cents, reason: 'Paid twice' }),
    });
    expect(refund.status).toBe(201);
    const settled = await adminOrder(order.id);
    expect(settled.money.overpaid_cents).toBe(0);
    expect(settled.needs.join(' ')).not.toContain('Overpaid');
    expect(settled.money.balance_cents).toBe(0);
  });
});
