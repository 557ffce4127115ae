import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { remindUnpaidRequests } from '../../src/server/orders/payments/request-reminders.ts';
import { refundOrder } from '../../src/server/orders/refunds.ts';
import { embeddedProvider } from '../../src/server/orders/payment-provider.ts';
import { testPaymentRequest } from '../../src/server/workflows/test-payment-request.ts';
import { runSweep, SWEEP_JOBS } from '../../src/server/sweep/run-sweep.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls, payOnOrderPage } from '../support/payment-requests.ts';

/**
 * Issue 29: an open payment request the customer has not paid is reminded by e-mail 3 and 7 days
 * after it was asked, each once, by the sweep, through the outbox and its editable template.
 */
const { authorization } = adminProductSaves();
const { ask, cancel } = paymentRequestCalls(authorization);
const sweep = (db: TestDatabase['db']) => runSweep(db, [remindUnpaidRequests]);

describe.each(DATABASE_KINDS)('unpaid payment request reminders on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  /** A paid order of two hoodies the owner then grew by $100.00 and its tax: it owes $108.00. */
  async function owingOrder(email: string) {
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: hoodie.productId, colorId: hoodie.colorId, sizeId: hoodie.sizeId, quantity: 2 }],
      fulfillment: 'local',
    });
    expect(started.status).toBe(201);
    const row = await orderBySession(database.db, sessionIdOf(((await started.json()) as { url: string }).url));
    await completeOrder(database.db, row.id, { email, name: 'Rita Reminder' });
    await adjustOrder(authorization, row.id, 10_000, 'Two more hoodies');
    return row.id;
  }

  /** The owner asks for money in the admin: answers the request's id. */
  async function request(orderId: string, body: unknown) {
    const made = await ask(orderId, body);
    expect(made.status).toBe(201);
    return ((await made.json()) as { id: string }).id;
  }

  /** The request was asked `days` days (and a minute) ago. */
  const age = (requestId: string, days: number) =>
    database.db
      .updateTable('payment_requests')
      .set({ created_at: sql<Date>`now() - make_interval(days => ${days}, mins => 1)` })
      .where('id', '=', requestId)
      .execute();

  const remindersTo = (email: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('template_name', '=', 'payment-request-reminder')
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  const reminderEvents = (orderId: string) =>
    database.db
      .selectFrom('order_events')
      .select(['actor', 'kind', 'comment'])
      .where('order_id', '=', orderId)
      .where('actor', '=', 'system')
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** The customer pays a request on the built-in test checkout, as its Pay button does. */
  async function pay(orderId: string, requestId: string) {
    const opened = await payOnOrderPage(orderId, requestId);
    expect(opened).toMatchObject({ kind: 'redirect', status: 303 });
    const sessionId = sessionIdOf((opened as { location: string }).location);
    const paid = await testPaymentRequest(
      new Request(`http://shop.test/test-payment/${sessionId}`, {
        method: 'POST',
        headers: { origin: 'http://shop.test' },
      }),
      sessionId,
    );
    expect(paid).toMatchObject({ kind: 'redirect', status: 303 });
  }

  it('is one of the sweep’s jobs', () => {
    expect(SWEEP_JOBS).toContain(remindUnpaidRequests);
  });

  it('reminds an unpaid request once at 3 days and once at 7, saying what is owed now and where to pay', async () => {
    const email = `three-seven-${kind}@example.com`;
    const orderId = await owingOrder(email);
    const first = await request(orderId, { kind: 'amount', amount_cents: 3_000 });
    const deposit = await request(orderId, {
      kind: 'share',
      share_percent: 100,
      note: 'The rest for the extra hoodies',
    });
    // The first request is paid, so the second now asks what is left: $78.00.
    await pay(orderId, first);

    await age(deposit, 2);
    expect((await sweep(database.db)).done).toEqual({});
    expect(await remindersTo(email)).toEqual([]);

    await age(deposit, 3);
    expect((await sweep(database.db)).done).toEqual({
      'remind-unpaid-payment-requests': 'reminded 1 customer(s) of an unpaid payment request',
    });
    const [mail, ...more] = await remindersTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Reminder: \$78\.00 is still owed on order [0-9A-F]{8}$/);
    expect(mail!.text_body).toContain('3 days ago we asked for $78.00 (Payment in full)');
    expect(mail!.text_body).toContain('The rest for the extra hoodies');
    expect(mail!.text_body).toMatch(/\/orders\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}/);
    expect(mail!.html_body).toContain('See what is owed and pay');

    // The same day again: nothing more.
    expect((await sweep(database.db)).done).toEqual({});
    expect(await remindersTo(email)).toHaveLength(1);

    await age(deposit, 7);
    await sweep(database.db);
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain('7 days ago we asked for $78.00 (Payment in full)');

    // Both reminders are done: a month later, nothing.
    await age(deposit, 30);
    expect((await sweep(database.db)).done).toEqual({});
    expect(await remindersTo(email)).toHaveLength(2);
    const row = await database.db
      .selectFrom('payment_requests')
      .select(['reminders_sent', 'reminded_at', 'status'])
      .where('id', '=', deposit)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reminders_sent: 2, status: 'open' });
    expect(row.reminded_at).toBeInstanceOf(Date);
    expect(await reminderEvents(orderId)).toEqual([
      { actor: 'system', kind: 'payment_request', comment: 'Reminder sent: Payment in full, $78.00' },
      { actor: 'system', kind: 'payment_request', comment: 'Reminder sent: Payment in full, $78.00' },
    ]);
  });

  it('sends a request first swept at day 8 one reminder, the later one, and never the earlier', async () => {
    const email = `day-eight-${kind}@example.com`;
    const orderId = await owingOrder(email);
    const balance = await request(orderId, { kind: 'balance' });
    await age(balance, 8);
    await sweep(database.db);
    await sweep(database.db);
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('8 days ago we asked for $108.00 (Balance)');
    expect(await reminderEvents(orderId)).toHaveLength(1);
  });

  it('reminds nobody of a paid or withdrawn request, one on a cancelled order, or one that asks $0 now', async () => {
    const paidEmail = `paid-${kind}@example.com`;
    const paidOrder = await owingOrder(paidEmail);
    const paid = await request(paidOrder, { kind: 'share', share_percent: 10 });
    await pay(paidOrder, paid);

    const withdrawnEmail = `withdrawn-${kind}@example.com`;
    const withdrawnOrder = await owingOrder(withdrawnEmail);
    const withdrawn = await request(withdrawnOrder, { kind: 'balance' });
    expect((await cancel(withdrawnOrder, withdrawn)).status).toBe(200);

    const cancelledEmail = `cancelled-${kind}@example.com`;
    const cancelledOrder = await owingOrder(cancelledEmail);
    const onCancelled = await request(cancelledOrder, { kind: 'balance' });
    await refundOrder(database.db, embeddedProvider(database.db), cancelledOrder, {
      amountCents: 100,
      cancel: true,
    });

    // Two requests for the balance: once one is paid, the other asks for nothing.
    const settledEmail = `settled-${kind}@example.com`;
    const settledOrder = await owingOrder(settledEmail);
    const settledFirst = await request(settledOrder, { kind: 'balance' });
    const nothingOwed = await request(settledOrder, { kind: 'amount', amount_cents: 5_000 });
    await pay(settledOrder, settledFirst);

    for (const id of [paid, withdrawn, onCancelled, settledFirst, nothingOwed]) await age(id, 8);
    expect((await sweep(database.db)).done).toEqual({});
    for (const email of [paidEmail, withdrawnEmail, cancelledEmail, settledEmail]) {
      expect(await remindersTo(email), email).toEqual([]);
    }
    const untouched = await database.db
      .selectFrom('payment_requests')
      .select('reminders_sent')
      .where('id', 'in', [paid, withdrawn, onCancelled, settledFirst, nothingOwed])
      .execute();
    expect(untouched.map((r) => r.reminders_sent)).toEqual([0, 0, 0, 0, 0]);
  });

  it('sends each reminder once when two sweeps run at the same time', async () => {
    const email = `twice-${kind}@example.com`;
    const orderId = await owingOrder(email);
    const requests = [
      await request(orderId, { kind: 'amount', amount_cents: 2_000 }),
      await request(orderId, { kind: 'amount', amount_cents: 3_000 }),
      await request(orderId, { kind: 'balance' }),
    ];
    for (const id of requests) await age(id, 3);
    const reports = await Promise.all([sweep(database.db), sweep(database.db), sweep(database.db)]);
    expect(reports.every((r) => Object.keys(r.failed).length === 0)).toBe(true);
    expect(await remindersTo(email)).toHaveLength(3);
    expect(await reminderEvents(orderId)).toHaveLength(3);

    for (const id of requests) await age(id, 7);
    await Promise.all([sweep(database.db), sweep(database.db)]);
    expect(await remindersTo(email)).toHaveLength(6);
  });
});
