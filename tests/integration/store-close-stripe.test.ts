import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { settlePendingRefunds } from '../../src/server/orders/pending-refunds.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';
import { applyPaymentEvent } from '../../src/server/workflows/payment-events.ts';
import {
  createStore,
  paidBuyerOrder,
  pendingBuyerOrder,
  storeBuyerSession,
  teeVariants,
} from '../support/store-orders.ts';
import { sql } from 'kysely';

/**
 * A store's missed minimum refunded through Stripe's Refunds API
 * (docs/decisions/0030-team-stores.md), with the real SDK against the local stand-in: one refund
 * per buyer on their own PaymentIntent with an idempotency key, and a refund Stripe did not answer
 * settled later by the sweep with the same key and the same e-mail.
 */
const stripe = fakeStripeForFile('whsec_test_store_close');

describe.each(DATABASE_KINDS)('store close refunds through Stripe on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  /** A buyer who paid through Stripe: the stand-in knows their PaymentIntent and what it took. */
  async function stripeBuyer(store: Awaited<ReturnType<typeof createStore>>, quantity: number, email: string) {
    const [tee] = await teeVariants(db(), 1);
    const intent = `pi_store_${crypto.randomUUID().replace(/-/g, '')}`;
    const order = await paidBuyerOrder(db(), store, [{ design: store.designs[0]!, variant: tee!, quantity }], {
      email,
      stripeIntent: intent,
    });
    stripe.fake.payments.set(intent, { amount: order.totalCents, amountRefunded: 0 });
    return { ...order, intent };
  }

  it('refunds each buyer of a missed design on their own PaymentIntent, once', async () => {
    stripe.fake.refunds.holdAnswers = false;
    const store = await createStore(db(), { minimum: 10, designs: [{ name: 'Stripe Tee', priceCents: 2100 }] });
    const one = await stripeBuyer(store, 2, 'stripe.one@example.com');
    const two = await stripeBuyer(store, 1, 'stripe.two@example.com');
    const before = stripe.fake.refunds.made.length;
    const closed = await closeStore(db(), store.id, () => paymentProvider(db()));
    expect(closed).toMatchObject({ batchOrderId: null, refundsMade: 2 });
    const made = stripe.fake.refunds.made.slice(before);
    expect(made).toHaveLength(2);
    expect(stripe.fake.payments.get(one.intent)).toEqual({ amount: 4200, amountRefunded: 4200 });
    expect(stripe.fake.payments.get(two.intent)).toEqual({ amount: 2100, amountRefunded: 2100 });
    const sent = stripe.fake.requests.filter((r) => r.path === '/v1/refunds').slice(-2);
    for (const request of sent) {
      expect(request.headers['idempotency-key']).toMatch(/^refund-/);
      expect(request.body).toMatchObject({ payment_intent: expect.stringMatching(/^pi_store_/) });
    }
    const rows = await db()
      .selectFrom('order_refunds')
      .select(['order_id', 'status', 'provider_refund_id', 'amount_cents'])
      .where('order_id', 'in', [one.id, two.id])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'succeeded' && r.provider_refund_id?.startsWith('re_'))).toBe(true);
    const orders = await db().selectFrom('orders').select('status').where('id', 'in', [one.id, two.id]).execute();
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('leaves a refund Stripe did not answer pending, and the sweep makes it once with the store e-mail', async () => {
    const store = await createStore(db(), { minimum: 10, designs: [{ name: 'Held Refund Tee', priceCents: 1900 }] });
    const buyer = await stripeBuyer(store, 1, 'stripe.held@example.com');
    stripe.fake.failWith = 'timeout';
    try {
      const closed = await closeStore(db(), store.id, () => paymentProvider(db()));
      expect(closed).toMatchObject({ refundsReserved: 1, refundsMade: 0 });
    } finally {
      stripe.fake.failWith = null;
    }
    expect(
      await db()
        .selectFrom('order_refunds')
        .select(['status', 'mail_template'])
        .where('order_id', '=', buyer.id)
        .execute(),
    ).toEqual([{ status: 'pending', mail_template: 'store-minimum-missed' }]);
    // Past the grace period the sweep asks again with the stored key.
    await db()
      .updateTable('order_refunds')
      .set({ attempted_at: sql`now() - interval '5 minutes'` })
      .where('order_id', '=', buyer.id)
      .execute();
    const settled = await settlePendingRefunds(db(), () => paymentProvider(db()));
    expect(settled.made).toBe(1);
    expect(stripe.fake.payments.get(buyer.intent)).toEqual({ amount: 1900, amountRefunded: 1900 });
    const mails = await db()
      .selectFrom('email_outbox')
      .select('template_name')
      .where('to_address', '=', 'stripe.held@example.com')
      .execute();
    expect(mails).toEqual([{ template_name: 'store-order-confirmation' }, { template_name: 'store-minimum-missed' }]);
    const order = await db().selectFrom('orders').select('status').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
  });

  it('expires the buyers’ checkouts still open at the close; one Stripe already took stays pending', async () => {
    const store = await createStore(db(), { minimum: 1, designs: [{ name: 'Open Checkout Tee', priceCents: 2000 }] });
    const [tee] = await teeVariants(db(), 1);
    const line = [{ design: store.designs[0]!, variant: tee!, quantity: 1 }];
    const open = await pendingBuyerOrder(db(), store, line, { email: 'open.checkout@example.com' });
    const late = await pendingBuyerOrder(db(), store, line, { email: 'late.checkout@example.com' });
    // The sessions as Stripe holds them: one still open, one paid a moment ago (its webhook not yet in).
    for (const [order, status] of [
      [open, 'open'],
      [late, 'complete'],
    ] as const) {
      const id = `cs_test_${crypto.randomUUID().replace(/-/g, '')}`;
      stripe.fake.sessions.set(id, { id, object: 'checkout.session', status });
      await storeBuyerSession(db(), order.id, id, order.totalCents);
    }
    const closed = await closeStore(db(), store.id, () => paymentProvider(db()));
    expect(closed).toMatchObject({ batchOrderId: null, checkoutsClosed: 1 });
    const statusOf = async (id: string) =>
      await db()
        .selectFrom('orders')
        .select(['status', 'payment_session_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const opened = await statusOf(open.id);
    expect(opened.status).toBe('cancelled');
    expect(stripe.fake.sessions.get(opened.payment_session_id!)?.['status']).toBe('expired');
    expect((await statusOf(late.id)).status).toBe('pending');
    // Its payment's webhook then arrives: the store has closed, so the order stays cancelled (in
    // no batch) and the whole payment is refunded through Stripe, the buyer told.
    const lateSession = (await statusOf(late.id)).payment_session_id!;
    const intent = `pi_late_${crypto.randomUUID().replace(/-/g, '')}`;
    stripe.fake.payments.set(intent, { amount: late.totalCents, amountRefunded: 0 });
    const event = {
      id: `evt_late_${crypto.randomUUID().replace(/-/g, '')}`,
      type: 'checkout.session.completed',
      kind: 'paid' as const,
      sessionId: lateSession,
      orderId: late.id,
      amountCents: late.totalCents,
      details: { email: 'late.checkout@example.com', paymentIntentId: intent },
    };
    expect(await applyPaymentEvent(db(), event)).toBe('applied');
    expect(await applyPaymentEvent(db(), event)).toBe('duplicate');
    const flagged = await db()
      .selectFrom('orders')
      .select(['status', 'store_batch_order_id', 'attention_reason'])
      .where('id', '=', late.id)
      .executeTakeFirstOrThrow();
    expect(flagged).toMatchObject({ status: 'cancelled', store_batch_order_id: null });
    expect(flagged.attention_reason).toContain('refunded in full automatically');
    // The sweep makes the refund reserved in the webhook's transaction, once, with its key.
    await db()
      .updateTable('order_refunds')
      .set({ attempted_at: sql`now() - interval '5 minutes'` })
      .where('order_id', '=', late.id)
      .execute();
    expect((await settlePendingRefunds(db(), () => paymentProvider(db()))).made).toBe(1);
    expect(stripe.fake.payments.get(intent)).toEqual({ amount: late.totalCents, amountRefunded: late.totalCents });
    expect((await settlePendingRefunds(db(), () => paymentProvider(db()))).made).toBe(0);
    const told = await db()
      .selectFrom('email_outbox')
      .select('template_name')
      .where('to_address', '=', 'late.checkout@example.com')
      .execute();
    expect(told.map((m) => m.template_name)).toContain('order-refunded');
  });
});
