import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import TestPaymentPage from '../../src/pages/test-payment/[sessionId].astro';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { releaseOrder } from '../../src/server/orders/release-order.ts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { type ErrorBody, adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls, paymentsOf, payOnOrderPage } from '../support/payment-requests.ts';

/**
 * Payments on an order and payment requests (docs/decisions/0029-deposits.md) on the built-in test checkout: the
 * checkout's own payment, the owner's requests and their refusals, the customer's Pay from the
 * order page, and a request that follows the order when the owner changes it (an adjustment line).
 */
const { authorization } = adminProductSaves();
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const { ask, cancel } = paymentRequestCalls(authorization);
const grow = (orderId: string, cents: number) => adjustOrder(authorization, orderId, cents);

const pageOf = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, { params: { sessionId } });
const payOn = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:4321' },
    params: { sessionId },
  });

describe.each(DATABASE_KINDS)('payment requests on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 2);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  /** An order of two hoodies at checkout; paid unless `paid` is false. */
  async function order(paid = true) {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    if (paid) await completeOrder(database.db, row.id, { email: 'deposit.buyer@example.com', name: 'Dee Buyer' });
    return { id: row.id, total: row.total_cents };
  }

  /** The order's timeline entries about payments after checkout, oldest first. */
  const moneyEvents = (orderId: string) =>
    database.db
      .selectFrom('order_events')
      .select(['actor', 'kind', 'comment'])
      .where('order_id', '=', orderId)
      .where('kind', 'in', ['payment_request', 'payment'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** Pay on the order page, answering the test payment's session id. */
  async function openPayment(orderId: string, requestId: string) {
    const outcome = await payOnOrderPage(orderId, requestId);
    expect(outcome).toMatchObject({ kind: 'redirect', status: 303 });
    const location = (outcome as { location: string }).location;
    expect(location).toBe(`http://shop.test/test-payment/testpay_${requestId}`);
    return sessionIdOf(location);
  }

  it("records the checkout as the order's first payment, so a paid order owes nothing", async () => {
    const paid = await order();
    expect(await paymentsOf(database.db, paid.id)).toEqual([
      expect.objectContaining({ amount_cents: paid.total, method: 'test', provider: 'embedded', request_id: null }),
    ]);
    // Completing the same order again records nothing more.
    await completeOrder(database.db, paid.id, {});
    expect(await paymentsOf(database.db, paid.id)).toHaveLength(1);
    const view = await customerOrderView(database.db, paid.id);
    expect(view!.money).toMatchObject({ paidCents: paid.total, balanceCents: 0, openRequests: [] });
  });

  it('refuses a request the order does not owe, in words and with the field, storing nothing', async () => {
    const paid = await order();
    const pending = await order(false);
    const cancelled = await order(false);
    await releaseOrder(database.db, cancelled.id);
    const before = await snapshot(database.db);

    const nothingOwed = await ask(paid.id, { kind: 'share', share_percent: 50 });
    expect(nothingOwed.status).toBe(400);
    expect(((await nothingOwed.json()) as ErrorBody).error).toMatchObject({
      code: 'nothing_owed',
      fields: { share_percent: 'Nothing is owed on this order.' },
    });
    for (const bad of [
      { kind: 'amount', amount_cents: 0 },
      { kind: 'amount', amount_cents: -500 },
      { kind: 'amount', amount_cents: 10.5 },
      { kind: 'amount', amount_cents: '100' },
      { kind: 'share', share_percent: 150 },
      { kind: 'later' },
    ]) {
      const answer = await ask(paid.id, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(((await answer.json()) as ErrorBody).error.fields ?? {}).length).toBeGreaterThan(0);
    }
    const unpaid = await ask(pending.id, { kind: 'balance' });
    expect(unpaid.status).toBe(409);
    expect(((await unpaid.json()) as ErrorBody).error.code).toBe('order_not_paid');
    const gone = await ask(cancelled.id, { kind: 'balance' });
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as ErrorBody).error.code).toBe('order_cancelled');
    expect((await ask(paid.id, { kind: 'balance' }, null)).status).toBe(401);
    expect((await ask(crypto.randomUUID(), { kind: 'balance' })).status).toBe(404);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    const { balance_cents: owed } = await grow(paid.id, 5_000);
    const grown = await snapshot(database.db);
    const tooMuch = await ask(paid.id, { kind: 'amount', amount_cents: owed + 1 });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as ErrorBody).error).toMatchObject({
      code: 'more_than_balance',
      fields: { amount_cents: `At most ${usd(owed)}` },
    });
    expect(changedTables(grown, await snapshot(database.db))).toEqual([]);
  });

  it('asks for a 50 % deposit by e-mail, and the customer pays it once on the test checkout', async () => {
    const paid = await order();
    const { total_cents: total, balance_cents: owed } = await grow(paid.id, 10_000);
    const expected = Math.min(Math.round(total / 2), owed);
    const made = await ask(paid.id, { kind: 'share', share_percent: 50, note: 'Deposit for the extra hoodies' });
    expect(made.status).toBe(201);
    const request = (await made.json()) as { id: string; amount_cents: number; label: string; status: string };
    expect(request).toMatchObject({ amount_cents: expected, label: 'Deposit 50 %', status: 'open' });

    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('template_name', '=', 'payment-request')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('deposit.buyer@example.com');
    expect(mail.subject).toMatch(/^A payment of \$[\d,.]+ for order [0-9A-F]{8}$/);
    expect(mail.text_body).toContain('Deposit for the extra hoodies');
    expect(mail.text_body).toMatch(/\/orders\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}/);

    const sessionId = await openPayment(paid.id, request.id);
    const page = await pageOf(sessionId);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Deposit 50 %, order ${paid.id.slice(0, 8).toUpperCase()}`);
    const done = await payOn(sessionId);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/\/orders\/[^?]+\?done=paid$/);

    const again = await payOn(sessionId);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already paid');
    expect(await paymentsOf(database.db, paid.id)).toEqual([
      expect.objectContaining({ amount_cents: paid.total, request_id: null }),
      expect.objectContaining({ amount_cents: expected, request_id: request.id, method: 'test' }),
    ]);
    const view = await customerOrderView(database.db, paid.id);
    expect(view!.money).toMatchObject({ paidCents: paid.total + expected, balanceCents: owed - expected });
    // The timeline says what was asked and what was paid, once (the refused second Pay adds nothing).
    expect(await moneyEvents(paid.id)).toEqual([
      { actor: 'owner', kind: 'payment_request', comment: `Deposit 50 %, ${usd(expected)}` },
      { actor: 'customer', kind: 'payment', comment: `Deposit 50 %, ${usd(expected)}` },
    ]);
    const admin = await callFunction(adminOrders, `/api/orders/${paid.id}`, {
      params: { id: paid.id },
      headers: { authorization },
    });
    expect(((await admin.json()) as AdminOrder).money).toMatchObject({
      paid_cents: paid.total + expected,
      balance_cents: owed - expected,
      payments: [
        { amount_cents: paid.total, method: 'test' },
        { amount_cents: expected, method: 'test' },
      ],
      requests: [{ id: request.id, label: 'Deposit 50 %', status: 'paid', amount_cents: expected }],
    });
    const closed = await payOnOrderPage(paid.id, request.id);
    expect(closed).toMatchObject({
      kind: 'order',
      status: 409,
      problem: { message: expect.stringMatching(/already paid/) },
    });
  });

  it('asks what the order owes now, and a payment page opened for an older amount is refused', async () => {
    const paid = await order();
    await grow(paid.id, 5_000);
    const made = (await (await ask(paid.id, { kind: 'amount', amount_cents: 4_000 })).json()) as { id: string };
    const stale = await openPayment(paid.id, made.id);
    // The owner takes part of the change back (a credit line) while the payment page is open.
    const { balance_cents: owed } = await grow(paid.id, -3_500);
    expect(owed).toBeLessThan(4_000);
    expect((await customerOrderView(database.db, paid.id))!.money.openRequests).toEqual([
      expect.objectContaining({ id: made.id, amount_cents: owed }),
    ]);

    const refused = await payOn(stale);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('The order changed since this page opened');
    expect(await paymentsOf(database.db, paid.id)).toHaveLength(1);

    const fresh = await openPayment(paid.id, made.id);
    expect(await (await pageOf(fresh)).text()).toContain(usd(owed));
    expect((await payOn(fresh)).status).toBe(303);
    expect((await paymentsOf(database.db, paid.id)).map((p) => p.amount_cents)).toEqual([paid.total, owed]);
    expect((await customerOrderView(database.db, paid.id))!.money.balanceCents).toBe(0);
  });

  it('lets the owner withdraw an open request: its payment page and Pay then refuse, nothing recorded', async () => {
    const paid = await order();
    const { balance_cents: owed } = await grow(paid.id, 3_000);
    const made = (await (await ask(paid.id, { kind: 'balance' })).json()) as { id: string };
    const sessionId = await openPayment(paid.id, made.id);
    const withdrawn = await cancel(paid.id, made.id);
    expect(withdrawn.status).toBe(200);
    const twice = await cancel(paid.id, made.id);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.code).toBe('request_closed');

    const refused = await payOn(sessionId);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('withdrew this payment request');
    expect(await moneyEvents(paid.id)).toEqual([
      { actor: 'owner', kind: 'payment_request', comment: `Balance, ${usd(owed)}` },
      { actor: 'owner', kind: 'payment_request', comment: 'Withdrawn: Balance' },
    ]);
    const onPage = await payOnOrderPage(paid.id, made.id);
    expect(onPage).toMatchObject({ kind: 'order', status: 409 });
    expect(await paymentsOf(database.db, paid.id)).toHaveLength(1);
    expect((await customerOrderView(database.db, paid.id))!.money).toMatchObject({
      balanceCents: owed,
      openRequests: [],
    });
  });

  it("answers the same 404 page for a session never opened and for another site's Pay, recording nothing", async () => {
    const paid = await order();
    await grow(paid.id, 2_500);
    const made = (await (await ask(paid.id, { kind: 'balance' })).json()) as { id: string };
    // The request's own session id, but no payment page was ever opened for it.
    const unopened = await pageOf(`testpay_${made.id}`);
    expect(unopened.status).toBe(404);
    expect(await unopened.text()).toContain('Checkout not found');
    expect((await pageOf('testpay_not-a-session')).status).toBe(404);

    const sessionId = await openPayment(paid.id, made.id);
    const foreign = await requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example' },
      params: { sessionId },
    });
    expect(foreign.status).toBe(404);
    expect(await paymentsOf(database.db, paid.id)).toHaveLength(1);
    expect((await payOn(sessionId)).status).toBe(303);
    expect(await paymentsOf(database.db, paid.id)).toHaveLength(2);
  });
});
