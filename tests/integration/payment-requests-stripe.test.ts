import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import orderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { callFunction } from '../support/call-function.ts';
import { balanceDue } from '../../src/lib/orders/order-balance.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { orderMoney } from '../../src/server/orders/payments/record-payment.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls, paymentsOf, payOnOrderPage } from '../support/payment-requests.ts';

/**
 * Payment requests through Stripe Checkout (docs/decisions/0029-deposits.md), with the real SDK against the local
 * stand-in: the session for exactly the request, the webhook recording it once whatever the
 * replays and their order, and two payments racing for one request on PostgreSQL.
 */
const WEBHOOK_SECRET = 'whsec_test_payment_requests';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();
const { ask, cancel } = paymentRequestCalls(authorization);

const newEventId = () => `evt_${crypto.randomUUID().replace(/-/g, '')}`;
const webhook = (type: string, object: Record<string, unknown>, id = newEventId()) =>
  deliverStripeEvent(stripeWebhook, { id, type, object, secret: WEBHOOK_SECRET });

function shop(kind: (typeof DATABASE_KINDS)[number]) {
  const state = {} as { database: TestDatabase; hoodie: VariantFixture };
  beforeAll(async () => {
    state.database = await createTestDatabase(kind);
    installDatabase(state.database);
    state.hoodie = await variantOf(state.database.db, 'game-day-hoodie', 4);
    await setVariantStock(state.database.db, state.hoodie.variantId, 500);
  });
  afterAll(() => state.database.dispose());

  /** Two hoodies paid through Stripe, then the owner adds `grow` cents to the order (owed with its tax). */
  async function owingOrder(grow: number) {
    const { hoodie, database } = state;
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    const intent = stripe.fake.pay(sessionId);
    const session = { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email: 'team@example.com' } };
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    const changed = await adjustOrder(authorization, order.id, grow);
    return { id: order.id, total: changed.total_cents, owed: changed.balance_cents, intent };
  }

  /** The customer's Pay: the Stripe session it sent them to. */
  async function payOnStripe(orderId: string, requestId: string) {
    const outcome = await payOnOrderPage(orderId, requestId);
    expect(outcome).toMatchObject({ kind: 'redirect', status: 303 });
    return sessionIdOf((outcome as { location: string }).location);
  }

  /** Stripe takes the money for a session: the completed session as the webhook sends it. */
  const paidSession = (sessionId: string) => {
    stripe.fake.pay(sessionId);
    return { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email: 'team@example.com' } };
  };
  return { state, owingOrder, payOnStripe, paidSession };
}

