import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import receivablesExport from '../../netlify/functions/admin-receivables-export.mts';
import { orderNumber } from '../../src/lib/orders/order-number.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { businessAccount, invoicedOrder, placedOrder, receivePayment } from '../support/invoices.ts';
import { csvRecords } from '../support/parse-csv.ts';

/**
 * Issue 29: the invoices issued in a range as QuickBooks Online's invoice import reads them (its
 * sample file's column names, MM/DD/YYYY dates, one row per line), and the payments received.
 */
const { authorization } = adminProductSaves();

const QBO_HEADER = [
  '*InvoiceNo',
  '*Customer',
  '*InvoiceDate',
  '*DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  '*ItemAmount',
  'Service Date',
];

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe.each(DATABASE_KINDS)('receivables CSV exports on %s', (kind) => {
  let database: TestDatabase;
  let hoodie: VariantFixture;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    hoodie = await variantOf(database.db, 'game-day-hoodie', 1);
    await setVariantStock(database.db, hoodie.variantId, 500);
  });
  afterAll(() => database.dispose());

  const download = (file: string, query: string, auth: string | null = authorization) =>
    callFunction(receivablesExport, `/api/admin/receivables/${file}?${query}`, {
      method: 'GET',
      headers: auth ? { authorization: auth } : {},
    });

  it('writes each invoice issued in the range as its lines, in QuickBooks Online’s import columns', async () => {
    const account = await businessAccount(database.db, `=Ector ISD, Midland ${kind}`, `csv-${kind}.example.org`);
    const make = (po: string, issuedAt: string, dueOn: string, quantity: number) =>
      invoicedOrder(database.db, hoodie, {
        accountId: account,
        email: `ap@csv-${kind}.example.org`,
        po,
        issuedAt: new Date(issuedAt),
        dueOn,
        quantity,
      });
    // 23:30 in Midland on November 30 is already December 1 in UTC: it belongs to November.
    const november = await make('A "17"', '2026-12-01T05:30:00Z', '2026-12-30', 3);
    const december = await make('PO-2', '2026-12-02T16:00:00Z', '2027-01-01', 2);
    const before = await make('PO-0', '2026-10-15T16:00:00Z', '2026-11-14', 1);

    const response = await download('invoices.csv', 'from=2026-11-01&to=2026-11-30');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="invoices-2026-11-01-to-2026-11-30.csv"',
    );
    const text = await response.text();
    const { header, records } = csvRecords(text);
    expect(header).toEqual(QBO_HEADER);
    expect(new Set(records.map((r) => r['*InvoiceNo']))).toEqual(new Set([`INV-${november.number}`]));

    const { name } = await database.db
      .selectFrom('order_items')
      .select('name')
      .where('order_id', '=', november.orderId)
      .executeTakeFirstOrThrow();
    const item = records.find((r) => r['Item(Product/Service)'] === name);
    expect(item).toMatchObject({
      '*InvoiceNo': `INV-${november.number}`,
      // A customer name a spreadsheet would run as a formula is made text.
      '*Customer': `'=Ector ISD, Midland ${kind}`,
      '*InvoiceDate': '11/30/2026',
      '*DueDate': '12/30/2026',
      Terms: 'Net 30',
      Location: '',
      Memo: `PO A "17" · Order ${orderNumber(november.orderId)}`,
      ItemQuantity: '3',
      'Service Date': '',
    });
    expect(item!['ItemDescription']).toMatch(new RegExp(`^${name} \\(.+, .+\\)$`));
    expect(cents(item!['*ItemAmount']!)).toBe(3 * cents(item!['ItemRate']!));
    // The lines add up to the order's total, tax included.
    const sum = records.reduce((s, r) => s + cents(r['*ItemAmount']!), 0);
    expect(sum).toBe(november.totalCents);
    const order = await database.db
      .selectFrom('orders')
      .select(['tax_cents', 'discount_cents'])
      .where('id', '=', november.orderId)
      .executeTakeFirstOrThrow();
    expect(order.tax_cents).toBeGreaterThan(0);
    const taxLine = records.find((r) => r['Item(Product/Service)'] === 'Sales tax');
    expect(taxLine?.['*ItemAmount']).toBe((order.tax_cents / 100).toFixed(2));
    // Issue 50: the tax line says which rate applied, as the order was charged.
    expect(taxLine?.['ItemDescription']).toBe("Tax 8 % — the shop's rate");

    const both = csvRecords(await (await download('invoices.csv', 'from=2026-10-01&to=2026-12-31')).text());
    expect([...new Set(both.records.map((r) => r['*InvoiceNo']))]).toEqual(
      [`INV-${november.number}`, `INV-${december.number}`, `INV-${before.number}`].sort(),
    );
  });

  it('lists the payments received in the range with the invoice each pays', async () => {
    const account = await businessAccount(database.db, `Odessa Bronchos ${kind}`, `pay-${kind}.example.org`);
    const invoice = await invoicedOrder(database.db, hoodie, {
      accountId: account,
      email: `ap@pay-${kind}.example.org`,
      po: 'B-9',
      issuedAt: new Date('2027-02-01T16:00:00Z'),
      dueOn: '2027-03-03',
    });
    await receivePayment(database.db, invoice.orderId, 2_500, new Date('2027-02-10T16:00:00Z'));
    await receivePayment(database.db, invoice.orderId, 1_000, new Date('2027-04-10T16:00:00Z'));
    const walkIn = await placedOrder(database.db, hoodie, `walk-in-${kind}@example.com`);
    await database.db
      .updateTable('order_payments')
      .set({ paid_at: new Date('2027-02-12T16:00:00Z') })
      .where('order_id', '=', walkIn)
      .execute();

    const response = await download('payments.csv', 'from=2027-02-01&to=2027-02-28');
    expect(response.status).toBe(200);
    const { header, records } = csvRecords(await response.text());
    expect(header).toEqual([
      'Payment date',
      'Customer',
      'Invoice no',
      'Order',
      'Amount received',
      'Payment method',
      'Reference no',
    ]);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      'Payment date': '02/10/2027',
      Customer: `Odessa Bronchos ${kind}`,
      'Invoice no': `INV-${invoice.number}`,
      Order: orderNumber(invoice.orderId),
      'Amount received': '25.00',
      'Payment method': 'Credit card',
    });
    expect(records[0]!['Reference no']).toMatch(/^pi_test_/);
    expect(records[1]).toMatchObject({
      'Payment date': '02/12/2027',
      Customer: `walk-in-${kind}@example.com`,
      'Invoice no': '',
      Order: orderNumber(walkIn),
      'Payment method': 'Test payment',
    });
  });

  it('writes only the header for a range with nothing in it', async () => {
    const text = await (await download('invoices.csv', 'from=2031-01-01&to=2031-01-31')).text();
    expect(text).toBe(`${QBO_HEADER.join(',')}\r\n`);
  });

  it('refuses a range that is missing, malformed or backwards, naming the field, and strangers', async () => {
    const backwards = await download('invoices.csv', 'from=2026-12-01&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      to: 'To is before From.',
    });
    const malformed = await download('payments.csv', 'from=12/01/2026&to=2026-12-31');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { fields: Record<string, string> } }).error.fields['from']).toBe(
      'Use a date in the form YYYY-MM-DD.',
    );
    const missing = await download('payments.csv', 'from=2026-12-01');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('to');
    expect((await download('invoices.csv', 'from=2026-11-01&to=2026-11-30', null)).status).toBe(401);
  });
});
