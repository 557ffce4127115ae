import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import orderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { getOrder } from '../../src/server/admin/orders.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { settleInterruptedRefunds, settlePendingRefunds } from '../../src/server/orders/pending-refunds.ts';
import { refundOrder } from '../../src/server/orders/refunds.ts';

import { paymentProvider, embeddedProvider } from '../../src/server/orders/payment-provider.ts';
import type { PaymentProvider } from '../../src/server/payments/provider.ts';
import { runSweep, SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  variantOf,
  variantStock,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * A refund interrupted while the provider was asked (docs/decisions/0025-hardening.md, item 7): the process killed or
 * timed out left the refund pending and its money counted. The sweep asks again with the key
 * stored on the row (Stripe answers the refund it made, or makes it once), records it, or gives
 * the reservation back when Stripe refuses. The real SDK against the local stand-in, which
 * keeps Stripe's idempotency rules and counts the refunds it makes.
 */
const WEBHOOK_SECRET = 'whsec_test_refund_interruptions';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();

/** The provider of a process that dies while asking: the request reaches Stripe (or not), no answer is ever read. */
function killedWhileAsking(real: PaymentProvider, reachesProvider: boolean): PaymentProvider {
  return Object.assign(Object.create(real) as PaymentProvider, {
    refund: (...args: Parameters<PaymentProvider['refund']>) => {
      if (reachesProvider) void real.refund(...args).catch(() => undefined);
      return new Promise<never>(() => {});
    },
  });
}

describe.each(DATABASE_KINDS)('interrupted refunds on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: Awaited<ReturnType<typeof variantOf>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 5);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    stripe.fake.failWith = null;
    stripe.fake.refunds.refuseWith = null;
  });

  async function paidOrder() {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'shipping',
    });
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    const intent = stripe.fake.pay(sessionId);
    const object = {
      ...stripe.fake.sessions.get(sessionId)!,
      customer_details: { email: 'ann@example.com', name: 'Ann' },
    };
    const id = `evt_${crypto.randomUUID().replace(/-/g, '')}`;
    expect(
      (
        await deliverStripeEvent(stripeWebhook, {
          id,
          type: 'checkout.session.completed',
          object,
          secret: WEBHOOK_SECRET,
        })
      ).status,
    ).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    return { id: order.id, total: order.total_cents, intent };
  }
  const refundThroughAdmin = (id: string, body: unknown) =>
    callFunction(orderRefunds, `/api/orders/${id}/refunds`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const orderRow = (id: string) =>
    database.db
      .selectFrom('orders')
      .select(['status', 'refunded_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const refundsOf = (id: string) =>
    database.db
      .selectFrom('order_refunds')
      .select(['id', 'amount_cents', 'status', 'provider_refund_id', 'idempotency_key', 'cancel_order'])
      .where('order_id', '=', id)
      .orderBy('created_at')
      .execute();
  const madeFor = (intent: string) => stripe.fake.refunds.made.filter((r) => r['payment_intent'] === intent);
  /** Starts a refund that is never answered, and waits until its reservation is written. */
  async function interruptedRefund(
    orderId: string,
    provider: PaymentProvider,
    request: Parameters<typeof refundOrder>[3],
  ) {
    void refundOrder(database.db, provider, orderId, request);
    await expect.poll(async () => (await refundsOf(orderId)).length).toBe(1);
  }
  /** A minute and more passes. */
  const later = () =>
    database.db
      .updateTable('order_refunds')
      .set({ attempted_at: sql<Date>`now() - interval '2 minutes'` })
      .where('status', '=', 'pending')
      .execute();

  it('a refund Stripe made but whose answer never came stays reserved; the sweep records it once, cancellation included', async () => {
    const order = await paidOrder();
    const stock = await variantStock(database.db, hoodie.variantId);
    await interruptedRefund(order.id, killedWhileAsking(paymentProvider(database.db), true), {
      amountCents: order.total,
      reason: 'Event called off',
      cancel: true,
      restock: true,
    });
    await expect.poll(() => madeFor(order.intent).length).toBe(1);
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: 'pending', cancel_order: true, provider_refund_id: null });
    expect(pending!.idempotency_key).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(await orderRow(order.id)).toEqual({ status: 'paid', refunded_cents: order.total });
    expect((await getOrder(database.db, order.id))!.refunds.map((r) => r.status)).toEqual(['pending']);
    // The customer is not told of money given back until it is.
    expect((await customerOrderView(database.db, order.id))!.refundedCents).toBe(0);
    // The pending refund counts: a second one is refused rather than given back twice.
    const again = await refundThroughAdmin(order.id, { amount_cents: 100 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'This order is already refunded in full.',
    );

    expect(SWEEP_JOBS).toContain(settleInterruptedRefunds);
    // Within the minute the sweep leaves it to the request that may still be running.
    expect(await runSweep(database.db, [settleInterruptedRefunds])).toEqual({ done: {}, failed: {} });
    await later();
    const replayed = stripe.fake.refunds.replayed;
    expect(await runSweep(database.db, [settleInterruptedRefunds])).toEqual({
      done: { 'settle-interrupted-refunds': '1 interrupted refund(s) made' },
      failed: {},
    });
    const asked = stripe.fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked.at(-1)!.headers['idempotency-key']).toBe(pending!.idempotency_key);
    expect(stripe.fake.refunds.replayed).toBe(replayed + 1);
    expect(madeFor(order.intent)).toHaveLength(1);
    expect(stripe.fake.payments.get(order.intent)!.amountRefunded).toBe(order.total);
    expect(await refundsOf(order.id)).toEqual([
      { ...pending, status: 'succeeded', provider_refund_id: madeFor(order.intent)[0]!['id'] },
    ]);
    expect(await orderRow(order.id)).toEqual({ status: 'cancelled', refunded_cents: order.total });
    expect((await customerOrderView(database.db, order.id))!.refundedCents).toBe(order.total);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(stock + 2);
    const events = await database.db
      .selectFrom('order_events')
      .select(['actor', 'kind'])
      .where('order_id', '=', order.id)
      .where('kind', 'in', ['refund', 'cancel'])
      .orderBy('created_at')
      .execute();
    expect(events).toEqual([
      { actor: 'system', kind: 'refund' },
      { actor: 'system', kind: 'cancel' },
    ]);
    const mails = await database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('template_name', '=', 'order-refunded')
      .where('to_address', '=', 'ann@example.com')
      .where('text_body', 'like', '%Event called off%')
      .execute();
    expect(mails).toHaveLength(1);
    await later();
    expect(await runSweep(database.db, [settleInterruptedRefunds])).toEqual({ done: {}, failed: {} });
  });

  it('a refund that never reached Stripe is made once by the sweep, and the rest can still be refunded', async () => {
    const order = await paidOrder();
    await interruptedRefund(order.id, killedWhileAsking(paymentProvider(database.db), false), { amountCents: 1500 });
    await later();
    expect(await settlePendingRefunds(database.db, () => paymentProvider(database.db))).toEqual({
      made: 1,
      released: 0,
      stillPending: 0,
    });
    expect(madeFor(order.intent).map((r) => r['amount'])).toEqual([1500]);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect((await refundThroughAdmin(order.id, { amount_cents: order.total - 1500 })).status).toBe(201);
    expect(await orderRow(order.id)).toEqual({ status: 'paid', refunded_cents: order.total });
  });

  it('a refund Stripe answers with its own error stays pending (202), is not given back, and is settled once Stripe answers', async () => {
    const order = await paidOrder();
    stripe.fake.failWith = 500;
    const answered = await refundThroughAdmin(order.id, { amount_cents: 2000 });
    expect(answered.status).toBe(202);
    expect(await answered.json()).toMatchObject({ refund_status: 'pending', refunded_cents: 2000, status: 'paid' });
    await later();
    expect(await settlePendingRefunds(database.db, () => paymentProvider(database.db))).toEqual({
      made: 0,
      released: 0,
      stillPending: 1,
    });
    stripe.fake.failWith = null;
    // Asked a moment ago: the next sweep leaves it alone until a minute has passed again.
    expect((await settlePendingRefunds(database.db, () => paymentProvider(database.db))).made).toBe(0);
    await later();
    expect((await settlePendingRefunds(database.db, () => paymentProvider(database.db))).made).toBe(1);
    expect(madeFor(order.intent).map((r) => r['amount'])).toEqual([2000]);
    expect(await orderRow(order.id)).toEqual({ status: 'paid', refunded_cents: 2000 });
  });

  it('a pending refund Stripe refuses is given back, the timeline says why, and the owner can refund again', async () => {
    const order = await paidOrder();
    await interruptedRefund(order.id, killedWhileAsking(paymentProvider(database.db), false), {
      amountCents: order.total,
    });
    stripe.fake.refunds.refuseWith = 'charge_disputed';
    await later();
    expect(await settlePendingRefunds(database.db, () => paymentProvider(database.db))).toEqual({
      made: 0,
      released: 1,
      stillPending: 0,
    });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await orderRow(order.id)).toEqual({ status: 'paid', refunded_cents: 0 });
    const note = await database.db
      .selectFrom('order_events')
      .select(['actor', 'comment'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(note.actor).toBe('system');
    expect(note.comment).toMatch(/refund not made: the payment provider refused it \(.*charge_disputed/);
    stripe.fake.refunds.refuseWith = null;
    expect((await refundThroughAdmin(order.id, { amount_cents: order.total })).status).toBe(201);
    expect(madeFor(order.intent)).toHaveLength(1);
  });

  it('a refund pending for a day is left to the owner: its key may no longer guard against a second refund', async () => {
    const order = await paidOrder();
    await interruptedRefund(order.id, killedWhileAsking(paymentProvider(database.db), false), { amountCents: 900 });
    await later();
    await database.db
      .updateTable('order_refunds')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('order_id', '=', order.id)
      .execute();
    expect(await settlePendingRefunds(database.db, () => paymentProvider(database.db))).toEqual({
      made: 0,
      released: 0,
      stillPending: 0,
    });
    expect(madeFor(order.intent)).toEqual([]);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['pending']);
    // Settled by hand, so the other tests' sweeps find nothing of it.
    await database.db.deleteFrom('order_refunds').where('order_id', '=', order.id).execute();
  });

  it('a test-checkout refund cut off before it was recorded is settled by the sweep with the same receipt', async () => {
    const { id } = await database.db
      .insertInto('orders')
      .values({
        email: 'test.pay@example.com',
        status: 'paid',
        fulfillment: 'local',
        paid_at: new Date(),
        subtotal_cents: 3000,
        total_cents: 3000,
        payment_provider: 'embedded',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const embedded = embeddedProvider(database.db);
    await interruptedRefund(id, killedWhileAsking(embedded, true), { amountCents: 3000 });
    await later();
    // A Stripe-configured sweep cannot settle it; the test checkout's own can.
    expect(await settlePendingRefunds(database.db, () => paymentProvider(database.db))).toMatchObject({
      stillPending: 1,
    });
    await later();
    expect(await settlePendingRefunds(database.db, () => embedded)).toEqual({ made: 1, released: 0, stillPending: 0 });
    const [row] = await refundsOf(id);
    expect(row).toMatchObject({ status: 'succeeded', provider_refund_id: `test_re_${row!.idempotency_key}` });
    expect(await orderRow(id)).toEqual({ status: 'paid', refunded_cents: 3000 });
  });
});