describe.each(DATABASE_KINDS)('payment requests through Stripe on %s', (kind) => {
  const { state, owingOrder, payOnStripe, paidSession } = shop(kind);

  it('opens a session for exactly what the request asks, named and tied to the order and request', async () => {
    const order = await owingOrder(8_000);
    expect(await paymentsOf(state.database.db, order.id)).toEqual([
      expect.objectContaining({ provider: 'stripe', method: 'card', payment_intent_id: order.intent }),
    ]);
    const request = (await (await ask(order.id, { kind: 'share', share_percent: 50 })).json()) as {
      id: string;
      amount_cents: number;
    };
    const sessionId = await payOnStripe(order.id, request.id);
    const created = stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const number = order.id.slice(0, 8).toUpperCase();
    expect(created.body).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      metadata: { order_id: order.id, payment_request_id: request.id },
      payment_intent_data: { metadata: { order_id: order.id, payment_request_id: request.id } },
      customer_email: 'team@example.com',
      line_items: [
        {
          quantity: '1',
          price_data: {
            unit_amount: String(request.amount_cents),
            product_data: { name: `Deposit 50 %, order ${number}` },
          },
        },
      ],
    });
    expect(created.body['success_url']).toMatch(/\/orders\/[^?]+\?done=paid$/);
    expect(stripe.fake.sessions.get(sessionId)!['amount_total']).toBe(request.amount_cents);
  });

  it('splits a refund larger than one payment across the payments, newest first, each refunded once', async () => {
    const order = await owingOrder(6_000);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    const session = paidSession(await payOnStripe(order.id, request.id));
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    const requestIntent = (session as Record<string, unknown>)['payment_intent'] as string;
    const refund = (body: unknown) =>
      callFunction(orderRefunds, `/api/orders/${order.id}/refunds`, {
        method: 'POST',
        params: { id: order.id },
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refundCalls = () => stripe.fake.requests.filter((r) => r.path === '/v1/refunds');
    const before = refundCalls().length;

    // The balance payment's whole amount back, then $10.00 of the checkout's.
    const made = await refund({ amount_cents: order.owed + 1_000, reason: 'Half the job cancelled' });
    expect(made.status).toBe(201);
    const calls = refundCalls().slice(before);
    expect(calls.map((c) => [c.body['payment_intent'], c.body['amount']])).toEqual([
      [requestIntent, String(order.owed)],
      [order.intent, '1000'],
    ]);
    const keys = calls.map((c) => String(c.headers['idempotency-key']));
    expect(keys[0]).toMatch(/^refund-[0-9a-f-]{36}-1$/);
    expect(keys[1]).toBe(keys[0]!.replace(/-1$/, '-2'));
    expect(stripe.fake.payments.get(requestIntent)!.amountRefunded).toBe(order.owed);
    expect(stripe.fake.payments.get(order.intent)!.amountRefunded).toBe(1_000);
    const rows = await state.database.db
      .selectFrom('order_refunds')
      .select(['amount_cents', 'status', 'provider_refund_id', 'parts'])
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toEqual([
      {
        amount_cents: order.owed + 1_000,
        status: 'succeeded',
        provider_refund_id: expect.stringMatching(/^re_\w+ re_\w+$/),
        parts: [
          expect.objectContaining({ amount_cents: order.owed }),
          expect.objectContaining({ amount_cents: 1_000 }),
        ],
      },
    ]);

    // No more than what was received can go back; the rest comes from the checkout alone.
    const left = order.total - order.owed - 1_000;
    const tooMuch = await refund({ amount_cents: left + 1 });
    expect(tooMuch.status).toBe(409);
    expect(refundCalls().length).toBe(before + 2);
    expect((await refund({ amount_cents: left })).status).toBe(201);
    const last = refundCalls().at(-1)!;
    expect([last.body['payment_intent'], last.body['amount']]).toEqual([order.intent, String(left)]);
    expect(String(last.headers['idempotency-key'])).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(stripe.fake.payments.get(order.intent)!.amountRefunded).toBe(order.total - order.owed);
  });

  it('records a paid session once, whatever the replays and late events, and marks the request paid', async () => {
    const order = await owingOrder(6_000);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    const sessionId = await payOnStripe(order.id, request.id);
    const session = paidSession(sessionId);
    const eventId = newEventId();
    expect(await (await webhook('checkout.session.completed', session, eventId)).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await (await webhook('checkout.session.completed', session, eventId)).json()).toMatchObject({
      outcome: 'duplicate',
    });
    // The same session reported again under a new event id, and an expiry arriving late.
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    expect((await webhook('checkout.session.expired', { ...session, status: 'expired' })).status).toBe(200);

    const payments = await paymentsOf(state.database.db, order.id);
    expect(payments.slice(1)).toEqual([
      expect.objectContaining({ amount_cents: order.owed, request_id: request.id, provider_session_id: sessionId }),
    ]);
    const row = await state.database.db
      .selectFrom('payment_requests')
      .select(['status'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
  });

  it('records what the open session charged when the order changes meanwhile: the balance shows the rest', async () => {
    const order = await owingOrder(3_000);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    const sessionId = await payOnStripe(order.id, request.id);
    expect(stripe.fake.sessions.get(sessionId)!['amount_total']).toBe(order.owed);
    // The owner adds to the order while the customer is on Stripe's page, whose amount is fixed.
    const grown = await adjustOrder(authorization, order.id, 1_500, 'Two more hoodies');
    expect((await webhook('checkout.session.completed', paidSession(sessionId))).status).toBe(200);
    const paid = (await paymentsOf(state.database.db, order.id)).filter((p) => p.request_id === request.id);
    expect(paid.map((p) => p.amount_cents)).toEqual([order.owed]);
    const view = await customerOrderView(state.database.db, order.id);
    expect(view!.money.balanceCents).toBe(grown.balance_cents - order.owed);
    expect(view!.money.balanceCents).toBeGreaterThan(0);
  });

  it('leaves the order paid more than it costs when a credit came while the session was open', async () => {
    const order = await owingOrder(3_000);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    const sessionId = await payOnStripe(order.id, request.id);
    const credited = await adjustOrder(authorization, order.id, -2_000, 'One hoodie less');
    expect((await webhook('checkout.session.completed', paidSession(sessionId))).status).toBe(200);
    const view = await customerOrderView(state.database.db, order.id);
    expect(view!.money.balanceCents).toBe(0);
    const money = await orderMoney(state.database.db, order.id);
    expect(money!.paidCents - money!.totalCents).toBe(order.owed - credited.balance_cents);
  });

  it('closes the open Stripe session when the owner withdraws the request', async () => {
    const order = await owingOrder(2_500);
    const request = (await (await ask(order.id, { kind: 'amount', amount_cents: 2_500 })).json()) as { id: string };
    const sessionId = await payOnStripe(order.id, request.id);
    expect((await cancel(order.id, request.id)).status).toBe(200);
    expect(stripe.fake.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
  });
});

describe('two payments racing for one request on postgres', () => {
  const { state, owingOrder, payOnStripe, paidSession } = shop('postgres');

  it("records one: a second tab's payment is flagged for a refund, and concurrent replays add nothing", async () => {
    const order = await owingOrder(4_000);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    const first = paidSession(await payOnStripe(order.id, request.id));
    const second = paidSession(await payOnStripe(order.id, request.id));
    const answers = await Promise.all([
      webhook('checkout.session.completed', first),
      webhook('checkout.session.completed', second),
      webhook('checkout.session.completed', first),
      webhook('checkout.session.completed', second),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const payments = (await paymentsOf(state.database.db, order.id)).filter((p) => p.request_id === request.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.amount_cents).toBe(order.owed);
    const flagged = await state.database.db
      .selectFrom('orders')
      .select('attention_reason')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(flagged.attention_reason).toMatch(/already paid or withdrawn.*refund it/);
    // The Stripe payment in words, not its checkout session id (issue 44, item 11).
    expect(flagged.attention_reason).toMatch(/^A Stripe payment of \$[\d,]+\.\d\d came in/);
    expect(flagged.attention_reason).not.toMatch(/cs_/);
  });
});

describe('a payment and an order change at once on postgres', () => {
  const { state, owingOrder, payOnStripe, paidSession } = shop('postgres');

  it('both land: the payment as charged, the change in the total, and the balance adds up', async () => {
    const orders = await Promise.all([owingOrder(4_000), owingOrder(4_000), owingOrder(4_000)]);
    const sessions = await Promise.all(
      orders.map(async (order) => {
        const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
        return paidSession(await payOnStripe(order.id, request.id));
      }),
    );
    const answers = await Promise.all(
      orders.flatMap((order, i) => [
        webhook('checkout.session.completed', sessions[i]!),
        adjustOrder(authorization, order.id, 1_000, 'Rush screen'),
      ]),
    );
    for (const [i, order] of orders.entries()) {
      expect((answers[2 * i] as Response).status).toBe(200);
      const money = (await orderMoney(state.database.db, order.id))!;
      const payments = await paymentsOf(state.database.db, order.id);
      expect(payments.map((p) => p.amount_cents).slice(1)).toEqual([order.owed]);
      // The change's own amount (with its tax) is what is still owed, whichever landed first.
      const changed = (
        await state.database.db
          .selectFrom('orders')
          .select('total_cents')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).total_cents;
      expect(money.totalCents).toBe(changed);
      expect(balanceDue(money)).toBe(changed - order.total);
      expect(balanceDue(money)).toBeGreaterThan(1_000);
      const events = await state.database.db
        .selectFrom('order_events')
        .select('kind')
        .where('order_id', '=', order.id)
        .where('kind', 'in', ['payment', 'order_change'])
        .execute();
      expect(events.map((e) => e.kind).sort()).toEqual(['order_change', 'order_change', 'payment']);
    }
  });
});

describe('a payment and a cancel at once on postgres', () => {
  const { state, owingOrder, payOnStripe, paidSession } = shop('postgres');

  it('never keeps money silently: a payment before the cancel is flagged to refund, one after is not counted', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await owingOrder(3_000);
      const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
      const session = paidSession(await payOnStripe(order.id, request.id));
      // The owner cancels and gives back what the order had received when the dialog showed it.
      const received = order.total - order.owed;
      const [paid, cancelled] = await Promise.all([
        webhook('checkout.session.completed', session),
        callFunction(orderRefunds, `/api/orders/${order.id}/refunds`, {
          method: 'POST',
          params: { id: order.id },
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount_cents: received,
            reason: 'Customer called it off',
            cancel: true,
            restock: true,
          }),
        }),
      ]);
      expect(paid.status).toBe(200);
      expect(cancelled.status).toBe(201);
      const row = await state.database.db
        .selectFrom('orders')
        .select(['status', 'attention_reason', 'refunded_cents'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'cancelled', refunded_cents: received });
      const payment = await state.database.db
        .selectFrom('order_payments')
        .select(['amount_cents', 'paid_at'])
        .where('request_id', '=', request.id)
        .executeTakeFirst();
      const cancel = await state.database.db
        .selectFrom('order_refunds')
        .select('created_at')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      if (!payment) {
        // After the cancel: not counted, flagged for a refund.
        expect(row.attention_reason).toMatch(/not counted: refund it/);
      } else if (payment.paid_at > cancel.created_at) {
        // Between the refund's reservation and the cancel: counted, and the owner is told to give it back.
        expect(payment.amount_cents).toBe(order.owed);
        expect(row.attention_reason).toMatch(/came in while the order was being cancelled.*refund it/);
      } else {
        // Before the owner's refund was taken: counted on the order's payments, the owner's to refund or keep.
        expect(payment.amount_cents).toBe(order.owed);
        expect(row.attention_reason).toBeNull();
      }
    }
  });
});
