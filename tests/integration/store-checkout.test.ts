import { formatUsd } from '../../src/lib/money.ts';
import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import storeCheckout from '../../netlify/functions/store-checkout.mts';
import storeProgressFn from '../../netlify/functions/store-progress.mts';
import { hashPassword } from '../../src/server/auth/password-hash.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, sessionIdOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { createStore, type StoreFixture, storeCheckoutBody } from '../support/store-fixtures.ts';
import { answerTestCheckout } from '../support/test-checkout.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/** Issue 30: a buyer pays for their own pieces of a team store; the store's prices only, its rules. */

const HOUR = 3_600_000;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const checkoutAt = (slug: string, body: unknown) =>
  callFunction(storeCheckout, `/api/stores/${slug}/checkout`, {
    method: 'POST',
    params: { slug },
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const progress = async (slug: string) => {
  const res = await callFunction(storeProgressFn, `/api/stores/${slug}/progress`, { params: { slug } });
  return {
    status: res.status,
    body: (await res.json()) as { state: string; minimum: number; designs: { id: string; sold: number }[] },
  };
};

describe.each(DATABASE_KINDS)('store checkout on %s', (kind) => {
  let database: TestDatabase;
  let store: StoreFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    store = await createStore(database.db);
  });
  afterAll(() => database.dispose());

  const counts = async () => {
    const { rows } = await sql<{ orders: number; items: number; mail: number }>`
      select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items,
             (select count(*)::int from email_outbox) as mail`.execute(database.db);
    return rows[0]!;
  };

  async function refused(slug: string, body: unknown, status: number) {
    const before = await counts();
    const res = await checkoutAt(slug, body);
    const answer = (await res.json()) as ErrorBody;
    expect(res.status, JSON.stringify(answer)).toBe(status);
    expect(await counts()).toEqual(before);
    return answer.error;
  }

  it('stores a pending order priced from the store, with the design, personalisation and artwork of each line', async () => {
    const res = await checkoutAt(store.slug, storeCheckoutBody(store));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const order = await orderBySession(database.db, sessionIdOf(url));
    expect(order).toMatchObject({
      status: 'pending',
      store_id: store.storeId,
      fulfillment: 'local',
      email: 'ana.rivera@example.com',
      customer_name: 'Ana Rivera',
      // 2 × ($22.00 + $5.00 name + $3.00 number) = $60.00, and 8% tax.
      subtotal_cents: 6000,
      shipping_cents: 0,
      tax_cents: 480,
      total_cents: 6480,
    });
    const items = await database.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Eagles Tee', quantity: 2, unit_price_cents: 3000, item_type: 'product' });
    expect(items[0]!.variant_metadata).toEqual({
      color: 'White',
      size: 'L',
      locations: [{ code: 'front', name: 'Front', artwork_id: null }],
      store_design_id: store.designId,
      personalisation: { name: 'Rivera', number: '7' },
    });
  });

  it('ships to the buyer when the store ships, at standard shipping', async () => {
    const shipping = await createStore(database.db, { delivery: 'ship' });
    const res = await checkoutAt(shipping.slug, storeCheckoutBody(shipping, { name: null, number: null, quantity: 1 }));
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    expect(order).toMatchObject({
      fulfillment: 'shipping',
      shipping_speed: 'standard',
      subtotal_cents: 2200,
      shipping_cents: 500,
    });
  });

  it('refuses personalisation against the rules, options not offered and bad quantities, storing nothing', async () => {
    const line = (l: Record<string, unknown>) => storeCheckoutBody(store, l);
    expect((await refused(store.slug, line({ name: 'Maximiliano Rivera' }), 400)).fields).toEqual({
      'lines.0.name': 'A name can be at most 12 characters.',
    });
    expect((await refused(store.slug, line({ name: 'Ri\u0007vera' }), 400)).fields?.['lines.0.name']).toMatch(
      /only have letters/,
    );
    expect((await refused(store.slug, line({ name: 'R1vera' }), 400)).fields?.['lines.0.name']).toMatch(
      /only have letters/,
    );
    expect((await refused(store.slug, line({ number: '7a' }), 400)).fields).toEqual({
      'lines.0.number': 'A number can only have digits (0–9).',
    });
    expect((await refused(store.slug, line({ number: '123' }), 400)).fields).toEqual({
      'lines.0.number': 'A number can be at most 2 digits.',
    });
    expect((await refused(store.slug, line({ colorId: store.otherColorId }), 400)).fields).toEqual({
      'lines.0.colorId': 'Choose one of the colours offered for Eagles Tee.',
    });
    expect((await refused(store.slug, line({ sizeId: store.otherSizeId }), 400)).fields).toEqual({
      'lines.0.sizeId': 'Choose one of the sizes offered for Eagles Tee.',
    });
    expect((await refused(store.slug, line({ designId: crypto.randomUUID() }), 400)).fields).toEqual({
      'lines.0.designId': 'This design is not in this store.',
    });
    expect((await refused(store.slug, line({ quantity: 0 }), 400)).fields?.['lines.0.quantity']).toBe(
      'Order at least 1 piece.',
    );
    expect((await refused(store.slug, line({ quantity: 1.5 }), 400)).fields?.['lines.0.quantity']).toBeDefined();
    // A price from the browser is not part of the payload at all.
    expect((await refused(store.slug, line({ unit_price_cents: 1 }), 400)).code).toBe('invalid_input');
    expect((await refused(store.slug, { ...storeCheckoutBody(store), price_cents: 1 }, 400)).code).toBe(
      'invalid_input',
    );
  });

  it('answers 404 for an unknown or unapproved store and 409 in words for one not open', async () => {
    await refused('no-such-store', storeCheckoutBody(store), 404);
    const draft = await createStore(database.db, { status: 'draft' });
    await refused(draft.slug, storeCheckoutBody(draft), 404);
    const later = new Date(Date.now() + 24 * HOUR);
    const scheduled = await createStore(database.db, {
      opensAt: later,
      closesAt: new Date(later.getTime() + 48 * HOUR),
    });
    const early = await refused(scheduled.slug, storeCheckoutBody(scheduled), 409);
    expect(early.message).toMatch(/ opens \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M C[SD]T\.$/);
    const past = new Date(Date.now() - HOUR);
    const closing = await createStore(database.db, { opensAt: new Date(past.getTime() - 48 * HOUR), closesAt: past });
    expect((await refused(closing.slug, storeCheckoutBody(closing), 409)).message).toMatch(/ closed on \w+day, /);
    const closed = await createStore(database.db, {
      status: 'closed',
      opensAt: new Date(past.getTime() - 48 * HOUR),
      closesAt: past,
    });
    expect((await refused(closed.slug, storeCheckoutBody(closed), 409)).code).toBe('store_closed');
  });

  it('asks for the password of a store that has one', async () => {
    const locked = await createStore(database.db, { passwordHash: await hashPassword('eagles', { N: 2 ** 14 }) });
    expect((await refused(locked.slug, storeCheckoutBody(locked), 403)).fields).toEqual({
      password: 'Enter the store’s password.',
    });
    expect((await refused(locked.slug, { ...storeCheckoutBody(locked), password: 'hawks' }, 403)).code).toBe(
      'wrong_password',
    );
    const res = await checkoutAt(locked.slug, { ...storeCheckoutBody(locked), password: 'eagles' });
    expect(res.status).toBe(201);
  });

  it('on payment, counts the pieces in the progress and mails the buyer what, when and where', async () => {
    const own = await createStore(database.db);
    expect((await progress(own.slug)).body).toEqual({
      state: 'open',
      minimum: 24,
      designs: [{ id: own.designId, sold: 0 }],
    });
    const res = await checkoutAt(own.slug, storeCheckoutBody(own, { quantity: 3 }));
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    const paid = await answerTestCheckout(sessionId, {
      intent: 'pay',
      fields: { ...TEST_CHECKOUT_CONTACT, name: 'Ana Rivera', email: 'ana.rivera@example.com' },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('/success?session_id=');
    expect((await progress(own.slug)).body.designs).toEqual([{ id: own.designId, sold: 3 }]);
    const order = await orderBySession(database.db, sessionId);
    const mail = await database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'ana.rivera@example.com')
      .where('template_name', '=', 'store-order-confirmation')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^Your Eagles Golf \w+ order /);
    expect(mail.text_body).toContain('Hi Ana Rivera,');
    expect(mail.text_body).toContain('3 x Eagles Tee (White, L), name Rivera, number 7 = $90.00');
    // The tax is named, so $90.00 of pieces and the payment add up.
    expect(order.tax_cents).toBeGreaterThan(0);
    expect(mail.text_body).toContain(
      `\nSales tax: ${formatUsd(order.tax_cents)}\nTotal: ${formatUsd(order.total_cents)}\n`,
    );
    expect(mail.html_body).toContain(`<td>Sales tax</td><td align="right">${formatUsd(order.tax_cents)}</td>`);
    expect(mail.text_body).toMatch(/The store closes \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M C[SD]T\./);
    expect(mail.text_body).toMatch(
      /expect your order 7–21 working days after the store closes \(\w+ \d+, \d{4} to \w+ \d+, \d{4}\)/,
    );
    expect(mail.text_body).toContain('It comes to Coach Rivera, bagged with your name, to hand out.');
    expect(order.status).toBe('paid');
    // The shop's own order confirmation is not sent as well.
    const plain = await database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('template_name', '=', 'order-confirmation')
      .where('to_address', '=', 'ana.rivera@example.com')
      .execute();
    expect(plain).toEqual([]);
  });

  it('answers 404 for the progress of an unknown or draft store', async () => {
    expect((await progress('no-such-store')).status).toBe(404);
    const draft = await createStore(database.db, { status: 'proof_sent' });
    expect((await progress(draft.slug)).status).toBe(404);
  });

  it('cancels instead of paying an order whose store closed before the payment completed', async () => {
    const own = await createStore(database.db);
    const res = await checkoutAt(own.slug, storeCheckoutBody(own));
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    // The close ran (the sweep): the store is closed for good.
    await database.db
      .updateTable('stores')
      .set({
        closes_at: new Date(Date.now() - 1000),
        opens_at: new Date(Date.now() - 48 * HOUR),
        status: 'closed',
        closed_at: new Date(),
      })
      .where('id', '=', own.storeId)
      .execute();
    expect(await completeOrder(database.db, order.id, { email: 'ana.rivera@example.com' })).toEqual({
      outcome: 'unchanged',
      status: 'cancelled',
    });
    expect((await progress(own.slug)).body.designs[0]!.sold).toBe(0);
  });

  it('sends a buyer whose Pay lost the race with the close back to the store, not the home page', async () => {
    const own = await createStore(database.db);
    const res = await checkoutAt(own.slug, storeCheckoutBody(own));
    const sessionId = sessionIdOf(((await res.json()) as { url: string }).url);
    await database.db
      .updateTable('stores')
      .set({ closes_at: new Date(Date.now() - 1000), status: 'closed', closed_at: new Date() })
      .where('id', '=', own.storeId)
      .execute();
    const paid = await answerTestCheckout(sessionId, {
      intent: 'pay',
      fields: { ...TEST_CHECKOUT_CONTACT, name: 'Ana Rivera', email: 'ana.rivera@example.com' },
    });
    expect(paid.status).toBe(303);
    // The store's page says the store closed and nothing was charged (src/scripts/store-progress.ts).
    expect(new URL(paid.headers.get('location')!).pathname + new URL(paid.headers.get('location')!).search).toBe(
      `/stores/${own.slug}?checkout=cancelled`,
    );
    expect((await orderBySession(database.db, sessionId)).status).toBe('cancelled');
    const payments = await database.db
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select('p.id')
      .where('o.payment_session_id', '=', sessionId)
      .execute();
    expect(payments).toEqual([]);
  });

  it('takes a payment that completes past the close time but before the close has run: the close prints it', async () => {
    const own = await createStore(database.db);
    const res = await checkoutAt(own.slug, storeCheckoutBody(own));
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    await database.db
      .updateTable('stores')
      .set({ closes_at: new Date(Date.now() - 1000), opens_at: new Date(Date.now() - 48 * HOUR) })
      .where('id', '=', own.storeId)
      .execute();
    expect(await completeOrder(database.db, order.id, { email: 'ana.rivera@example.com' })).toEqual({
      outcome: 'paid',
    });
    const paid = await database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe('paid');
  });
});

