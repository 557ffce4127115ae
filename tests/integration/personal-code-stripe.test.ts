import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { orderBySession, postJson, setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { welcomeCodeFor } from '../support/personal-code.ts';

const WEBHOOK_SECRET = 'whsec_test_personal_codes';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);

/*
 * docs/decisions/0013-trust-audit.md item 4 with Stripe (the real SDK against the local stand-in): checkout with a
 * personal code passes its address as customer_email, which Stripe's page shows fixed; an
 * order without one leaves the e-mail to the buyer.
 */
describe.each(DATABASE_KINDS)('personal codes through Stripe Checkout on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  const sessionRequests = () => stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
  const checkout = (extra: Record<string, unknown>) =>
    postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
      fulfillment: 'shipping',
      ...extra,
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 3);
    await setVariantStock(database.db, hoodie.variantId, 100);
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    stripe.fake.requests.length = 0;
  });

  it('passes the address the code was sent to as customer_email, and keeps it when paid', async () => {
    const email = `stripe.buyer.${kind}@example.com`;
    const code = await welcomeCodeFor(database.db, email);
    const res = await checkout({ discountCode: code, email: `Stripe.Buyer.${kind}+pay@Example.com` });
    expect(res.status).toBe(201);
    const [request] = sessionRequests();
    expect(request?.body['customer_email']).toBe(email);

    // Stripe fixes the field, so it reports that address; the order stays bound to it regardless.
    const sessionId = ((await res.json()) as { url: string }).url.split('/').pop()!;
    const session = {
      ...stripe.fake.sessions.get(sessionId)!,
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: `other.${kind}@example.com`, name: 'Pat Buyer', address: null, phone: null },
    };
    const delivered = await deliverStripeEvent(stripeWebhook, {
      id: `evt_personal_${kind}`,
      type: 'checkout.session.completed',
      object: session,
      secret: WEBHOOK_SECRET,
    });
    expect(delivered.status).toBe(200);
    expect(await orderBySession(database.db, sessionId)).toMatchObject({
      status: 'paid',
      email,
      discount_email: email,
    });
  });

  it('sends no customer_email for an order without a personal code', async () => {
    const res = await checkout({ discountCode: 'SAVE10', email: `ignored.${kind}@example.com` });
    expect(res.status).toBe(201);
    expect(sessionRequests()[0]?.body).not.toHaveProperty('customer_email');
  });
});
