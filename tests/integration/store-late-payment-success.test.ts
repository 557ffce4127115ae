import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import storeCheckout from '../../netlify/functions/store-checkout.mts';
import { purchaseHeadings, readPurchase } from '../../src/islands/checkout-session.ts';
import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { settlePendingRefunds } from '../../src/server/orders/pending-refunds.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { closeStore } from '../../src/server/stores/store-close.ts';
import { applyPaymentEvent } from '../../src/server/workflows/payment-events.ts';
import { sql } from 'kysely';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, sessionIdOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { fakeStripeForFile } from '../support/fake-stripe.ts';
import { createStore, storeCheckoutBody } from '../support/store-fixtures.ts';

/**
 * A store buyer whose Stripe payment went through just as the store closed (issue 41, item 11):
 * the close won, the order is in no batch and the payment is refunded by the webhook and the
 * sweep. Stripe still sends the buyer to the success page, which must not say "Payment
 * Successful!" but that the store closed before the payment reached the shop and that the
 * payment is refunded, before the webhook is in and after the refund is made.
 */
const stripe = fakeStripeForFile('whsec_test_store_late_success');

/** Stripe's checkout.session.completed for the buyer's paid session, as the webhook hands it on. */
function paidEvent(sessionId: string, order: { id: string; total_cents: number }, intent: string) {
  return {
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type: 'checkout.session.completed',
    kind: 'paid' as const,
    sessionId,
    orderId: order.id,
    amountCents: order.total_cents,
    details: { email: 'ana.rivera@example.com', paymentIntentId: intent },
  };
}

describe.each(DATABASE_KINDS)('the success page of a store payment that lost the race on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const successPage = async (sessionId: string) => {
    const res = await callFunction(checkoutSession, `/api/checkout/session?session_id=${sessionId}`);
    expect(res.status).toBe(200);
    return purchaseHeadings(readPurchase((await res.json()) as CheckoutSessionView)!);
  };

  /** A buyer's Pay on the store page: the store's checkout function, as the page calls it. */
  const checkoutAt = (store: Awaited<ReturnType<typeof createStore>>) =>
    callFunction(storeCheckout, `/api/stores/${store.slug}/checkout`, {
      method: 'POST',
      params: { slug: store.slug },
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(storeCheckoutBody(store)),
    });

  it('says the store closed and the payment is refunded, not that the payment succeeded', async () => {
    const db = database.db;
    const store = await createStore(db);
    const res = await checkoutAt(store);
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const order = await orderBySession(db, sessionId);
    expect(order.payment_provider).toBe('stripe');
    // Stripe takes the payment just as the store's close runs: the close wins.
    const intent = stripe.fake.pay(sessionId);
    await db
      .updateTable('stores')
      .set({ closes_at: new Date(Date.now() - 1000) })
      .where('id', '=', store.storeId)
      .execute();
    expect(await closeStore(db, store.storeId, () => paymentProvider(db))).toMatchObject({ batchOrderId: null });

    // The buyer is back from Stripe before its webhook: nothing of the store's print run.
    const early = await successPage(sessionId);
    expect(early.title).toBe('This Store Has Closed');
    expect(early.message).toMatch(/^Eagles Golf \w+ closed before your payment reached us/);
    expect(early.message).toContain('The $64.80 you paid is refunded in full automatically, so nothing is charged');
    expect(JSON.stringify(early)).not.toMatch(/Payment Successful|Thanks for your purchase/);

    // The webhook comes in: the payment is recorded and its refund reserved; the sweep makes it.
    expect(await applyPaymentEvent(db, paidEvent(sessionId, order, intent))).toBe('applied');
    expect((await successPage(sessionId)).title).toBe('This Store Has Closed');
    await db
      .updateTable('order_refunds')
      .set({ attempted_at: sql`now() - interval '5 minutes'` })
      .where('order_id', '=', order.id)
      .execute();
    expect((await settlePendingRefunds(db, () => paymentProvider(db))).made).toBe(1);
    const refunded = await successPage(sessionId);
    expect(refunded.title).toBe('This Store Has Closed');
    expect(refunded.message).toContain('Your payment of $64.80 has been refunded in full');
    expect(JSON.stringify(refunded)).not.toMatch(/Payment Successful|Thanks for your purchase/);
  });

  it('still thanks a store buyer whose payment the store took', async () => {
    const db = database.db;
    const store = await createStore(db);
    const res = await checkoutAt(store);
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const order = await orderBySession(db, sessionId);
    const intent = stripe.fake.pay(sessionId);
    expect(await applyPaymentEvent(db, paidEvent(sessionId, order, intent))).toBe('applied');
    expect(await successPage(sessionId)).toEqual({
      title: 'Payment Successful!',
      subtitle: 'Thanks for your purchase!',
      message: null,
    });
  });
});