describe('store checkout racing the close on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('makes a payment wait for a close under way, then cancels it instead of paying', async () => {
    const own = await createStore(database.db);
    const res = await checkoutAt(own.slug, storeCheckoutBody(own));
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    // The close as it must run: the store's row FOR UPDATE, then closed, in one transaction.
    const close = postgres(database.url!, { max: 1, onnotice: () => {} });
    await close`begin`;
    await close`select id from stores where id = ${own.storeId} for update`;
    const payment = completeOrder(database.db, order.id, { email: 'ana.rivera@example.com' });
    const settled = await Promise.race([
      payment.then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    expect(settled).toBe('waiting');
    await close`update stores set status = 'closed', closed_at = now() where id = ${own.storeId}`;
    await close`commit`;
    await close.end();
    expect(await payment).toEqual({ outcome: 'unchanged', status: 'cancelled' });
    const stored = await database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('cancelled');
  });

  it('lets a payment that took the lock first be paid before the close gathers the orders', async () => {
    const own = await createStore(database.db);
    const res = await checkoutAt(own.slug, storeCheckoutBody(own));
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    expect(await completeOrder(database.db, order.id, { email: 'ana.rivera@example.com' })).toEqual({
      outcome: 'paid',
    });
    const close = postgres(database.url!, { max: 1, onnotice: () => {} });
    await close`begin`;
    await close`select id from stores where id = ${own.storeId} for update`;
    const paid = await close`select count(*)::int as n from orders where store_id = ${own.storeId} and status = 'paid'`;
    await close`rollback`;
    await close.end();
    expect(paid[0]!['n']).toBe(1);
  });
});
