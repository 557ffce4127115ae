import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { balanceDue } from '../../src/lib/orders/order-balance.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { orderMoney } from '../../src/server/orders/payments/record-payment.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { openTogether, payerToken } from '../support/pay-together.ts';
import { paymentRequestCalls, paymentsOf } from '../support/payment-requests.ts';

/**
 * Payment requests paid together through Stripe Checkout (docs/decisions/0029-deposits.md), with the real SDK against
 * the local stand-in: one session with a line per request, the webhook recording one payment per
 * request once, a refused payment counted nowhere and flagged, a refund of one order taking only
 * its own share of the shared PaymentIntent, and the races on PostgreSQL.
 */
const WEBHOOK_SECRET = 'whsec_test_pay_together';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();
const { ask, cancel } = paymentRequestCalls(authorization);
const numberOf = (orderId: string) => orderId.replaceAll('-', '').slice(0, 8).toUpperCase();

const newEventId = () => `evt_${crypto.randomUUID().replace(/-/g, '')}`;
const webhook = (type: string, object: Record<string, unknown>, id = newEventId()) =>
  deliverStripeEvent(stripeWebhook, { id, type, object, secret: WEBHOOK_SECRET });

function shop(kind: (typeof DATABASE_KINDS)[number]) {
  const state = {} as { database: TestDatabase; hoodie: VariantFixture };
  let customers = 0;
  beforeAll(async () => {
    state.database = await createTestDatabase(kind);
    installDatabase(state.database);
    state.hoodie = await variantOf(state.database.db, 'game-day-hoodie', 3);
    await setVariantStock(state.database.db, state.hoodie.variantId, 500);
  });
  afterAll(() => state.database.dispose());

  /** Two hoodies paid through Stripe by `email`, grown by `grow` cents and asked for its balance. */
  async function owingOrder(email: string, grow: number) {
    const { hoodie, database } = state;
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    stripe.fake.pay(sessionId);
    const session = { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email } };
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    const changed = await adjustOrder(authorization, order.id, grow);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    return { id: order.id, total: changed.total_cents, owed: changed.balance_cents, requestId: request.id };
  }

  /** A customer owing on two orders, with their payer link. */
  async function payer() {
    const email = `stripe-payer-${++customers}@example.com`;
    const orders = [await owingOrder(email, 3_000), await owingOrder(email, 5_000)];
    const user = await state.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const keys = orders.map((o) => `request:${o.requestId}`);
    return { email, orders, token: payerToken(user.id), keys };
  }

  /** Stripe takes the money for a session: the completed session as the webhook sends it. */
  const paidSession = (sessionId: string) => {
    stripe.fake.pay(sessionId);
    return stripe.fake.sessions.get(sessionId)!;
  };

  const requestPayments = async (order: { id: string }) =>
    (await paymentsOf(state.database.db, order.id)).filter((p) => p.request_id !== null);
  const flagOf = async (orderId: string) =>
    (
      await state.database.db
        .selectFrom('orders')
        .select('attention_reason')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).attention_reason;
  return { state, payer, paidSession, requestPayments, flagOf };
}

describe.each(DATABASE_KINDS)('paying requests together through Stripe on %s', (kind) => {
  const { state, payer, paidSession, requestPayments, flagOf } = shop(kind);

  it('opens one session with a line per request and records one payment per request, once', async () => {
    const customer = await payer();
    const sessionId = await openTogether(customer.token, customer.keys);
    const created = stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const combined = await state.database.db
      .selectFrom('combined_payments')
      .select('id')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const metadata = {
      combined_payment_id: combined.id,
      payment_request_1: customer.orders[0]!.requestId,
      payment_request_2: customer.orders[1]!.requestId,
    };
    expect(created.body).toMatchObject({
      mode: 'payment',
      metadata,
      payment_intent_data: { metadata },
      customer_email: customer.email,
      line_items: customer.orders.map((o) => ({
        quantity: '1',
        price_data: { unit_amount: String(o.owed), product_data: { name: `Balance, order ${numberOf(o.id)}` } },
      })),
    });
    expect(created.body['success_url']).toMatch(/\/pay\/[^?]+\?done=paid$/);

    const session = paidSession(sessionId);
    const intent = session['payment_intent'] as string;
    const eventId = newEventId();
    expect((await webhook('checkout.session.completed', session, eventId)).status).toBe(200);
    // A replay, and the same report under a new event id, record nothing more.
    expect((await webhook('checkout.session.completed', session, eventId)).status).toBe(200);
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    for (const o of customer.orders) {
      expect(await requestPayments(o)).toEqual([
        expect.objectContaining({
          amount_cents: o.owed,
          request_id: o.requestId,
          provider_session_id: sessionId,
          payment_intent_id: intent,
          method: 'card',
        }),
      ]);
      expect(balanceDue((await orderMoney(state.database.db, o.id))!)).toBe(0);
    }
  });

  it('refunds one order from its own share of the shared PaymentIntent only', async () => {
    const customer = await payer();
    const sessionId = await openTogether(customer.token, customer.keys);
    const session = paidSession(sessionId);
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    const [first, second] = customer.orders;
    const before = stripe.fake.requests.filter((r) => r.path === '/v1/refunds').length;
    const refunded = await callFunction(orderRefunds, `/api/orders/${second!.id}/refunds`, {
      method: 'POST',
      params: { id: second!.id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: second!.owed + 500, reason: 'Reprint not needed' }),
    });
    expect(refunded.status).toBe(201);
    const calls = stripe.fake.requests.filter((r) => r.path === '/v1/refunds').slice(before);
    // The balance's whole share (and no more) from the shared intent, the rest from the order's checkout.
    expect(calls.map((c) => [c.body['payment_intent'], c.body['amount']])).toEqual([
      [session['payment_intent'], String(second!.owed)],
      [expect.not.stringMatching(String(session['payment_intent'])), '500'],
    ]);
    expect(balanceDue((await orderMoney(state.database.db, first!.id))!)).toBe(0);
  });

  it('counts nothing of a payment made after one request was withdrawn, and flags both orders', async () => {
    const customer = await payer();
    const sessionId = await openTogether(customer.token, customer.keys);
    expect((await cancel(customer.orders[0]!.id, customer.orders[0]!.requestId)).status).toBe(200);
    expect(stripe.fake.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect((await webhook('checkout.session.completed', paidSession(sessionId))).status).toBe(200);
    for (const o of customer.orders) {
      expect(await requestPayments(o)).toEqual([]);
      expect(await flagOf(o.id)).toMatch(/withdrew the Balance request.*not counted: refund it/);
    }
  });

  it('forgets an expired session so the next Pay opens a new one', async () => {
    const customer = await payer();
    const sessionId = await openTogether(customer.token, customer.keys);
    expect((await webhook('checkout.session.expired', stripe.fake.sessions.get(sessionId)!)).status).toBe(200);
    const requests = await state.database.db
      .selectFrom('payment_requests')
      .select(['session_id', 'status'])
      .where(
        'id',
        'in',
        customer.orders.map((o) => o.requestId),
      )
      .execute();
    expect(requests).toEqual([
      { session_id: null, status: 'open' },
      { session_id: null, status: 'open' },
    ]);
    expect(await openTogether(customer.token, customer.keys)).not.toBe(sessionId);
  });
});

