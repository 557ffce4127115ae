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
import { TEST_CHECKOUT_CONTACT, TEST_CHECKOUT_PHONE } from '../support/test-checkout-contact.ts';
import { testCheckoutPage } from '../support/test-checkout-pages.ts';

/**
 * The built-in test checkout asks what Stripe Checkout asks
 * (docs/decisions/0028-owner-and-receipts.md): the ship-to address and phone of a shipped order,
 * the name and phone of a pickup order. A Pay missing any of it, or with one that does not read as
 * an address, is refused with each field's problem in words and leaves the order pending with
 * nothing stored; an accepted one stores them where the Stripe webhook does.
 */
describe.each(DATABASE_KINDS)('the test checkout asks for the address and phone on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
    await setVariantStock(database.db, hoodie.variantId, 50);
  });
  afterAll(() => database.dispose());

  async function placeOrder(fulfillment: 'shipping' | 'local') {
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
      fulfillment,
    });
    expect(res.status).toBe(201);
    return sessionIdOf(((await res.json()) as { url: string }).url);
  }
  const page = async (sessionId: string) => (await testCheckoutPage(sessionId)).text();
  const pay = (sessionId: string, fields: Record<string, string>) =>
    testCheckoutPage(sessionId, { intent: 'pay', fields });
  const stored = async (sessionId: string) => {
    const order = await orderBySession(database.db, sessionId);
    const row = await database.db
      .selectFrom('orders')
      .select(['status', 'phone', 'customer_name'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const shipping = await database.db
      .selectFrom('order_shipping')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    return { ...row, shipping };
  };

  it('asks a shipped order for the ship-to address and phone, each field labelled and required', async () => {
    const html = await page(await placeOrder('shipping'));
    expect(html).toContain('<legend>Shipping address</legend>');
    for (const [id, label] of [
      ['contact-name', 'Full name'],
      ['contact-address-line1', 'Address line 1'],
      ['contact-city', 'City'],
      ['contact-state', 'State'],
      ['contact-postal-code', 'ZIP code'],
      ['contact-phone', 'Phone'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]* required aria-required="true"`));
    }
    expect(html).toContain('<label for="contact-address-line2">Address line 2 (optional)</label>');
    expect(html).toContain('<option value="TX">Texas</option>');
  });

  it('asks a pickup order for the name and phone only', async () => {
    const html = await page(await placeOrder('local'));
    expect(html).toContain('<legend>Local pickup: your contact</legend>');
    expect(html).toContain('<label for="contact-name">Full name</label>');
    expect(html).toContain('<label for="contact-phone">Phone</label>');
    expect(html).not.toContain('Address line 1');
  });

  it('refuses a Pay without the address and phone, naming each missing field, and stores nothing', async () => {
    const sessionId = await placeOrder('shipping');
    const res = await pay(sessionId, { email: 'ship.me@example.com' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/role="alert">Not paid yet: 6 fields need your attention\./);
    for (const message of [
      'Enter the name to ship to.',
      'Enter the street address.',
      'Enter the city.',
      'Choose the state.',
      'Enter the ZIP code.',
      'Enter your phone number.',
    ]) {
      expect(html).toContain(`class="field-error">${message}</p>`);
    }
    expect(html).toMatch(/id="contact-city"[^>]* aria-invalid="true" aria-describedby="contact-city-error"/);
    // What was typed comes back: the e-mail stays in its field.
    expect(html).toContain('value="ship.me@example.com"');
    expect(await stored(sessionId)).toEqual({
      status: 'pending',
      phone: null,
      customer_name: null,
      shipping: undefined,
    });
  });

  it('refuses a phone, ZIP or state that is not one, keeping what was typed, and stores nothing', async () => {
    const sessionId = await placeOrder('shipping');
    const res = await pay(sessionId, {
      ...TEST_CHECKOUT_CONTACT,
      phone: '12345',
      postal_code: '9720',
      state: 'ZZ',
      address_line1: '<script>alert(1)</script>',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter a phone number such as (555) 555-0123, or +44 20 7946 0958 outside the US.');
    expect(html).toContain('Enter a 5-digit ZIP code, such as 97201.');
    expect(html).toContain('Choose a US state from the list.');
    expect(html).toContain('Use letters, numbers and punctuation only.');
    // Markup typed in a field comes back as the field's quoted value only, never as markup.
    expect(html.split('<script>alert(1)</script>')).toHaveLength(2);
    expect(html).toContain('value="<script>alert(1)</script>"');
    expect(html).toContain('value="Portland"');
    expect(await stored(sessionId)).toEqual({
      status: 'pending',
      phone: null,
      customer_name: null,
      shipping: undefined,
    });
  });

  it('stores the ship-to address and the phone where the Stripe webhook stores them', async () => {
    const sessionId = await placeOrder('shipping');
    const res = await pay(sessionId, {
      ...TEST_CHECKOUT_CONTACT,
      address_line2: 'Suite 300',
      email: 'dana@example.com',
    });
    expect(res.status).toBe(303);
    const after = await stored(sessionId);
    expect(after).toMatchObject({ status: 'paid', phone: TEST_CHECKOUT_PHONE, customer_name: 'Dana Whitfield' });
    expect(after.shipping).toMatchObject({
      name: 'Dana Whitfield',
      address_line1: '1200 SW Main St',
      address_line2: 'Suite 300',
      city: 'Portland',
      state: 'OR',
      postal_code: '97205',
      country: 'US',
    });
  });

  it('stores a pickup order’s name and phone, with no ship-to address', async () => {
    const sessionId = await placeOrder('local');
    const res = await pay(sessionId, { name: 'Sam Ortiz', phone: '+44 20 7946 0958' });
    expect(res.status).toBe(303);
    expect(await stored(sessionId)).toEqual({
      status: 'paid',
      phone: '+442079460958',
      customer_name: 'Sam Ortiz',
      shipping: undefined,
    });
  });
});
