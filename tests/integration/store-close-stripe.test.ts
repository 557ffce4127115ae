import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase } from '../../src/server/db/index.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { settlePendingRefunds } from '../../src/server/orders/pending-refunds.ts';
import { paymentProvider } from '../../src/server/payments/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';
import { createStore, paidBuyerOrder, teeVariants } from '../support/store-orders.ts';
import { sql } from 'kysely';

/**
 * A store's missed minimum refunded through Stripe's Refunds API (issue #30), with the real SDK
 * against the local stand-in: one refund per buyer on their own PaymentIntent with an idempotency
 * key, and a refund Stripe did not answer settled later by the sweep with the same key and the
 * same e-mail.
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
    expect(mails).toEqual([{ template_name: 'store-minimum-missed' }]);
    const order = await db().selectFrom('orders').select('status').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
  });
});
