import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import buyNow from '../../netlify/functions/buy-now.mts';
import checkoutSession from '../../netlify/functions/checkout-session.mts';
import discountValidate from '../../netlify/functions/discount-validate.mts';
import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  productBySlug,
  sessionIdOf,
  setVariantStock,
  shopState,
  type VariantFixture,
  variantOf,
  variantStock,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const checkout = (body: unknown) => postJson(cartCheckout, '/api/cart/checkout', body);
const line = (v: VariantFixture, quantity: number, extra: Record<string, unknown> = {}) => ({
  productId: v.productId,
  colorId: v.colorId,
  sizeId: v.sizeId,
  quantity,
  ...extra,
});
const act = (sessionId: string, intent: 'pay' | 'cancel', form: Record<string, string> = {}) =>
  // Pay sends what the page asks (name, phone, ship-to address) unless a test says otherwise.
  answerTestCheckout(sessionId, { intent, fields: intent === 'pay' ? { ...TEST_CHECKOUT_CONTACT, ...form } : form });

describe.each(DATABASE_KINDS)('checkout API with the built-in test checkout on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  let tee: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie');
    tee = await variantOf(database.db, 'west-texas-energy-tee', 3);
  });
  afterAll(() => database.dispose());

  /** Places a one-line cart order of `qty` pieces and answers its session id. */
  async function placeOrder(v: VariantFixture, qty: number, extra: Record<string, unknown> = {}) {
    const res = await checkout({ items: [line(v, qty)], fulfillment: 'shipping', ...extra });
    expect(res.status).toBe(201);
    return sessionIdOf(((await res.json()) as { url: string }).url);
  }

  it('stores a pending order priced from the database, reserves stock and answers the test checkout url', async () => {
    const tote = await productBySlug(database.db, 'farmers-market-tote');
    await setVariantStock(database.db, hoodie.variantId, 10);
    const res = await checkout({
      cartId: null,
      items: [line(hoodie, 2, { price_cents: 1 }), { productId: tote.id, quantity: 3, price_cents: 1 }],
      fulfillment: 'shipping',
      shippingSpeed: 'express',
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:4321\/test-checkout\/test_[0-9a-f-]{36}$/);

    const order = await orderBySession(database.db, sessionIdOf(url));
    const expected = priceCart({
      lines: [
        { unit_price_cents: hoodie.priceCents, quantity: 2 },
        { unit_price_cents: tote.price_cents, quantity: 3 },
      ],
      fulfillment: 'shipping',
      shippingSpeed: 'express',
      discount: null,
    });
    expect(order).toMatchObject({
      status: 'pending',
      payment_provider: 'embedded',
      fulfillment: 'shipping',
      shipping_speed: 'express',
      subtotal_cents: expected.subtotal_cents,
      shipping_cents: expected.shipping_cents,
      tax_cents: expected.tax_cents,
      total_cents: expected.total_cents,
    });
    expect(order.subtotal_cents).toBe(hoodie.priceCents * 2 + tote.price_cents * 3);
    expect(order.expires_at!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

    const items = await database.db
      .selectFrom('order_items')
      .select(['name', 'quantity', 'unit_price_cents', 'variant_metadata', 'color_id', 'size_id'])
      .where('order_id', '=', order.id)
      .orderBy('name')
      .execute();
    expect(items).toEqual(
      [
        {
          name: tote.name,
          quantity: 3,
          unit_price_cents: tote.price_cents,
          variant_metadata: {},
          color_id: null,
          size_id: null,
        },
        {
          name: hoodie.productName,
          quantity: 2,
          unit_price_cents: hoodie.priceCents,
          variant_metadata: { color: hoodie.colorName, size: hoodie.sizeName },
          color_id: hoodie.colorId,
          size_id: hoodie.sizeId,
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(await variantStock(database.db, hoodie.variantId)).toBe(8);
    expect((await productBySlug(database.db, 'farmers-market-tote')).stock_qty).toBe(tote.stock_qty! - 3);
  });

  it('refuses bad lines with a clear code and stores or reserves nothing', async () => {
    await setVariantStock(database.db, hoodie.variantId, 4);
    await setVariantStock(database.db, tee.variantId, 2);
    const inactive = await productBySlug(database.db, 'ugly-sweater-tee-2025');
    const before = await shopState(database.db);
    const unknownId = '00000000-0000-4000-8000-000000000000';

    const cases: [unknown, number, string, string[]][] = [
      [{ items: [line(hoodie, 1, { colorId: unknownId })] }, 409, 'product_unavailable', ['items.0.colorId']],
      [{ items: [line(hoodie, 1, { sizeId: unknownId })] }, 409, 'product_unavailable', ['items.0.sizeId']],
      [{ items: [line(hoodie, 1, { sizeId: null })] }, 400, 'invalid_input', ['items.0.sizeId']],
      [
        { items: [line(hoodie, 1), { productId: inactive.id, quantity: 1 }] },
        409,
        'product_unavailable',
        ['items.1.productId'],
      ],
      [{ items: [{ productId: unknownId, quantity: 1 }] }, 409, 'product_unavailable', ['items.0.productId']],
      // The first line fits, the second does not: the first one's reservation is rolled back too.
      [{ items: [line(hoodie, 4), line(tee, 3)] }, 409, 'out_of_stock', ['items.1.quantity']],
      [{ items: [line(hoodie, 3), line(hoodie, 2)] }, 409, 'out_of_stock', ['items.1.quantity']],
      [{ items: [line(hoodie, 1)], discountCode: 'NOPE-NOT-A-CODE' }, 404, 'invalid_discount', ['discountCode']],
      [{ items: [line(hoodie, 1)], discountCode: 'HOWDY25' }, 404, 'invalid_discount', ['discountCode']],
      [{ items: [line(hoodie, 0)] }, 400, 'invalid_input', ['items.0.quantity']],
      [{ items: [] }, 400, 'invalid_input', ['items']],
    ];
    for (const [body, status, code, fields] of cases) {
      const res = await checkout({ fulfillment: 'shipping', ...(body as object) });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe(code);
      expect(Object.keys(error.fields ?? {})).toEqual(fields);
    }
    const short = (await (await checkout({ items: [line(tee, 3)], fulfillment: 'local' })).json()) as ErrorBody;
    expect(short.error.fields).toEqual({ 'items.0.quantity': expect.stringMatching(/^Only 2 left of /) });

    expect(await shopState(database.db)).toEqual(before);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(4);
  });

  it('a 409 names each line it is about and what is left of it, so the cart can offer a fix', async () => {
    await setVariantStock(database.db, hoodie.variantId, 4);
    await setVariantStock(database.db, tee.variantId, 2);
    const inactive = await productBySlug(database.db, 'ugly-sweater-tee-2025');
    const before = await shopState(database.db);
    const label = (v: VariantFixture) => `${v.productName} (${v.colorName}, ${v.sizeName})`;
    const ref = (v: VariantFixture) => ({ productId: v.productId, colorId: v.colorId, sizeId: v.sizeId });

    const short = await checkout({ items: [line(hoodie, 1), line(tee, 3)], fulfillment: 'local' });
    expect(short.status).toBe(409);
    const { error } = (await short.json()) as ErrorBody & { error: { lines: unknown[] } };
    expect(error.code).toBe('out_of_stock');
    expect(error.message).toBe(`Only 2 left of ${label(tee)}.`);
    expect(error.lines).toEqual([{ index: 1, ...ref(tee), available: 2, message: `Only 2 left of ${label(tee)}.` }]);

    await setVariantStock(database.db, tee.variantId, 0);
    const gone = await checkout({
      items: [line(tee, 1), { productId: inactive.id, quantity: 1 }],
      fulfillment: 'local',
    });
    const body = (await gone.json()) as ErrorBody & { error: { lines: unknown[] } };
    expect(body.error.code).toBe('product_unavailable');
    expect(body.error.lines).toEqual([
      {
        index: 1,
        productId: inactive.id,
        colorId: null,
        sizeId: null,
        available: 0,
        message: `${inactive.name} is no longer available.`,
      },
    ]);
    const soldOut = (await (await checkout({ items: [line(tee, 1)], fulfillment: 'local' })).json()) as ErrorBody & {
      error: { lines: unknown[] };
    };
    expect(soldOut.error.lines).toEqual([
      { index: 0, ...ref(tee), available: 0, message: `${label(tee)} is sold out.` },
    ]);
    await setVariantStock(database.db, tee.variantId, 2);
    expect(await shopState(database.db)).toEqual(before);
  });

  it('buys one item now, with local handoff and no shipping, naming its own fields in errors', async () => {
    await setVariantStock(database.db, tee.variantId, 5);
    const res = await postJson(buyNow, '/api/checkout', {
      productId: tee.productId,
      quantity: 2,
      color_id: tee.colorId,
      size_id: tee.sizeId,
      fulfillment: 'local',
      shippingSpeed: 'overnight',
    });
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    const expected = priceCart({
      lines: [{ unit_price_cents: tee.priceCents, quantity: 2 }],
      fulfillment: 'local',
      shippingSpeed: 'overnight',
      discount: null,
    });
    expect(order).toMatchObject({
      fulfillment: 'local',
      shipping_speed: null,
      shipping_cents: 0,
      total_cents: expected.total_cents,
    });
    expect(await variantStock(database.db, tee.variantId)).toBe(3);

    const bad = await postJson(buyNow, '/api/checkout', {
      productId: tee.productId,
      quantity: 9,
      color_id: tee.colorId,
      size_id: tee.sizeId,
      fulfillment: 'shipping',
    });
    expect(bad.status).toBe(409);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({ quantity: expect.any(String) });
    const noSize = await postJson(buyNow, '/api/checkout', {
      productId: tee.productId,
      quantity: 1,
      color_id: tee.colorId,
      fulfillment: 'shipping',
    });
    expect(noSize.status).toBe(400);
    expect(Object.keys(((await noSize.json()) as ErrorBody).error.fields!)).toEqual(['size_id']);
  });

  it('applies a promo code with the shared pricing module', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const code = await database.db
      .selectFrom('discount_codes')
      .select(['type', 'amount_cents'])
      .where('code', '=', 'WELCOME10')
      .executeTakeFirstOrThrow();
    const sessionId = await placeOrder(hoodie, 3, { discountCode: 'welcome10', shippingSpeed: 'standard' });
    const order = await orderBySession(database.db, sessionId);
    const expected = priceCart({
      lines: [{ unit_price_cents: hoodie.priceCents, quantity: 3 }],
      fulfillment: 'shipping',
      shippingSpeed: 'standard',
      discount: code,
    });
    expect(order.discount_cents).toBeGreaterThan(0);
    expect(order).toMatchObject({
      discount_code: 'WELCOME10',
      subtotal_cents: expected.subtotal_cents,
      discount_cents: expected.discount_cents,
      shipping_cents: expected.shipping_cents,
      tax_cents: expected.tax_cents,
      total_cents: expected.total_cents,
    });
  });

  it('pays once: Pay marks the order paid, counts the promo use and redirects to /success; a second Pay changes nothing', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const uses = async () =>
      (
        await database.db
          .selectFrom('discount_codes')
          .select('total_uses')
          .where('code', '=', 'SAVE10')
          .executeTakeFirstOrThrow()
      ).total_uses;
    const sessionId = await placeOrder(hoodie, 1, { discountCode: 'SAVE10' });
    const usesBefore = await uses();

    const invalid = await act(sessionId, 'pay', { email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect((await orderBySession(database.db, sessionId)).status).toBe('pending');

    const paid = await act(sessionId, 'pay', { email: 'ada@example.com' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:4321/success?session_id=${sessionId}`);
    const order = await orderBySession(database.db, sessionId);
    expect(order).toMatchObject({ status: 'paid', email: 'ada@example.com' });
    expect(order.paid_at).toBeInstanceOf(Date);
    expect(await uses()).toBe(usesBefore + 1);

    const again = await act(sessionId, 'pay');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`http://localhost:4321/success?session_id=${sessionId}`);
    const after = await orderBySession(database.db, sessionId);
    expect(after.paid_at).toEqual(order.paid_at);
    expect(after.email).toBe('ada@example.com');
    expect(await uses()).toBe(usesBefore + 1);
    // Cancel after payment does not release anything either.
    const stock = await variantStock(database.db, hoodie.variantId);
    expect((await act(sessionId, 'cancel')).headers.get('location')).toMatch(/\/success\?session_id=/);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(stock);
    expect((await orderBySession(database.db, sessionId)).status).toBe('paid');
  });

  it('cancels: Cancel releases the stock once and redirects to /cancel', async () => {
    await setVariantStock(database.db, hoodie.variantId, 6);
    const sessionId = await placeOrder(hoodie, 4);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(2);

    const res = await act(sessionId, 'cancel');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:4321/cancel');
    const order = await orderBySession(database.db, sessionId);
    expect(order.status).toBe('cancelled');
    expect(order.cancelled_at).toBeInstanceOf(Date);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(6);

    await act(sessionId, 'cancel');
    expect((await act(sessionId, 'pay')).headers.get('location')).toBe('http://localhost:4321/cancel');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(6);
    expect((await orderBySession(database.db, sessionId)).status).toBe('cancelled');
  });

  it('answers the session in the CheckoutSessionView shape, before and after payment', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const sessionId = await placeOrder(hoodie, 2);
    const lookup = () => callFunction(checkoutSession, `/api/checkout/session?session_id=${sessionId}`);
    const open = (await (await lookup()).json()) as CheckoutSessionView;
    const order = await orderBySession(database.db, sessionId);
    expect(open).toEqual({
      id: sessionId,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: order.total_cents,
      line_items: {
        data: [
          {
            id: expect.any(String),
            description: `${hoodie.productName} (${hoodie.colorName}, ${hoodie.sizeName})`,
            name: hoodie.productName,
            quantity: 2,
            amount_subtotal: hoodie.priceCents * 2,
            amount_total: hoodie.priceCents * 2,
            // The line's picture: the hoodie's colour has none of its own, so its main image.
            image_url: '/images/products/game-day-hoodie.webp',
          },
        ],
      },
      // The shop's addition: the order's pieces (no print locations, so no designs)...
      pieces: 2,
      // ...and its receipt, without the status page's link until it is paid.
      receipt: expect.objectContaining({ order_url: null, total_cents: order.total_cents }),
    });
    await act(sessionId, 'pay');
    expect(await (await lookup()).json()).toMatchObject({ status: 'complete', payment_status: 'paid' });

    const unknown = await callFunction(checkoutSession, '/api/checkout/session?session_id=cs_test_nope');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe('not_found');
    expect((await callFunction(checkoutSession, '/api/checkout/session')).status).toBe(400);
  });

  it('gives a checkout short of stock what lapsed orders held: they are cancelled and it is tried again', async () => {
    await setVariantStock(database.db, hoodie.variantId, 5);
    await setVariantStock(database.db, tee.variantId, 5);
    const lapsed = await placeOrder(hoodie, 3);
    expect(await variantStock(database.db, hoodie.variantId)).toBe(2);
    await database.db
      .updateTable('orders')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('payment_session_id', '=', lapsed)
      .execute();
    // A lapsed order can no longer be paid, even before the sweep reaches it (the page says so:
    // tests/pages/test-checkout.test.ts).
    expect(
      await (await callFunction(checkoutSession, `/api/checkout/session?session_id=${lapsed}`)).json(),
    ).toMatchObject({
      status: 'expired',
    });

    // A checkout that does not need its stock leaves it to the scheduled sweep.
    await placeOrder(tee, 1);
    expect((await orderBySession(database.db, lapsed)).status).toBe('pending');
    expect(await variantStock(database.db, tee.variantId)).toBe(4);
    // 4 hoodies: only 2 on the shelf, 3 more held by the lapsed order, so it is released first.
    const fresh = await placeOrder(hoodie, 4);
    expect((await orderBySession(database.db, lapsed)).status).toBe('cancelled');
    expect((await orderBySession(database.db, fresh)).status).toBe('pending');
    expect(await variantStock(database.db, hoodie.variantId)).toBe(1);
    // Nothing lapsed: short is short, with what is left.
    const short = await checkout({ items: [line(hoodie, 2)], fulfillment: 'local' });
    expect(short.status).toBe(409);
    expect(((await short.json()) as ErrorBody).error.message).toMatch(/^Only 1 left of /);
    // Seeded pending orders that have not lapsed are left alone.
    const seeded = await database.db
      .selectFrom('orders')
      .select('status')
      .where('payment_session_id', '=', 'cs_test_demo_0010')
      .executeTakeFirstOrThrow();
    expect(seeded.status).toBe('pending');
  });

  it('validates promo codes: usable ones answer their discount, every other one the same 404', async () => {
    const validate = (code: string, ip = '127.0.0.1') =>
      callFunction(discountValidate, '/api/discount-codes/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
        ip,
      });
    const ok = await validate(' save10 ');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ code: 'SAVE10', type: 'fixed', amount_cents: 1000, requires_email: false });
    expect(await (await validate('FreeShip')).json()).toMatchObject({ type: 'free_shipping', amount_cents: 0 });

    // Unknown, inactive and used up: one answer, byte for byte, so nothing is learned about codes.
    const refusals: string[] = [];
    for (const code of ['NO-SUCH-CODE', 'RODEO2025', 'HOWDY25']) {
      const res = await validate(code);
      expect(res.status).toBe(404);
      refusals.push(await res.text());
    }
    expect(new Set(refusals).size).toBe(1);
    expect(JSON.parse(refusals[0]!)).toEqual({
      error: { code: 'invalid_discount', message: 'That code is invalid or expired.' },
    });
    // Checkout refuses them with the same message, naming its field.
    await setVariantStock(database.db, hoodie.variantId, 5);
    for (const code of ['NO-SUCH-CODE', 'RODEO2025', 'HOWDY25']) {
      const res = await checkout({ items: [line(hoodie, 1)], fulfillment: 'shipping', discountCode: code });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: {
          code: 'invalid_discount',
          message: 'That code is invalid or expired.',
          fields: { discountCode: 'That code is invalid or expired.' },
        },
      });
    }
    expect((await validate('')).status).toBe(400);
  });

  it('holds the last use of a code for its pending order, and frees it when that order lapses or is cancelled', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    await database.db
      .insertInto('discount_codes')
      .values({ code: `ONCE-${kind}`, name: 'Once', type: 'percentage', amount_cents: 1500, max_uses: 1 })
      .execute();
    const code = `once-${kind}`;
    const validate = () => postJson(discountValidate, '/api/discount-codes/validate', { code });
    expect((await validate()).status).toBe(200);

    const held = await placeOrder(hoodie, 1, { discountCode: code });
    // While that order can still be paid, nobody else gets the code (the same 404 as any other).
    expect((await validate()).status).toBe(404);
    const second = await checkout({ items: [line(hoodie, 1)], fulfillment: 'shipping', discountCode: code });
    expect(second.status).toBe(404);

    // Lapsed (past expires_at, not yet swept): the use is free again.
    await database.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('payment_session_id', '=', held)
      .execute();
    expect((await validate()).status).toBe(200);
    const next = await placeOrder(hoodie, 1, { discountCode: code });
    expect((await orderBySession(database.db, held)).status).toBe('pending');

    // Cancelled: free again; paid: spent.
    await act(next, 'cancel');
    expect((await validate()).status).toBe(200);
    const last = await placeOrder(hoodie, 1, { discountCode: code });
    expect((await act(last, 'pay')).status).toBe(303);
    expect((await validate()).status).toBe(404);
    const row = await database.db
      .selectFrom('discount_codes')
      .select('total_uses')
      .where('code', '=', `ONCE-${kind}`)
      .executeTakeFirstOrThrow();
    expect(row.total_uses).toBe(1);
  });

  it('throttles promo-code checks per client: the 21st in 10 minutes is 429 with Retry-After', async () => {
    const validate = (code: string, ip: string) =>
      callFunction(discountValidate, '/api/discount-codes/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
        ip,
      });
    const guesser = `203.0.113.${kind === 'pglite' ? 7 : 8}`;
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await validate(`GUESS-${i}`, guesser)).status);
    expect(answers.every((s) => s === 404)).toBe(true);
    // Past the limit even a valid code is refused, so guessing cannot go on.
    const throttled = await validate('SAVE10', guesser);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await throttled.json()) as ErrorBody).error.code).toBe('throttled');
    // Another client is not affected.
    expect((await validate('SAVE10', '198.51.100.1')).status).toBe(200);
  });

  it('records the customer when the test checkout is paid with an e-mail, and links the order', async () => {
    await setVariantStock(database.db, hoodie.variantId, 10);
    const user = (email: string) =>
      database.db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();

    // A new customer.
    const first = await placeOrder(hoodie, 1);
    expect((await act(first, 'pay', { email: 'New.Buyer@Example.com' })).status).toBe(303);
    const created = await user('new.buyer@example.com');
    expect(created).toMatchObject({ email: 'New.Buyer@Example.com', role: 'customer' });
    expect((await orderBySession(database.db, first)).user_id).toBe(created!.id);

    // The same customer again, in another letter case: the same row, linked again.
    const second = await placeOrder(hoodie, 1);
    expect((await act(second, 'pay', { email: 'new.buyer@example.com' })).status).toBe(303);
    expect((await orderBySession(database.db, second)).user_id).toBe(created!.id);
    const rows = await database.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', 'new.buyer@example.com')
      .execute();
    expect(rows).toHaveLength(1);

    // An admin who buys stays an admin.
    const third = await placeOrder(hoodie, 1);
    expect((await act(third, 'pay', { email: 'renee.castillo@example.com' })).status).toBe(303);
    const admin = await user('renee.castillo@example.com');
    expect(admin).toMatchObject({ role: 'admin', full_name: 'Renee Castillo' });
    expect((await orderBySession(database.db, third)).user_id).toBe(admin!.id);

    // Paying without an e-mail records no one.
    const anonymous = await placeOrder(hoodie, 1);
    expect((await act(anonymous, 'pay')).status).toBe(303);
    expect((await orderBySession(database.db, anonymous)).user_id).toBeNull();
  });
});
