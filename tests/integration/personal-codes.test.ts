import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import buyNow from '../../netlify/functions/buy-now.mts';
import discountValidate from '../../netlify/functions/discount-validate.mts';
import newsletter from '../../netlify/functions/newsletter.mts';
import { mailboxKey } from '../../src/lib/forms/mailbox.ts';
import { PERSONAL_CODE_MESSAGES } from '../../src/lib/cart/personal-code.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { subscribe } from '../../src/server/forms/newsletter.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  shopState,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { welcomeCodeFor as welcomeCode } from '../support/personal-code.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.13.4.${ipCounter}`;
};

/*
 * docs/decisions/0013-trust-audit.md item 4: a newsletter welcome code is personal. One code per mailbox (case and +tag
 * folded), usable once, and only by an order for that address; the validate call says a code is
 * personal without naming its address; a checkout with another address stores nothing.
 * (Paying such an order: personal-code-payment.test.ts.)
 */
describe.each(DATABASE_KINDS)('personal (newsletter welcome) codes on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  let n = 0;
  /** A new address of this run (unique per test and database kind). */
  const address = (name: string) => {
    n += 1;
    return `${name}.${kind}.${n}@example.com`;
  };

  const welcomeCodeFor = (email: string) => welcomeCode(database.db, email);
  const checkout = (body: Record<string, unknown>) =>
    postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 1 }],
      fulfillment: 'shipping',
      ...body,
    });
  const validate = (code: string) =>
    callFunction(discountValidate, '/api/discount-codes/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
      ip: freshIp(),
    });
  const codesOfMailbox = async (email: string) =>
    database.db
      .selectFrom('discount_codes')
      .select(['code', 'email', 'max_uses'])
      .where(sql`public.mailbox_key(email)`, '=', mailboxKey(email))
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
    await setVariantStock(database.db, hoodie.variantId, 1000);
  });
  afterAll(() => database.dispose());

  describe('sign-up', () => {
    it('mints one single-use code per mailbox: a repeat sign-up in other case or with a +tag mints none', async () => {
      const email = address('sam');
      const [local, domain] = email.split('@') as [string, string];
      for (const variant of [email, `${local.toUpperCase()}@${domain.toUpperCase()}`, `${local}+shop@${domain}`]) {
        const res = await callFunction(newsletter, '/api/newsletter', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: variant }),
          ip: freshIp(),
        });
        expect(res.status).toBe(200);
      }
      expect(await codesOfMailbox(email)).toEqual([expect.objectContaining({ email, max_uses: 1 })]);
      const subscribers = await database.db
        .selectFrom('newsletter_subscribers')
        .select('email')
        .where(sql`public.mailbox_key(email)`, '=', mailboxKey(email))
        .execute();
      expect(subscribers).toEqual([{ email }]);
      const mails = await database.db
        .selectFrom('email_outbox')
        .select('to_address')
        .where(sql`public.mailbox_key(to_address)`, '=', mailboxKey(email))
        .execute();
      expect(mails).toHaveLength(1);
    });

    it('mints one code when variants of one mailbox sign up at the same moment', async () => {
      // On PostgreSQL (10 pooled connections) the sign-ups truly overlap; PGlite runs them in turn.
      for (let round = 0; round < 3; round += 1) {
        const email = address('rush');
        const [local, domain] = email.split('@') as [string, string];
        const variants = [email, ...Array.from({ length: 7 }, (_, i) => `${local}+tag${i}@${domain}`)];
        const results = await Promise.all(
          variants.map((v) => subscribe(database.db, v, { siteUrl: 'http://localhost:4321' })),
        );
        expect(results.filter((r) => r.created)).toHaveLength(1);
        expect(await codesOfMailbox(email)).toHaveLength(1);
      }
    });

    it('folds addresses in the database exactly as the shop does in TypeScript', async () => {
      const samples = ['Sam+Shop@Example.COM', ' a.b+c+d@x.io ', 'JOSÉ+x@Exämple.de', 'plain@example.com'];
      for (const sample of samples) {
        const { rows } = await sql<{ key: string }>`select public.mailbox_key(${sample}) as key`.execute(database.db);
        expect(rows[0]!.key, sample).toBe(mailboxKey(sample));
      }
    });
  });

  describe('POST /api/discount-codes/validate', () => {
    it('says a personal code needs its e-mail address without naming the address', async () => {
      const email = address('quinn');
      const code = await welcomeCodeFor(email);
      const res = await validate(code.toLowerCase());
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code, type: 'percentage', amount_cents: 1000, requires_email: true });
      expect(text).not.toContain(email.split('@')[0]);
    });

    it('answers requires_email false for a code anyone may use', async () => {
      const res = await validate('WELCOME10');
      expect(await res.json()).toMatchObject({ code: 'WELCOME10', requires_email: false });
    });
  });

  describe('POST /api/cart/checkout with a personal code', () => {
    it('refuses a checkout without an e-mail address (400 on the email field) and stores nothing', async () => {
      const code = await welcomeCodeFor(address('nomail'));
      const before = await shopState(database.db);
      const res = await checkout({ discountCode: code });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toMatchObject({
        code: 'invalid_input',
        fields: { email: PERSONAL_CODE_MESSAGES.emailRequired },
      });
      expect(await shopState(database.db)).toEqual(before);
    });

    it('refuses a malformed e-mail address with 400 and stores nothing', async () => {
      const code = await welcomeCodeFor(address('malformed'));
      const before = await shopState(database.db);
      for (const email of ['not-an-address', 'a@bc', '', `${'x'.repeat(250)}@example.com`]) {
        const res = await checkout({ discountCode: code, email });
        expect(res.status, email).toBe(400);
        expect(((await res.json()) as ErrorBody).error.fields).toHaveProperty('email');
      }
      expect(await shopState(database.db)).toEqual(before);
    });

    it('refuses another mailbox with 403 discount_email_mismatch, names no address and holds nothing', async () => {
      const email = address('owner');
      const code = await welcomeCodeFor(email);
      const before = await shopState(database.db);
      const res = await checkout({ discountCode: code, email: `someone.else.${kind}@example.com` });
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 'discount_email_mismatch',
          message: PERSONAL_CODE_MESSAGES.mismatch,
          fields: { email: PERSONAL_CODE_MESSAGES.mismatch },
        },
      });
      expect(text).not.toContain(email.split('@')[0]);
      expect(await shopState(database.db)).toEqual(before);
      // No claim was taken: the owner can still use it.
      expect((await checkout({ discountCode: code, email })).status).toBe(201);
    });

    it('binds the order to the address the code was sent to when the buyer gives it in other case or with a +tag', async () => {
      const email = address('bound');
      const [local, domain] = email.split('@') as [string, string];
      const code = await welcomeCodeFor(email);
      const res = await checkout({ discountCode: code, email: `${local.toUpperCase()}+shop@${domain}` });
      expect(res.status).toBe(201);
      const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
      expect(order).toMatchObject({ discount_code: code, discount_email: email, email, status: 'pending' });
      expect(order.discount_cents).toBeGreaterThan(0);
    });

    it('is usable once: a second checkout for the same address is refused while the first holds it', async () => {
      const email = address('once');
      const code = await welcomeCodeFor(email);
      expect((await checkout({ discountCode: code, email })).status).toBe(201);
      const again = await checkout({ discountCode: code, email });
      expect(again.status).toBe(404);
      expect(((await again.json()) as ErrorBody).error.code).toBe('invalid_discount');
    });

    it('leaves an order with a code anyone may use unbound, whatever e-mail is sent', async () => {
      const res = await checkout({ discountCode: 'WELCOME10', email: `anyone.${kind}@example.com` });
      expect(res.status).toBe(201);
      const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
      expect(order.discount_email).toBeNull();
      expect(order.email).toBe('guest@checkout.invalid');
    });
  });

  it('Buy Now takes no promo code at all, so no personal code reaches checkout that way', async () => {
    const code = await welcomeCodeFor(address('buynow'));
    const before = await shopState(database.db);
    const res = await postJson(buyNow, '/api/checkout', {
      productId: hoodie.productId,
      color_id: hoodie.colorId,
      size_id: hoodie.sizeId,
      quantity: 1,
      fulfillment: 'local',
      discountCode: code,
    });
    expect(res.status).toBe(400);
    expect(await shopState(database.db)).toEqual(before);
  });
});
