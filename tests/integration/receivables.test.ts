import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import receivables from '../../netlify/functions/admin-receivables.mts';
import type { ReceivableCustomer, ReceivablesAnswer } from '../../src/lib/orders/receivables.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { orderMoney } from '../../src/server/orders/payments/record-payment.ts';
import { paymentRequestViews } from '../../src/server/orders/payments/request-views.ts';
import { openReceivables } from '../../src/server/orders/receivables/open-receivables.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { businessAccount, invoicedOrder, placedOrder, receivePayment } from '../support/invoices.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls } from '../support/payment-requests.ts';

/**
 * Issue 29, accounts receivable: open invoices and open payment requests by customer, aged in
 * buckets from the due day (an invoice's due_on, a request's asking day) as the shop's calendar
 * reads it at a fixed `now`, totalled per customer and per bucket.
 */
const { authorization } = adminProductSaves();
const { ask, cancel } = paymentRequestCalls(authorization);
/** 12:00 in Midland on December 15, 2026. */
const NOW = new Date('2026-12-15T18:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe.each(DATABASE_KINDS)('accounts receivable on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  const customer = (answer: ReceivablesAnswer, name: string): ReceivableCustomer | undefined =>
    answer.customers.find((c) => c.customer === name);

  /** The owner asks for money in the admin, asked `days` days before NOW. */
  async function request(orderId: string, body: unknown, days: number) {
    const made = await ask(orderId, body);
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await database.db
      .updateTable('payment_requests')
      .set({ created_at: daysBefore(days) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('ages each open invoice from its due day into current, 1–30, 31–60, 61–90 and 90+, totalled per bucket', async () => {
    const account = await businessAccount(database.db, `Ector ISD ${kind}`, `ector-${kind}.example.org`);
    const invoice = (po: string, dueOn: string) =>
      invoicedOrder(database.db, hoodie, {
        accountId: account,
        email: `bursar@ector-${kind}.example.org`,
        po,
        issuedAt: daysBefore(150),
        dueOn,
      });
    const notDue = await invoice('PO-1', '2026-12-15');
    const late14 = await invoice('PO-2', '2026-12-01');
    const late31 = await invoice('PO-3', '2026-11-14');
    const late61 = await invoice('PO-4', '2026-10-15');
    const late91 = await invoice('PO-5', '2026-09-15');
    // Paid in part: the rest is owed. Paid in full, or cancelled: nothing is.
    await receivePayment(database.db, late14.orderId, 1_000);
    const paid = await invoice('PO-6', '2026-11-01');
    await receivePayment(database.db, paid.orderId, paid.totalCents);
    const cancelled = await invoice('PO-7', '2026-11-01');
    await database.db
      .updateTable('orders')
      .set({ status: 'cancelled', cancelled_at: NOW })
      .where('id', '=', cancelled.orderId)
      .execute();

    const answer = await openReceivables(database.db, NOW);
    expect(answer.today).toBe('2026-12-15');
    const ector = customer(answer, `Ector ISD ${kind}`);
    expect(ector?.account_id).toBe(account);
    expect(
      ector?.items.map((i) => [i.invoice_number, i.po_number, i.due_on, i.days_past_due, i.bucket, i.amount_cents]),
    ).toEqual([
      [`INV-${late91.number}`, 'PO-5', '2026-09-15', 91, 'd90_plus', late91.totalCents],
      [`INV-${late61.number}`, 'PO-4', '2026-10-15', 61, 'd61_90', late61.totalCents],
      [`INV-${late31.number}`, 'PO-3', '2026-11-14', 31, 'd31_60', late31.totalCents],
      [`INV-${late14.number}`, 'PO-2', '2026-12-01', 14, 'd1_30', late14.totalCents - 1_000],
      [`INV-${notDue.number}`, 'PO-1', '2026-12-15', 0, 'current', notDue.totalCents],
    ]);
    expect(ector?.buckets).toEqual({
      current: notDue.totalCents,
      d1_30: late14.totalCents - 1_000,
      d31_60: late31.totalCents,
      d61_90: late61.totalCents,
      d90_plus: late91.totalCents,
    });
    expect(ector?.total_cents).toBe(
      notDue.totalCents + late14.totalCents - 1_000 + late31.totalCents + late61.totalCents + late91.totalCents,
    );
    const first = ector!.items[0]!;
    expect(first).toMatchObject({ kind: 'invoice', label: `Invoice INV-${late91.number}`, order_id: late91.orderId });
    expect(first.invoice_url).toMatch(/\/invoices\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    // The shop's totals are the sum of every customer's.
    for (const bucket of Object.keys(answer.buckets) as (keyof ReceivablesAnswer['buckets'])[]) {
      expect(answer.buckets[bucket]).toBe(answer.customers.reduce((s, c) => s + c.buckets[bucket], 0));
    }
    expect(answer.total_cents).toBe(answer.customers.reduce((s, c) => s + c.total_cents, 0));

    // A day later the invoice due today is one day late.
    const tomorrow = await openReceivables(database.db, new Date(NOW.getTime() + 86_400_000));
    const moved = customer(tomorrow, `Ector ISD ${kind}`)?.items.find((i) => i.po_number === 'PO-1');
    expect(moved).toMatchObject({ days_past_due: 1, bucket: 'd1_30' });
  });

  it('lists open payment requests by the order’s address, at what each asks now, never more than the balance', async () => {
    const email = `requests-${kind}@example.com`;
    const orderId = await placedOrder(database.db, hoodie, email);
    // The owner grew the paid order by $100.00 and its tax: it owes $108.00.
    await adjustOrder(authorization, orderId, 10_000, 'Two more hoodies');
    const deposit = await request(orderId, { kind: 'amount', amount_cents: 3_000 }, 40);
    const balance = await request(orderId, { kind: 'balance' }, 0);

    const answer = await openReceivables(database.db, NOW);
    const buyer = customer(answer, email);
    expect(buyer?.account_id).toBeNull();
    expect(buyer?.items.map((i) => [i.kind, i.id, i.label, i.days_past_due, i.bucket, i.amount_cents])).toEqual([
      ['request', deposit, 'Payment', 40, 'd31_60', 3_000],
      // The balance request asks $108.00, but $30.00 of it is the older request's.
      ['request', balance, 'Balance', 0, 'current', 7_800],
    ]);
    expect(buyer?.total_cents).toBe(10_800);

    // What each lists is what the order's own view says the request asks now.
    const money = await orderMoney(database.db, orderId);
    const views = await paymentRequestViews(database.db, orderId, money!);
    expect(views.find((v) => v.id === deposit)?.amount_cents).toBe(3_000);
    expect(views.find((v) => v.id === balance)?.amount_cents).toBe(10_800);
  });

  it('leaves out requests asking $0, withdrawn ones, and a request on an invoiced order (the invoice counts it)', async () => {
    const email = `settled-${kind}@example.com`;
    const orderId = await placedOrder(database.db, hoodie, email);
    await adjustOrder(authorization, orderId, 5_000, 'Sleeve print');
    await request(orderId, { kind: 'balance' }, 3);
    await receivePayment(database.db, orderId, 5_400);

    const withdrawnEmail = `withdrawn-${kind}@example.com`;
    const withdrawnOrder = await placedOrder(database.db, hoodie, withdrawnEmail);
    await adjustOrder(authorization, withdrawnOrder, 5_000, 'Sleeve print');
    const withdrawn = await request(withdrawnOrder, { kind: 'balance' }, 3);
    expect((await cancel(withdrawnOrder, withdrawn)).status).toBe(200);

    const account = await businessAccount(database.db, `Permian Tigers ${kind}`, `tigers-${kind}.example.org`);
    const invoiced = await invoicedOrder(database.db, hoodie, {
      accountId: account,
      email: `coach@tigers-${kind}.example.org`,
      po: 'T-77',
      issuedAt: daysBefore(10),
      dueOn: '2026-12-20',
    });
    await request(invoiced.orderId, { kind: 'amount', amount_cents: 2_000 }, 5);

    const answer = await openReceivables(database.db, NOW);
    expect(customer(answer, email)).toBeUndefined();
    expect(customer(answer, withdrawnEmail)).toBeUndefined();
    expect(customer(answer, `Permian Tigers ${kind}`)?.items.map((i) => [i.kind, i.amount_cents])).toEqual([
      ['invoice', invoiced.totalCents],
    ]);
  });

  it('answers the owner over HTTP, and nobody else', async () => {
    const path = '/api/admin/receivables';
    const denied = await callFunction(receivables, path, { method: 'GET' });
    expect(denied.status).toBe(401);
    const response = await callFunction(receivables, path, { method: 'GET', headers: { authorization } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await response.json()) as ReceivablesAnswer;
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Array.isArray(body.customers)).toBe(true);
  });

  it('says nothing is owed when nothing is', async () => {
    const empty = await createTestDatabase(kind);
    try {
      const answer = await openReceivables(empty.db, NOW);
      expect(answer).toEqual({
        today: '2026-12-15',
        customers: [],
        buckets: { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 },
        total_cents: 0,
      });
    } finally {
      await empty.dispose();
    }
  });
});
