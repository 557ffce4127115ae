import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import OrderPage from '../../src/pages/orders/[token].astro';
import { DEFAULT_SHOP_DETAILS } from '../../src/lib/site/site.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { paymentRequestCalls } from '../support/payment-requests.ts';

/**
 * The order page speaks of a balance only once the shop has asked for a payment (docs/decisions/0029-deposits.md): a
 * refund made without one (goodwill, today's only kind on an open order) lowers what the customer
 * pays and must not read as money owed.
 */
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe.each(DATABASE_KINDS)('the order page’s balance on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('says nothing is owed after a refund, and shows the balance once the shop asks for it', async () => {
    const hoodie = await variantOf(database.db, 'game-day-hoodie', 2);
    await setVariantStock(database.db, hoodie.variantId, 50);
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    const order = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, order.id, { email: 'goodwill@example.com', name: 'Gail Goodwill' });
    // A goodwill refund as the refunds module records it (its Stripe path is tested in order-refunds).
    await database.db.updateTable('orders').set({ refunded_cents: 1_500 }).where('id', '=', order.id).execute();
    const token = signLink('order', order.id);
    const answer = () => requestPage(OrderPage, `/orders/${token}`, { params: { token } });
    const page = async () => (await answer()).text();
    const formAction = async () =>
      ((await answer()).headers.get('content-security-policy') ?? '')
        .split('; ')
        .find((d) => d.startsWith('form-action'));

    const refunded = await page();
    expect(await formAction()).toBe("form-action 'self'");
    expect(refunded).toContain(`Paid so far: <strong>${usd(order.total_cents)}</strong>`);
    expect(refunded).not.toContain('Balance due');

    const made = await ask(order.id, { kind: 'amount', amount_cents: 1_000, note: 'Two more prints' });
    expect(made.status).toBe(201);
    const asked = await page();
    expect(asked).toContain(`Balance due: <strong>${usd(1_500)}</strong>`);
    expect(asked).toContain(`Pay ${usd(1_000)}`);
    // Pay posts to the page, which answers with Stripe Checkout's page: the policy lets it go on.
    expect(await formAction()).toBe("form-action 'self' https://checkout.stripe.com");
    // Its history says so, with what was asked.
    expect(asked).toContain(`${DEFAULT_SHOP_DETAILS.name} asked for a payment: “Payment, ${usd(1_000)}”`);
  });
});
