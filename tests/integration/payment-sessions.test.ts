import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { payInvoice } from '../../src/server/orders/invoices/pay-invoice.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { businessAccount, invoicedOrder } from '../support/invoices.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { openTogether, payerToken } from '../support/pay-together.ts';
import { payOnOrderPage, paymentRequestCalls } from '../support/payment-requests.ts';

/**
 * Every session the shop opens is a row of payment_sessions naming its owner, purpose, amount
 * and state (issue 43): a cart's checkout, a payment request's Pay, an invoice's Pay online and
 * several requests paid together, each through Stripe (the real SDK against the local stand-in);
 * the webhook then moves the session it finds there to paid or expired.
 */
const WEBHOOK_SECRET = 'whsec_test_payment_sessions';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);
const URLS = {
  origin: 'http://shop.test',
  successUrl: 'http://shop.test/success',
  cancelUrl: 'http://shop.test/cancel',
};

const webhook = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(stripeWebhook, {
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type,
    object,
    secret: WEBHOOK_SECRET,
  });

describe.each(DATABASE_KINDS)('payment sessions on %s', (kind) => {
  const state = {} as { database: TestDatabase; hoodie: VariantFixture };
  beforeAll(async () => {
    state.database = await createTestDatabase(kind);
    installDatabase(state.database);
    state.hoodie = await variantOf(state.database.db, 'game-day-hoodie', 4);
    await setVariantStock(state.database.db, state.hoodie.variantId, 500);
  });
  afterAll(() => state.database.dispose());

  const sessionRow = (sessionId: string) =>
    state.database.db
      .selectFrom('payment_sessions')
      .select(['provider', 'purpose', 'order_id', 'payment_request_id', 'combined_payment_id', 'amount_cents', 'state'])
      .where('provider_session_id', '=', sessionId)
      .executeTakeFirst();

  async function checkout() {
    const { hoodie } = state;
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    return { sessionId, order: await orderBySession(state.database.db, sessionId) };
  }

  async function paid(sessionId: string, email?: string) {
    stripe.fake.pay(sessionId);
    const session = { ...stripe.fake.sessions.get(sessionId)!, ...(email ? { customer_details: { email } } : {}) };
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
  }

  it('a cart checkout records its session; the webhook marks it paid', async () => {
    const { sessionId, order } = await checkout();
    expect(await sessionRow(sessionId)).toEqual({
      provider: 'stripe',
      purpose: 'checkout',
      order_id: order.id,
      payment_request_id: null,
      combined_payment_id: null,
      amount_cents: order.total_cents,
      state: 'open',
    });
    await paid(sessionId);
    expect(await sessionRow(sessionId)).toMatchObject({ state: 'paid' });
  });

  it('a checkout Stripe expires is expired', async () => {
    const { sessionId } = await checkout();
    const session = { ...stripe.fake.sessions.get(sessionId)!, status: 'expired' };
    expect((await webhook('checkout.session.expired', session)).status).toBe(200);
    expect(await sessionRow(sessionId)).toMatchObject({ purpose: 'checkout', state: 'expired' });
  });

  it('a request’s Pay and several requests paid together record theirs; the replaced one is cancelled', async () => {
    const email = 'sessions.payer@example.com';
    const { sessionId: first, order } = await checkout();
    await paid(first, email);
    const changed = await adjustOrder(authorization, order.id, 4_000);
    const request = (await (await ask(order.id, { kind: 'balance' })).json()) as { id: string };
    const outcome = await payOnOrderPage(order.id, request.id);
    expect(outcome).toMatchObject({ kind: 'redirect' });
    const requestSession = sessionIdOf((outcome as { location: string }).location);
    expect(await sessionRow(requestSession)).toEqual({
      provider: 'stripe',
      purpose: 'request',
      order_id: order.id,
      payment_request_id: request.id,
      combined_payment_id: null,
      amount_cents: changed.balance_cents,
      state: 'open',
    });

    const user = await state.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const together = await openTogether(payerToken(user.id), [`request:${request.id}`]);
    const combined = await state.database.db
      .selectFrom('combined_payments')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await sessionRow(together)).toEqual({
      provider: 'stripe',
      purpose: 'combined',
      order_id: null,
      payment_request_id: null,
      combined_payment_id: combined.id,
      amount_cents: changed.balance_cents,
      state: 'open',
    });
    expect(await sessionRow(requestSession)).toMatchObject({ state: 'cancelled' });
    await paid(together);
    expect(await sessionRow(together)).toMatchObject({ state: 'paid' });
    const requestRow = await state.database.db
      .selectFrom('payment_requests')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(requestRow.status).toBe('paid');
  });

  it('an invoice’s Pay online records an invoice session for its balance request', async () => {
    const account = await businessAccount(state.database.db, 'Sessions School', 'sessions-school.example');
    const invoice = await invoicedOrder(state.database.db, state.hoodie, {
      accountId: account,
      email: 'bursar@sessions-school.example',
      po: 'PO-SESSIONS',
      issuedAt: new Date(),
      dueOn: '2026-12-31',
    });
    const url = await payInvoice(state.database.db, paymentProvider(state.database.db), invoice.invoiceId, URLS);
    const request = await state.database.db
      .selectFrom('payment_requests')
      .select('id')
      .where('order_id', '=', invoice.orderId)
      .executeTakeFirstOrThrow();
    expect(await sessionRow(sessionIdOf(url))).toEqual({
      provider: 'stripe',
      purpose: 'invoice',
      order_id: invoice.orderId,
      payment_request_id: request.id,
      combined_payment_id: null,
      amount_cents: invoice.totalCents,
      state: 'open',
    });
  });
});
