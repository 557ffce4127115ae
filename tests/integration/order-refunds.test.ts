import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import orderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import orderStage from '../../netlify/functions/admin-order-stage.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves, type ErrorBody } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  type VariantFixture,
  variantOf,
  variantStock,
} from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * Money back (docs/decisions/0016-order-workflow.md): refunds from the admin through Stripe's Refunds API (the real SDK
 * against a local stand-in that speaks Stripe's wire format), refunds made in Stripe's own
 * dashboard reconciled from charge.refunded, cancellation with restock, and two refunds racing.
 */
const WEBHOOK_SECRET = 'whsec_test_refunds';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();

describe.each(DATABASE_KINDS)('refunds on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 3);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    stripe.fake.failWith = null;
    stripe.fake.refunds.refuseWith = null;
    stripe.fake.refunds.holdAnswers = false;
  });

  const webhook = (
    type: string,
    object: Record<string, unknown>,
    id = `evt_${crypto.randomUUID().replace(/-/g, '')}`,
  ) => deliverStripeEvent(stripeWebhook, { id, type, object, secret: WEBHOOK_SECRET });

  /** An order of two hoodies, paid through Stripe: answers its id, total and PaymentIntent. */
  async function paidOrder(email = 'refund.buyer@example.com') {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'shipping',
    });
    expect(started.status).toBe(201);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    const intent = stripe.fake.pay(sessionId);
    const session = { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email, name: 'Refund Buyer' } };
    expect((await webhook('checkout.session.completed', session)).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    return { id: order.id, total: order.total_cents, intent };
  }

  const refund = (id: string, body: unknown, auth: string | null = authorization) =>
    callFunction(orderRefunds, `/api/orders/${id}/refunds`, {
      method: 'POST',
      params: { id },
      headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const orderRow = (id: string) =>
    database.db
      .selectFrom('orders')
      .select(['status', 'refunded_cents', 'payment_intent_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const refundsOf = (id: string) =>
    database.db
      .selectFrom('order_refunds')
      .select(['amount_cents', 'status', 'source', 'provider_refund_id'])
      .where('order_id', '=', id)
      .orderBy('created_at')
      .execute();
  const charge = (intent: string, amountRefunded: number) => ({
    id: `ch_${intent.slice(3)}`,
    object: 'charge',
    payment_intent: intent,
    amount_refunded: amountRefunded,
    refunded: false,
  });

  it('refunds part of a paid order through Stripe, records it, tells the customer, and keeps what is left', async () => {
    const order = await paidOrder();
    expect((await orderRow(order.id)).payment_intent_id).toBe(order.intent);
    const made = await refund(order.id, { amount_cents: 1000, reason: 'Misprint on one hoodie' });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ refunded_cents: 1000, status: 'paid' });

    const call = stripe.fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.body).toMatchObject({ payment_intent: order.intent, amount: '1000', metadata: { order_id: order.id } });
    expect(call.headers['idempotency-key']).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(stripe.fake.payments.get(order.intent)!.amountRefunded).toBe(1000);
    expect(await refundsOf(order.id)).toEqual([
      { amount_cents: 1000, status: 'succeeded', source: 'admin', provider_refund_id: expect.stringMatching(/^re_/) },
    ]);
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('template_name', '=', 'order-refunded')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('refund.buyer@example.com');
    expect(mail.subject).toMatch(/^A refund of \$10\.00 for order [0-9A-F]{8}$/);
    expect(mail.text_body).toContain('Misprint on one hoodie');

    // More than is left is refused before Stripe is asked, and nothing changes.
    const before = await snapshot(database.db);
    const asked = stripe.fake.requests.length;
    const tooMuch = await refund(order.id, { amount_cents: order.total - 1000 + 1 });
    expect(tooMuch.status).toBe(409);
    expect(((await tooMuch.json()) as ErrorBody).error.code).toBe('refund_too_large');
    for (const bad of [
      { amount_cents: 0 },
      { amount_cents: 10.5 },
      { amount_cents: '100' },
      { amount_cents: 100, restock: true },
    ]) {
      expect((await refund(order.id, bad)).status).toBe(400);
    }
    expect((await refund(order.id, { amount_cents: 100 }, null)).status).toBe(401);
    expect((await refund(crypto.randomUUID(), { amount_cents: 100 })).status).toBe(404);
    expect(stripe.fake.requests.length).toBe(asked);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('records a refund made in Stripe’s dashboard from charge.refunded, once, and not the shop’s own again', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, { amount_cents: 700 })).status).toBe(201);
    // Stripe reports the shop's own refund: already counted.
    expect(await (await webhook('charge.refunded', charge(order.intent, 700))).json()).toMatchObject({
      outcome: 'applied',
    });
    expect((await orderRow(order.id)).refunded_cents).toBe(700);
    // The owner refunds another $5.00 in Stripe's dashboard.
    const eventId = `evt_dashboard_${order.id.slice(0, 8)}`;
    expect((await webhook('charge.refunded', charge(order.intent, 1200), eventId)).status).toBe(200);
    expect((await orderRow(order.id)).refunded_cents).toBe(1200);
    expect(await webhook('charge.refunded', charge(order.intent, 1200), eventId).then((r) => r.json())).toMatchObject({
      outcome: 'duplicate',
    });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ amount_cents: 700, source: 'admin' }),
      { amount_cents: 500, status: 'succeeded', source: 'stripe', provider_refund_id: null },
    ]);
    // No order has that payment: acknowledged, nothing recorded.
    expect(await (await webhook('charge.refunded', charge('pi_unknown', 100))).json()).toMatchObject({
      outcome: 'unknown_order',
    });
  });

  it('records nothing when Stripe refuses the refund, and the owner can try again', async () => {
    const order = await paidOrder();
    stripe.fake.refunds.refuseWith = 'charge_disputed';
    const failed = await refund(order.id, { amount_cents: 500 });
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as ErrorBody).error.code).toBe('refund_failed');
    expect((await orderRow(order.id)).refunded_cents).toBe(0);
    expect(await refundsOf(order.id)).toEqual([]);
    stripe.fake.refunds.refuseWith = null;
    expect((await refund(order.id, { amount_cents: 500 })).status).toBe(201);
    expect((await orderRow(order.id)).refunded_cents).toBe(500);
  });

  it('cancels an order before it ships with a full refund and puts its pieces back; a shipped one cannot be cancelled', async () => {
    const stock = await variantStock(database.db, hoodie.variantId);
    const order = await paidOrder();
    expect(await variantStock(database.db, hoodie.variantId)).toBe(stock - 2);
    const cancelled = await refund(order.id, {
      amount_cents: order.total,
      cancel: true,
      restock: true,
      reason: 'Event called off',
    });
    expect(cancelled.status).toBe(201);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(stock);
    const kinds = await database.db
      .selectFrom('order_events')
      .select(['kind', 'comment'])
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['refund', 'cancel']);
    expect(
      ((await (await refund(order.id, { amount_cents: 1 })).json()) as { error: { message: string } }).error.message,
    ).toBe('This order is already refunded in full.');

    const shipped = await paidOrder();
    const move = (body: unknown) =>
      callFunction(orderStage, `/api/orders/${shipped.id}/stage`, {
        method: 'POST',
        params: { id: shipped.id },
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await move({ to: 'in_production' });
    await move({ to: 'shipped', carrier: 'UPS', tracking_number: '1Z1' });
    const late = await refund(shipped.id, { amount_cents: 100, cancel: true });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.code).toBe('handed_over');
    // A partial refund is still possible after shipping.
    expect((await refund(shipped.id, { amount_cents: 100 })).status).toBe(201);
  });

  it('never refunds twice when two refunds of what is left race on one order', async () => {
    const order = await paidOrder();
    const answers = await Promise.all([
      refund(order.id, { amount_cents: order.total }),
      refund(order.id, { amount_cents: order.total }),
      refund(order.id, { amount_cents: order.total }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(stripe.fake.payments.get(order.intent)!.amountRefunded).toBe(order.total);
    expect((await orderRow(order.id)).refunded_cents).toBe(order.total);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});