describe('races of a combined payment on postgres', () => {
  const { state, payer, paidSession, requestPayments, flagOf } = shop('postgres');

  it('two pays of the same selection: each request is paid once, the other payment is flagged', async () => {
    const customer = await payer();
    const first = paidSession(await openTogether(customer.token, customer.keys));
    const second = paidSession(await openTogether(customer.token, customer.keys));
    const answers = await Promise.all([
      webhook('checkout.session.completed', first),
      webhook('checkout.session.completed', second),
      webhook('checkout.session.completed', first),
      webhook('checkout.session.completed', second),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const o of customer.orders) {
      const payments = await requestPayments(o);
      expect(payments).toHaveLength(1);
      expect(payments[0]!.amount_cents).toBe(o.owed);
      expect(await flagOf(o.id)).toMatch(/already paid.*refund it/);
      // The Stripe payment and the orders it paid in words, no session id (issue 44, item 11).
      expect(await flagOf(o.id)).toMatch(/^A Stripe payment of \$[\d,]+\.\d\d paid requests on orders [0-9A-F]{8}\b/);
      expect(await flagOf(o.id)).not.toMatch(/cs_/);
    }
    // Both requests were paid by the same one of the two sessions.
    const sessions = new Set(
      (await Promise.all(customer.orders.map(requestPayments))).flat().map((p) => p.provider_session_id),
    );
    expect(sessions.size).toBe(1);
  });

  it('a pay and a withdrawal at once: either both requests are paid and the withdrawal refused, or nothing is counted', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await payer();
      const session = paidSession(await openTogether(customer.token, customer.keys));
      const [paid, withdrawn] = await Promise.all([
        webhook('checkout.session.completed', session),
        cancel(customer.orders[1]!.id, customer.orders[1]!.requestId),
      ]);
      expect(paid.status).toBe(200);
      const counted = await Promise.all(customer.orders.map(requestPayments));
      if (withdrawn.status === 200) {
        expect(counted.flat()).toEqual([]);
        expect(await flagOf(customer.orders[0]!.id)).toMatch(/not counted: refund it/);
      } else {
        expect(withdrawn.status).toBe(409);
        expect(counted.map((p) => p.length)).toEqual([1, 1]);
      }
    }
  });

  it('a pay and an order edit at once: either both are paid as charged, or nothing is counted', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await payer();
      const session = paidSession(await openTogether(customer.token, customer.keys));
      const [paid] = await Promise.all([
        webhook('checkout.session.completed', session),
        adjustOrder(authorization, customer.orders[0]!.id, 1_000, 'Rush screen'),
      ]);
      expect(paid.status).toBe(200);
      const counted = await Promise.all(customer.orders.map(requestPayments));
      const money = (await orderMoney(state.database.db, customer.orders[0]!.id))!;
      if (counted.flat().length === 0) {
        expect(await flagOf(customer.orders[0]!.id)).toMatch(/changed since this payment was opened/);
        expect(balanceDue(money)).toBeGreaterThan(customer.orders[0]!.owed);
      } else {
        expect(counted.map((p) => p.map((x) => x.amount_cents))).toEqual(customer.orders.map((o) => [o.owed]));
        // The change (with its tax) is what is still owed.
        expect(balanceDue(money)).toBe(money.totalCents - customer.orders[0]!.total);
      }
    }
  });
});
