import { expect } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { savePaymentSettings } from '../../src/server/orders/payments/payment-settings.ts';
import { orderBySession, postJson, sessionIdOf, type VariantFixture } from './checkout.ts';
import type { TestDatabase } from './databases.ts';
import { deliverStripeEvent, type FakeStripe } from './fake-stripe.ts';
import { adjustOrder } from './order-changes.ts';
import { paymentRequestCalls, payOnOrderPage } from './payment-requests.ts';

/**
 * Bank transfer on payment requests (docs/decisions/0029-deposits.md) against the Stripe stand-in: an order paid at
 * checkout that then owes money, a request for it, the customer's Pay, and the Checkout Session
 * events Stripe sends for a bank payment (completed unpaid, then async succeeded or failed).
 */
export function bankTransferShop(
  authorization: string,
  webhookSecret: string,
  state: { database: TestDatabase; hoodie: VariantFixture; stripe: { fake: FakeStripe } },
) {
  const { ask } = paymentRequestCalls(authorization);
  const newEventId = () => `evt_${crypto.randomUUID().replace(/-/g, '')}`;
  const webhook = (type: string, object: Record<string, unknown>, id = newEventId()) =>
    deliverStripeEvent(stripeWebhook, { id, type, object, secret: webhookSecret });

  /** The owner's bank-transfer minimum, in cents (null: never). */
  const minimum = (cents: number | null) => savePaymentSettings(state.database.db, { bank_transfer_min_cents: cents });

  /** Two hoodies paid by card at checkout, then `grow` cents added: a balance request open for what is owed. */
  async function owingRequest(grow: number) {
    const { hoodie, database, stripe } = state;
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    stripe.fake.pay(sessionId);
    const paid = { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email: 'bursar@example.com' } };
    expect((await webhook('checkout.session.completed', paid)).status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    const changed = await adjustOrder(authorization, order.id, grow);
    const made = await ask(order.id, { kind: 'balance' });
    expect(made.status).toBe(201);
    const request = (await made.json()) as { id: string; amount_cents: number };
    expect(request.amount_cents).toBe(changed.balance_cents);
    return { orderId: order.id, requestId: request.id, owed: changed.balance_cents };
  }

  /** The customer's Pay on the order page: the Stripe session it sent them to. */
  async function payOnStripe(orderId: string, requestId: string) {
    const outcome = await payOnOrderPage(orderId, requestId);
    expect(outcome).toMatchObject({ kind: 'redirect', status: 303 });
    return sessionIdOf((outcome as { location: string }).location);
  }

  /** The last Checkout Session the shop asked Stripe for, as sent. */
  const lastSessionRequest = () =>
    state.stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!.body;

  /**
   * The session as Stripe reports it after the customer pays by bank: complete, with the payment
   * unpaid (processing) or, once it settles, paid.
   */
  function bankSession(sessionId: string, paymentStatus: 'unpaid' | 'paid') {
    const session = state.stripe.fake.sessions.get(sessionId)!;
    return {
      ...session,
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: `pi_bank_${sessionId.slice(-12)}`,
      customer_details: { email: 'bursar@example.com' },
    };
  }

  return { webhook, newEventId, minimum, owingRequest, payOnStripe, lastSessionRequest, bankSession };
}
