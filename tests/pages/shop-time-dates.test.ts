import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import receivablesExport from '../../netlify/functions/admin-receivables-export.mts';
import InvoicePage from '../../src/pages/invoices/[token].astro';
import OrderPage from '../../src/pages/orders/[token].astro';
import { installDatabase } from '../../src/server/db/index.ts';
import { orderPageUrl } from '../../src/server/links/signed-links.ts';
import { confirmAccountOrder } from '../../src/server/workflows/confirm-account-order.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import {
  orderBySession,
  postJson,
  sessionIdOf,
  setVariantStock,
  type VariantFixture,
  variantOf,
} from '../support/checkout.ts';
import { listCheckout, seedListPricedShop, teeLineOf } from '../support/list-priced-shop.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { csvRecords } from '../support/parse-csv.ts';

/**
 * Issue 41, item 9: every date the shop shows, e-mails or exports is on the shop's clock
 * (America/Chicago), written one way. At 11:30 PM Central on November 29 UTC is already on
 * November 30: an invoice issued then is November 29's and, on Net 30, due December 29 on its
 * page, in its e-mail, on the order's page and in the QuickBooks file alike.
 */
const { authorization } = adminProductSaves();
/** 11:30 PM in Midland on Sunday, November 29, 2026. */
const LATE_EVENING = new Date('2026-11-30T05:30:00Z');
const tokenOf = (url: string, prefix: string) => new URL(url).pathname.slice(prefix.length).split('?')[0]!;

describe.each(DATABASE_KINDS)('dates on the shop’s clock at 11:30 PM, on %s', (kind) => {
  let database: TestDatabase;
  let tee: VariantFixture;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await variantOf(database.db, 'west-texas-energy-tee', 2);
    await setVariantStock(database.db, tee.variantId, 1000);
  });
  afterAll(() => database.dispose());
  afterEach(() => vi.useRealTimers());

  it('dates an invoice issued at 11:30 PM by the shop’s day on its page, e-mail, order page and CSV', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATE_EVENING);
    await database.db
      .insertInto('business_accounts')
      .values({
        name: 'Permian High Band',
        email: 'band@permian.example',
        terms: 'net_30',
        credit_limit_cents: 500_000,
      })
      .execute();
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity: 12 }],
      fulfillment: 'local',
      account: { email: 'band@permian.example', poNumber: 'PO-77', name: 'Director Vega' },
    });
    expect(started.status).toBe(201);
    const order = await database.db
      .updateTable('orders')
      .set({ created_at: LATE_EVENING })
      .where('email', '=', 'band@permian.example')
      .returning(['id', 'total_cents'])
      .executeTakeFirstOrThrow();
    const { invoiceId } = await confirmAccountOrder(database.db, order.id, new Date());

    const mail = await database.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', 'band@permian.example')
      .where('template_name', '=', 'invoice')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Net 30, due Tue, Dec 29, 2026');

    const invoiceToken = tokenOf(/(http\S+\/invoices\/\S+)/.exec(mail.text_body)![1]!, '/invoices/');
    const invoiceHtml = await (
      await requestPage(InvoicePage, `/invoices/${invoiceToken}`, { params: { token: invoiceToken } })
    ).text();
    expect(invoiceHtml).toContain('<dt>Issued</dt><dd>Sun, Nov 29, 2026</dd>');
    expect(invoiceHtml).toContain('<dt>Due</dt><dd>Tue, Dec 29, 2026</dd>');
    expect(invoiceHtml).toContain('Due Tue, Dec 29, 2026');

    const orderToken = tokenOf(orderPageUrl(order.id), '/orders/');
    const orderHtml = await (
      await requestPage(OrderPage, `/orders/${orderToken}`, { params: { token: orderToken } })
    ).text();
    expect(orderHtml).toContain('Placed Sun, Nov 29, 2026, 11:30 PM CST');
    expect(orderHtml).toContain('due Tue, Dec 29, 2026');
    expect(orderHtml).not.toContain('Nov 30');

    // The owner's sign-in is today's: the export is read with the real clock.
    vi.useRealTimers();
    const csv = await callFunction(
      receivablesExport,
      '/api/admin/receivables/invoices.csv?from=2026-11-29&to=2026-11-29',
      {
        method: 'GET',
        headers: { authorization },
      },
    );
    expect(csv.status).toBe(200);
    const { records } = csvRecords(await csv.text());
    expect(records.length).toBeGreaterThan(0);
    for (const row of records) {
      expect(row).toMatchObject({ '*InvoiceDate': '11/29/2026', '*DueDate': '12/29/2026' });
    }
    expect(invoiceId).toBeTruthy();
  });

  it('shows a rush order’s promised day on its page, counted from the shop’s day (issue 41, item 13)', async () => {
    const shop = await seedListPricedShop(database.db);
    const line = teeLineOf(shop);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATE_EVENING);
    // 4 business days from Sunday, November 29 (not from Monday in UTC): Thursday, December 3.
    const res = await listCheckout([line(shop.tee.m, 48)], { rush: 'rush-4' });
    expect(res.status).toBe(201);
    const order = await orderBySession(database.db, sessionIdOf(((await res.json()) as { url: string }).url));
    await completeOrder(database.db, order.id, { email: 'rush.page@example.com', name: 'Coach Ray' });
    const token = tokenOf(orderPageUrl(order.id), '/orders/');
    const html = await (await requestPage(OrderPage, `/orders/${token}`, { params: { token } })).text();
    expect(html).toContain('Ready by <strong>Thu, Dec 3, 2026</strong>, the day promised when you ordered.');
  });
});
