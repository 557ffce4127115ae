import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { listCheckout, seedListPricedShop, teeLineOf } from '../support/list-priced-shop.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';
import { testCheckoutPage } from '../support/test-checkout-pages.ts';

/**
 * The built-in test checkout of a cart (src/pages/test-checkout/[sessionId].astro), rendered per
 * request with the site's layout: the order, its total, Pay and Cancel posting back to the page;
 * a checkout that is over says so; anything that is not an open test checkout is the 404 page.
 */
describe.each(DATABASE_KINDS)('the test checkout page on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
    await setVariantStock(database.db, hoodie.variantId, 100);
  });
  afterAll(() => database.dispose());

  async function placeOrder(quantity: number, extra: Record<string, unknown> = {}) {
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity }],
      fulfillment: 'shipping',
      ...extra,
    });
    expect(res.status).toBe(201);
    return sessionIdOf(((await res.json()) as { url: string }).url);
  }

  it('shows the order, its total, Pay and Cancel in the site’s layout, never cached', async () => {
    const sessionId = await placeOrder(2, { discountCode: 'SAVE10' });
    const order = await orderBySession(database.db, sessionId);
    const res = await testCheckoutPage(sessionId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Test checkout \| West Texas Prints<\/title>/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<a class="skip-link" href="#main">');
    expect(html).toContain('<h1>Test checkout</h1>');
    expect(html).toContain(`${hoodie.productName} (${hoodie.colorName}, ${hoodie.sizeName})`);
    expect(html).toContain(`$${(order.total_cents / 100).toFixed(2)}`);
    expect(html).toContain('Discount (SAVE10)');
    expect(html).toMatch(/No card is charged/);
    // Both forms post back to the page; the shop checks the fields and names each problem in words.
    expect(html).toContain('<form method="post" novalidate><input type="hidden" name="intent" value="pay">');
    expect(html).toContain('<form method="post"><input type="hidden" name="intent" value="cancel">');
    expect(html).toMatch(/<button type="submit"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Cancel<\/button>/);
    expect(html).toContain('<label for="email">E-mail for the receipt (optional)</label>');
  });

  it('answers the same 404 page for an unknown session, another site’s post, or no intent', async () => {
    const sessionId = await placeOrder(1);
    const answers = [
      await testCheckoutPage('test_00000000-0000-4000-8000-000000000000'),
      await testCheckoutPage('cs_test_nope'),
      await testCheckoutPage(sessionId, {
        intent: 'pay',
        fields: TEST_CHECKOUT_CONTACT,
        headers: { origin: 'https://evil.example' },
      }),
      await testCheckoutPage(sessionId, { intent: 'cancel', headers: { origin: 'https://evil.example' } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<h1>Checkout not found</h1>');
      expect(html).toContain('<a href="/cart">Back to your cart</a>');
    }
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
  });

  it('refuses an invalid e-mail with the reason, keeps what was typed, and records nothing', async () => {
    const sessionId = await placeOrder(1);
    const res = await testCheckoutPage(sessionId, {
      intent: 'pay',
      fields: { ...TEST_CHECKOUT_CONTACT, email: 'not-an-email' },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p id="email-error" class="field-error" role="alert">Enter a valid e-mail address.</p>');
    expect(html).toMatch(/id="email"[^>]* value="not-an-email" aria-invalid="true" aria-describedby="email-error"/);
    expect(html).toContain('value="Dana Whitfield"');
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
  });

  it('pays with a 303 to the success page, then shows the order paid with its receipt', async () => {
    const sessionId = await placeOrder(1);
    const res = await testCheckoutPage(sessionId, {
      intent: 'pay',
      fields: { ...TEST_CHECKOUT_CONTACT, email: 'page.payer@example.com' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:4321/success?session_id=${sessionId}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await orderBySession(database.db, sessionId)).status).toBe('paid');
    const html = await (await testCheckoutPage(sessionId)).text();
    expect(html).toContain('role="status">This order is paid. Thank you!</p>');
    expect(html).toContain(`<a href="/success?session_id=${sessionId}">See your receipt</a>`);
    expect(html).not.toContain('name="intent"');
  });

  it('cancels with a 303 to the cancel page; a cancelled or lapsed checkout says nothing was charged', async () => {
    const cancelled = await placeOrder(1);
    const res = await testCheckoutPage(cancelled, { intent: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:4321/cancel');
    expect((await orderBySession(database.db, cancelled)).status).toBe('cancelled');

    const lapsed = await placeOrder(1);
    await database.db
      .updateTable('orders')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('payment_session_id', '=', lapsed)
      .execute();
    for (const sessionId of [cancelled, lapsed]) {
      const html = await (await testCheckoutPage(sessionId)).text();
      expect(html).toContain('This checkout has expired or was cancelled; nothing was charged.');
      expect(html).not.toContain('name="intent"');
    }
  });

  it('answers a body it cannot read with the reason in words', async () => {
    const sessionId = await placeOrder(1);
    const res = await testCheckoutPage(sessionId, {
      intent: 'pay',
      fields: { name: 'x'.repeat(20 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('<h1>Something went wrong</h1>');
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
  });

  it('shows each list-priced line with what its price is made of', async () => {
    const shop = await seedListPricedShop(database.db);
    const res = await listCheckout([teeLineOf(shop)(shop.tee.m, 48)]);
    expect(res.status).toBe(201);
    const html = await (await testCheckoutPage(sessionIdOf(((await res.json()) as { url: string }).url))).text();
    expect(html).toContain('Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75');
    expect(html).toContain(`Screens, Front of ${shop.tee.name}: 2 × $15.00`);
  });
});
