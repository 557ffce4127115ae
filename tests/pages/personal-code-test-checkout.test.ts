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
import { welcomeCodeFor } from '../support/personal-code.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';
import { testCheckoutPage } from '../support/test-checkout-pages.ts';

/*
 * docs/decisions/0013-trust-audit.md item 4 on the built-in test checkout (the embedded stand-in
 * for Stripe): an order a personal code bound to an address shows that address fixed and is paid for it only, as
 * Stripe's page does with customer_email.
 */
describe.each(DATABASE_KINDS)('paying a personal-code order on the built-in test checkout on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  let n = 0;
  const address = (name: string) => {
    n += 1;
    return `${name}.${kind}.${n}@example.com`;
  };
  const page = (sessionId: string) => testCheckoutPage(sessionId);
  const pay = (sessionId: string, form: Record<string, string> = {}) =>
    testCheckoutPage(sessionId, { intent: 'pay', fields: { ...TEST_CHECKOUT_CONTACT, ...form } });
  /** A pending order with the personal code of `email`, checked out as `as`. */
  async function personalOrder(email: string, as = email) {
    const code = await welcomeCodeFor(database.db, email);
    const res = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
      fulfillment: 'local',
      discountCode: code,
      email: as,
    });
    expect(res.status).toBe(201);
    return { code, sessionId: sessionIdOf(((await res.json()) as { url: string }).url) };
  }
  const codeRow = (code: string) =>
    database.db.selectFrom('discount_codes').select('total_uses').where('code', '=', code).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 2);
    await setVariantStock(database.db, hoodie.variantId, 1000);
  });
  afterAll(() => database.dispose());

  it('shows the address the code was sent to as a fixed (read-only) e-mail field', async () => {
    const email = address('fixed');
    const { sessionId } = await personalOrder(email, email.toUpperCase());
    const html = await (await page(sessionId)).text();
    expect(html).toMatch(new RegExp(`<input id="email" name="email" type="email" value="${email}" readonly`));
    expect(html).toContain('Your discount code was sent to this address');
    expect(html).not.toContain('E-mail for the receipt (optional)');
  });

  it('refuses to pay for another address: 400 with the reason, the order stays pending and the code unused', async () => {
    const email = address('refuse');
    const { code, sessionId } = await personalOrder(email);
    const res = await pay(sessionId, { email: `someone.else.${kind}@example.com` });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(
      /role="alert">This order&#39;s discount code was sent to [^<]+: it can only be paid for that address\./,
    );
    expect(html).toContain('aria-invalid="true"');
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');
    expect((await codeRow(code)).total_uses).toBe(0);
  });

  it('pays for the bound address when the buyer gives it with a +tag, or gives none, and the code is then used up', async () => {
    const email = address('payer');
    const [local, domain] = email.split('@') as [string, string];
    const first = await personalOrder(email);
    const res = await pay(first.sessionId, { email: `${local}+receipts@${domain}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/success?session_id=');
    expect(await orderBySession(database.db, first.sessionId)).toMatchObject({ status: 'paid', email });
    expect((await codeRow(first.code)).total_uses).toBe(1);
    const customer = await database.db.selectFrom('users').select('email').where('email', '=', email).execute();
    expect(customer).toEqual([{ email }]);

    // Usable once: the same address cannot use it again.
    const again = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
      fulfillment: 'local',
      discountCode: first.code,
      email,
    });
    expect(again.status).toBe(404);

    const other = address('silent');
    const second = await personalOrder(other);
    expect((await pay(second.sessionId)).status).toBe(303);
    expect(await orderBySession(database.db, second.sessionId)).toMatchObject({ status: 'paid', email: other });
  });
});
