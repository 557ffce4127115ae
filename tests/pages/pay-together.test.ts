import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orderRefunds from '../../netlify/functions/admin-order-refunds.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink, verifyLink } from '../../src/server/links/signed-links.ts';
import { customerOrderView } from '../../src/server/orders/customer-view.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { orderBySession, postJson, sessionIdOf, setVariantStock, variantOf } from '../support/checkout.ts';
import type { VariantFixture } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { openTogether, payerToken } from '../support/pay-together.ts';
import { payerPage, payTestPage, payTogether, testPaymentPage } from '../support/pay-together-pages.ts';
import { paymentRequestCalls, paymentsOf } from '../support/payment-requests.ts';

/**
 * Paying several payment requests together (docs/decisions/0029-deposits.md) on the built-in test checkout: the payer
 * page behind its signed link lists what one customer owes across their orders (requests and
 * invoices), Pay opens one session for the chosen items, and paying it records one payment per
 * request, all or nothing.
 */
const { authorization } = adminProductSaves();
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const { ask, cancel } = paymentRequestCalls(authorization);
const numberOf = (orderId: string) => orderId.replaceAll('-', '').slice(0, 8).toUpperCase();

describe.each(DATABASE_KINDS)('paying requests together on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;
  let customers = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 2);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  /** A paid order of two hoodies by `email`. */
  async function order(email: string) {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, row.id, { email, name: 'Pat Payer' });
    return row.id;
  }

  /** A new customer with `count` orders, each owing more after an adjustment and asked for its balance. */
  async function customerOwing(count: number) {
    const email = `payer-${++customers}@example.com`;
    const orders: { id: string; requestId: string; owed: number }[] = [];
    for (let i = 0; i < count; i++) {
      const id = await order(i === 0 ? email : email.toUpperCase());
      const { balance_cents: owed } = await adjustOrder(authorization, id, 2_000 + i * 1_000);
      const made = await ask(id, { kind: 'balance', note: `Balance for order ${i + 1}` });
      expect(made.status).toBe(201);
      orders.push({ id, requestId: ((await made.json()) as { id: string }).id, owed });
    }
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { email, userId: user.id, token: payerToken(user.id), orders };
  }

  const balanceOf = async (orderId: string) => (await customerOrderView(database.db, orderId))!.money.balanceCents;

  it('lists every open request of the customer across their orders, checked, with the total', async () => {
    const payer = await customerOwing(2);
    const page = await payerPage(payer.token);
    expect(page.status).toBe(200);
    const html = await page.text();
    const total = payer.orders.reduce((sum, o) => sum + o.owed, 0);
    for (const [index, o] of payer.orders.entries()) {
      expect(html).toContain(`Balance, order ${numberOf(o.id)}`);
      expect(html).toContain(usd(o.owed));
      expect(html).toContain(`Balance for order ${index + 1}`);
      expect(html).toMatch(new RegExp(`name="item_${index + 1}" value="request:${o.requestId}"[^>]*checked`));
    }
    expect(html).toContain(`Pay ${usd(total)}`);
  });

  it('answers the same 404 page for a forged, expired or other-purpose link', async () => {
    const payer = await customerOwing(1);
    const expired = signLink('payer', payer.userId, { now: new Date(Date.now() - 61 * 86_400_000) });
    for (const token of ['nope', expired, signLink('order', payer.userId), `${payer.token.slice(0, -2)}AA`]) {
      const page = await payerPage(token);
      expect(page.status, token).toBe(404);
      expect(await page.text()).toContain('Page not found');
    }
  });

  it('pays two orders in one test checkout: one payment per request, both orders paid in full', async () => {
    const payer = await customerOwing(2);
    const sessionId = await openTogether(
      payer.token,
      payer.orders.map((o) => `request:${o.requestId}`),
    );
    expect(sessionId).toMatch(/^testpays_[0-9a-f-]{36}$/);
    const checkout = await testPaymentPage(sessionId);
    const html = await checkout.text();
    const total = payer.orders.reduce((sum, o) => sum + o.owed, 0);
    for (const o of payer.orders) expect(html).toContain(`Balance, order ${numberOf(o.id)}`);
    expect(html).toContain(`Pay ${usd(total)}`);

    const paid = await payTestPage(sessionId);
    expect(paid.status).toBe(303);
    // Back to the payer's page: a link signed afresh (its expiry may be a second later than ours).
    const back = new URL(paid.headers.get('location')!);
    expect([back.origin, back.search]).toEqual(['http://localhost:4321', '?done=paid']);
    expect(verifyLink('payer', back.pathname.replace(/^\/pay\//, ''))).toBe(payer.userId);
    for (const o of payer.orders) {
      expect((await paymentsOf(database.db, o.id)).slice(1)).toEqual([
        expect.objectContaining({ amount_cents: o.owed, request_id: o.requestId, provider_session_id: sessionId }),
      ]);
      expect(await balanceOf(o.id)).toBe(0);
    }
    // A second Pay of the same page (a replay) records nothing.
    const again = await payTestPage(sessionId);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already made');
    for (const o of payer.orders) expect(await paymentsOf(database.db, o.id)).toHaveLength(2);
    // Each order's payment is confirmed once, with what came in and what is still owed.
    for (const o of payer.orders) {
      const received = await database.db
        .selectFrom('email_outbox')
        .select('text_body')
        .where('template_name', '=', 'payment-received')
        .where('text_body', 'like', `%for order ${numberOf(o.id)}.%`)
        .execute();
      expect(received).toHaveLength(1);
      expect(received[0]!.text_body).toContain(`We received ${usd(o.owed)} (Balance)`);
      expect(received[0]!.text_body).toContain('Owed now: $0.00');
    }
    const after = await (await payerPage(`${payer.token}`)).text();
    expect(after).toContain('Nothing is owed. Thank you.');
  });

  it('pays only what is ticked', async () => {
    const payer = await customerOwing(2);
    const [first, second] = payer.orders;
    const sessionId = await openTogether(payer.token, [`request:${second!.requestId}`]);
    expect((await payTestPage(sessionId)).status).toBe(303);
    expect(await balanceOf(second!.id)).toBe(0);
    expect(await balanceOf(first!.id)).toBe(first!.owed);
    const html = await (await payerPage(payer.token)).text();
    expect(html).toContain(`Balance, order ${numberOf(first!.id)}`);
    expect(html).not.toContain(`Balance, order ${numberOf(second!.id)}`);
  });

  it('refuses the whole payment when one request is withdrawn meanwhile, recording nothing', async () => {
    const payer = await customerOwing(2);
    const sessionId = await openTogether(
      payer.token,
      payer.orders.map((o) => `request:${o.requestId}`),
    );
    expect((await cancel(payer.orders[1]!.id, payer.orders[1]!.requestId)).status).toBe(200);
    const refused = await payTestPage(sessionId);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      `The shop withdrew the Balance request on order ${numberOf(payer.orders[1]!.id)}.`,
    );
    for (const o of payer.orders) expect(await paymentsOf(database.db, o.id)).toHaveLength(1);
    expect(await balanceOf(payer.orders[0]!.id)).toBe(payer.orders[0]!.owed);
  });

  it('refuses the whole payment when an order changed meanwhile, recording nothing', async () => {
    const payer = await customerOwing(2);
    const sessionId = await openTogether(
      payer.token,
      payer.orders.map((o) => `request:${o.requestId}`),
    );
    await adjustOrder(authorization, payer.orders[0]!.id, 500);
    const refused = await payTestPage(sessionId);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      `Order ${numberOf(payer.orders[0]!.id)} changed since this payment was opened`,
    );
    for (const o of payer.orders) expect(await paymentsOf(database.db, o.id)).toHaveLength(1);
    // Paying again from the page asks what is owed now.
    const fresh = await openTogether(
      payer.token,
      payer.orders.map((o) => `request:${o.requestId}`),
    );
    expect((await payTestPage(fresh)).status).toBe(303);
    for (const o of payer.orders) expect(await balanceOf(o.id)).toBe(0);
  });

  it('refuses bad choices in words, storing nothing', async () => {
    const payer = await customerOwing(1);
    const other = await customerOwing(1);
    const before = await snapshot(database.db);
    const none = await payTogether(payer.token, []);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose at least one thing to pay.');
    const garbage = await payTogether(payer.token, ['request:42']);
    expect(garbage.status).toBe(400);
    const theirs = await payTogether(payer.token, [`request:${other.orders[0]!.requestId}`]);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toContain('not one of yours');
    const foreign = await payTogether(
      payer.token,
      [`request:${payer.orders[0]!.requestId}`],
      'https://elsewhere.example',
    );
    expect(foreign.status).toBe(403);
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);
  });

  it('offers an invoice that owes and has no open request; paying it asks its balance without an e-mail', async () => {
    const email = `account-${++customers}@example.com`;
    const orderId = await order(email);
    const account = await database.db
      .insertInto('business_accounts')
      .values({ name: 'Midland High Boosters', email })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('orders')
      .set({ account_id: account.id, po_number: 'PO-77' })
      .where('id', '=', orderId)
      .execute();
    const invoice = await database.db
      .insertInto('invoices')
      .values({ order_id: orderId, account_id: account.id, po_number: 'PO-77', terms: 'net_30', due_on: '2099-12-10' })
      .returning('number')
      .executeTakeFirstOrThrow();
    const { balance_cents: owed } = await adjustOrder(authorization, orderId, 4_000);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const token = payerToken(user.id);
    const html = await (await payerPage(token)).text();
    expect(html).toContain(`Invoice INV-${invoice.number}, order ${numberOf(orderId)}, due Thu, Dec 10, 2099`);
    expect(html).toContain(usd(owed));

    const mails = () => database.db.selectFrom('email_outbox').select('id').where('to_address', '=', email).execute();
    const mailed = (await mails()).length;
    const sessionId = await openTogether(token, [`invoice:${orderId}`]);
    expect(await mails()).toHaveLength(mailed);
    expect(await (await testPaymentPage(sessionId)).text()).toContain(`Balance, order ${numberOf(orderId)}`);
    expect((await payTestPage(sessionId)).status).toBe(303);
    expect(await balanceOf(orderId)).toBe(0);
    const request = await database.db
      .selectFrom('payment_requests')
      .select(['kind', 'note', 'status'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ kind: 'balance', note: `Invoice INV-${invoice.number}`, status: 'paid' });
    expect(await (await payerPage(token)).text()).toContain('Nothing is owed. Thank you.');
  });

  it('offers the payer link in the request e-mail once the customer owes on more than one order', async () => {
    const payer = await customerOwing(1);
    const single = await database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', payer.email)
      .where('template_name', '=', 'payment-request')
      .executeTakeFirstOrThrow();
    expect(single.text_body).not.toContain('pay them together');

    const second = await order(payer.email);
    const { balance_cents: owed } = await adjustOrder(authorization, second, 1_500);
    expect((await ask(second, { kind: 'balance' })).status).toBe(201);
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', payer.email)
      .where('template_name', '=', 'payment-request')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const total = payer.orders[0]!.owed + owed;
    expect(mail.text_body).toContain(`You owe ${usd(total)} on 2 orders: pay them together here: `);
    const link = /(http\S+\/pay\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22})/.exec(mail.text_body)?.[1];
    expect(link).toBeDefined();
    expect(mail.html_body).toContain('pay them together</a>');
    const page = await payerPage(new URL(link!).pathname.split('/').pop()!);
    expect(await page.text()).toContain(`Pay ${usd(total)}`);
  });

  it('refunds one order of a combined payment from its own payment only', async () => {
    const payer = await customerOwing(2);
    const [first, second] = payer.orders;
    const sessionId = await openTogether(
      payer.token,
      payer.orders.map((o) => `request:${o.requestId}`),
    );
    expect((await payTestPage(sessionId)).status).toBe(303);
    const refunded = await callFunction(orderRefunds, `/api/orders/${first!.id}/refunds`, {
      method: 'POST',
      params: { id: first!.id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ amount_cents: first!.owed, reason: 'Reprint not needed' }),
    });
    expect(refunded.status).toBe(201);
    const parts = await database.db
      .selectFrom('order_refunds')
      .select(['order_id', 'parts'])
      .where('order_id', 'in', [first!.id, second!.id])
      .execute();
    expect(parts).toEqual([
      {
        order_id: first!.id,
        parts: [expect.objectContaining({ session_id: sessionId, amount_cents: first!.owed })],
      },
    ]);
    expect(await balanceOf(second!.id)).toBe(0);
    expect(await balanceOf(first!.id)).toBe(first!.owed);
  });
});
