import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminOrders from '../../netlify/functions/admin-orders.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import type { AdminOrder } from '../../src/lib/admin-schemas/orders.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import AccountOrderPage from '../../src/pages/account-orders/[token].astro';
import InvoicePage from '../../src/pages/invoices/[token].astro';
import OrderPage from '../../src/pages/orders/[token].astro';
import TestPaymentPage from '../../src/pages/test-payment/[sessionId].astro';
import { dueOn } from '../../src/lib/orders/on-account.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { confirmAccountOrder } from '../../src/server/workflows/confirm-account-order.ts';
import { postJson, setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { changedTables, snapshot } from '../support/db-snapshot.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';

/**
 * Checking out on account (docs/decisions/0029-deposits.md): a business account's buyer gives a PO instead of a card,
 * confirms from the e-mail sent to the account's address, and gets a numbered invoice they can
 * view, print and pay online. Credit limits, tax exemption and every refusal leave nothing behind.
 */
const { authorization } = adminProductSaves();
const adminMoney = async (id: string) =>
  (
    (await (
      await callFunction(adminOrders, `/api/orders/${id}`, { params: { id }, headers: { authorization } })
    ).json()) as AdminOrder
  ).money;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const ORIGIN = 'http://localhost:4321';
const ADDRESS = { line1: '1200 Lincoln Ave', city: 'Odessa', state: 'TX', postalCode: '79761' };
const checkout = (body: unknown) => postJson(cartCheckout, '/api/cart/checkout', body);
const tokenOf = (url: string, prefix: string) => new URL(url).pathname.slice(prefix.length);
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const page = (component: typeof InvoicePage, path: string, token: string, method = 'GET', origin = ORIGIN) =>
  requestPage(component, `${path}${token}`, {
    method,
    headers: method === 'POST' ? { origin, 'content-type': 'application/x-www-form-urlencoded' } : {},
    params: { token },
  });

describe.each(DATABASE_KINDS)('orders on account, on %s', (kind) => {
  let database: TestDatabase;
  let tee: VariantFixture;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await variantOf(database.db, 'west-texas-energy-tee', 2);
    await setVariantStock(database.db, tee.variantId, 1000);
  });
  afterAll(() => database.dispose());

  const account = async (values: {
    name: string;
    email?: string;
    domain?: string;
    terms?: 'due_on_receipt' | 'net_15' | 'net_30';
    limit?: number;
    exempt?: 'with-certificate' | 'no-certificate';
  }) => {
    let certificate: string | null = null;
    if (values.exempt === 'with-certificate') {
      const art = await database.db
        .insertInto('artwork')
        .values({
          owner_hash: 'a'.repeat(64),
          status: 'ready',
          original_name: 'resale-certificate.pdf',
          content_type: 'application/pdf',
          byte_size: 1000,
          storage_key: `certificates/${crypto.randomUUID()}`,
          checks: sql`'{}'::jsonb`,
          checked_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      certificate = art.id;
    }
    return database.db
      .insertInto('business_accounts')
      .values({
        name: values.name,
        email: values.email ?? null,
        domain: values.domain ?? null,
        terms: values.terms ?? 'net_30',
        credit_limit_cents: values.limit ?? 500_000,
        tax_exempt: values.exempt !== undefined,
        exemption_certificate_artwork_id: certificate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const orderOnAccount = (email: string, quantity = 12, extra: Record<string, unknown> = {}) =>
    checkout({
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity }],
      fulfillment: 'shipping',
      account: { email, poNumber: 'PO-4512', name: 'Coach Rivera', address: ADDRESS },
      ...extra,
    });
  const confirmMail = (to: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .where('template_name', '=', 'account-order-confirm')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  const pendingOf = (email: string) =>
    database.db
      .selectFrom('orders')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  it('bills a net-30 account: confirmed from its e-mail, invoiced, paid online, paid in full', async () => {
    await account({ name: 'Lincoln High Athletics', email: 'coach@lincoln.example', terms: 'net_30' });
    const res = await orderOnAccount('Coach@Lincoln.example');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { url: string }).url).toBe(`${ORIGIN}/account-orders/sent`);

    const pending = await pendingOf('Coach@Lincoln.example');
    expect(pending).toMatchObject({ status: 'pending', payment_provider: 'account', po_number: 'PO-4512' });
    // Held for the day the link lives, not a card checkout's half hour.
    expect(pending.expires_at!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const mail = await confirmMail('Coach@Lincoln.example');
    expect(mail?.subject).toContain('Lincoln High Athletics');
    expect(mail?.text_body).toContain('PO-4512');
    const confirmUrl = /(http\S+\/account-orders\/\S+)/.exec(mail!.text_body)![1]!;
    const token = tokenOf(confirmUrl, '/account-orders/');

    const shown = await page(AccountOrderPage, '/account-orders/', token);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('Lincoln High Athletics');
    expect(html).toContain(`Confirm and bill ${usd(pending.total_cents)}`);
    // Nothing is placed by looking; the owner sees it is not confirmed yet.
    expect((await pendingOf('Coach@Lincoln.example')).status).toBe('pending');
    expect((await adminMoney(pending.id)).account).toEqual({
      name: 'Lincoln High Athletics',
      po_number: 'PO-4512',
      invoice: null,
    });

    const confirmed = await page(AccountOrderPage, '/account-orders/', token, 'POST');
    expect(confirmed.status).toBe(303);
    const orderUrl = confirmed.headers.get('location')!;
    expect(orderUrl).toMatch(/\/orders\/[^?]+\?done=account$/);

    const placed = await pendingOf('Coach@Lincoln.example');
    expect(placed).toMatchObject({ status: 'paid', stage: expect.any(String) });
    const payments = await database.db
      .selectFrom('order_payments')
      .select('id')
      .where('order_id', '=', placed.id)
      .execute();
    expect(payments).toEqual([]);
    const invoice = await database.db
      .selectFrom('invoices')
      .select(['id', 'number', 'po_number', 'terms'])
      .select(sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due'))
      .where('order_id', '=', placed.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ po_number: 'PO-4512', terms: 'net_30', due: dueOn(new Date(), 'net_30') });
    expect(invoice.number).toBeGreaterThanOrEqual(1001);
    const owner = await adminMoney(placed.id);
    expect(owner.account).toEqual({
      name: 'Lincoln High Athletics',
      po_number: 'PO-4512',
      invoice: {
        number: `INV-${invoice.number}`,
        terms: 'Net 30',
        due_on: invoice.due,
        url: expect.stringMatching(/\/invoices\//),
      },
    });
    expect(owner).toMatchObject({ paid_cents: 0, balance_cents: placed.total_cents, deposit_percent: 50 });
    // The invoice e-mail, not a "we have your payment" confirmation.
    const mails = await database.db
      .selectFrom('email_outbox')
      .select(['template_name', 'text_body'])
      .where('to_address', '=', 'Coach@Lincoln.example')
      .execute();
    expect(mails.map((m) => m.template_name).sort()).toEqual(['account-order-confirm', 'invoice']);
    const invoiceMail = mails.find((m) => m.template_name === 'invoice')!.text_body;
    expect(invoiceMail).toContain(`Invoice INV-${invoice.number}: ${usd(placed.total_cents)}, Net 30, due`);

    // A second confirmation places nothing twice.
    const again = await page(AccountOrderPage, '/account-orders/', token, 'POST');
    expect(again.status).toBe(303);
    expect(
      (await database.db.selectFrom('invoices').select('id').where('order_id', '=', placed.id).execute()).length,
    ).toBe(1);

    const orderToken = tokenOf(orderUrl.split('?')[0]!, '/orders/');
    const orderHtml = await (
      await requestPage(OrderPage, `/orders/${orderToken}?done=account`, { params: { token: orderToken } })
    ).text();
    expect(orderHtml).toContain(`We e-mailed you invoice INV-${invoice.number}`);
    expect(orderHtml).toContain('Billed to your account on purchase order PO-4512');
    expect(orderHtml).toContain(`Balance due: <strong>${usd(placed.total_cents)}</strong>`);

    const invoiceToken = tokenOf(/(http\S+\/invoices\/\S+)/.exec(invoiceMail)![1]!, '/invoices/');
    const invoicePage = await page(InvoicePage, '/invoices/', invoiceToken);
    expect(invoicePage.status).toBe(200);
    const invoiceHtml = await invoicePage.text();
    for (const words of [
      `Invoice INV-${invoice.number}`,
      'PO-4512',
      'Net 30',
      'Lincoln High Athletics',
      '1200 Lincoln Ave',
    ]) {
      expect(invoiceHtml).toContain(words);
    }
    expect(invoiceHtml).toContain(`Pay online, ${usd(placed.total_cents)}`);

    const pay = await page(InvoicePage, '/invoices/', invoiceToken, 'POST');
    expect(pay.status).toBe(303);
    const sessionId = new URL(pay.headers.get('location')!).pathname.split('/').pop()!;
    const paid = await requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
      method: 'POST',
      headers: { origin: ORIGIN },
      params: { sessionId },
    });
    expect(paid.status).toBe(303);
    const after = await (await page(InvoicePage, '/invoices/', invoiceToken)).text();
    expect(after).toContain('Paid in full');
    expect(after).not.toContain('Pay online');
    const refused = await page(InvoicePage, '/invoices/', invoiceToken, 'POST');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This invoice is paid in full');
  });

  it('refuses an address that is no account, a missing PO and a shipped order without its address, storing nothing', async () => {
    await account({ name: 'Ector ISD', domain: 'ector.example' });
    const before = await snapshot(database.db);
    const stranger = await orderOnAccount('someone@elsewhere.example');
    expect(stranger.status).toBe(403);
    const body = (await stranger.json()) as ErrorBody;
    expect(body.error.code).toBe('not_an_account');
    expect(body.error.fields?.['account.email']).toBe('This address has no account with us.');
    // A sub-domain is not its parent's account.
    expect((await orderOnAccount('pat@mail.ector.example')).status).toBe(403);

    const noPo = await checkout({
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity: 1 }],
      fulfillment: 'shipping',
      account: { email: 'pat@ector.example', poNumber: ' ', name: 'Pat', address: ADDRESS },
    });
    expect(noPo.status).toBe(400);
    expect(((await noPo.json()) as ErrorBody).error.fields?.['account.poNumber']).toBe(
      'Enter your purchase order number.',
    );
    const noAddress = await checkout({
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity: 1 }],
      fulfillment: 'shipping',
      account: { email: 'pat@ector.example', poNumber: 'A1', name: 'Pat' },
    });
    expect(noAddress.status).toBe(400);
    expect(((await noAddress.json()) as ErrorBody).error.fields?.['account.address']).toBe(
      'Enter where to ship the order.',
    );
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    // Every address at the domain buys on its account; local handoff needs no address.
    const local = await checkout({
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity: 1 }],
      fulfillment: 'local',
      account: { email: 'pat@ector.example', poNumber: 'A1', name: 'Pat' },
    });
    expect(local.status).toBe(201);
  });

  it('charges no tax to an exempt account with its certificate on file, and tax without one', async () => {
    await account({ name: 'Permian Church', email: 'office@church.example', exempt: 'with-certificate' });
    await account({ name: 'Basin Club', email: 'club@basin.example', exempt: 'no-certificate' });
    expect((await orderOnAccount('office@church.example', 4)).status).toBe(201);
    expect((await orderOnAccount('club@basin.example', 4)).status).toBe(201);
    const exempt = await pendingOf('office@church.example');
    const taxed = await pendingOf('club@basin.example');
    expect(exempt.tax_cents).toBe(0);
    expect(taxed.tax_cents).toBeGreaterThan(0);
    expect(exempt.total_cents).toBe(taxed.total_cents - taxed.tax_cents);
    const { invoiceId } = await confirmAccountOrder(database.db, exempt.id);
    const token = signLink('invoice', invoiceId);
    expect(await (await page(InvoicePage, '/invoices/', token)).text()).toContain(
      'Sales tax (exempt, certificate on file)',
    );
  });

  it('keeps an account within its credit limit at checkout and again at confirmation', async () => {
    await account({ name: 'Small Club', email: 'treasurer@small.example', limit: 30_000 });
    const before = await snapshot(database.db);
    const over = await orderOnAccount('treasurer@small.example', 40);
    expect(over.status).toBe(409);
    const words = ((await over.json()) as ErrorBody).error.message;
    expect(words).toMatch(/^This order of \$[0-9.,]+ is more than we can bill to this account now\./);
    // The words never tell a stranger what the account owes or may owe.
    expect(words).not.toContain('$300.00');
    expect(changedTables(before, await snapshot(database.db))).toEqual([]);

    // Two orders each within the limit, not both: the second confirmation is refused.
    expect((await orderOnAccount('treasurer@small.example', 6)).status).toBe(201);
    const first = await pendingOf('treasurer@small.example');
    expect((await orderOnAccount('treasurer@small.example', 6)).status).toBe(201);
    const second = await pendingOf('treasurer@small.example');
    expect(first.total_cents + second.total_cents).toBeGreaterThan(30_000);
    const results = await Promise.allSettled([
      confirmAccountOrder(database.db, first.id),
      confirmAccountOrder(database.db, second.id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refusal.reason as Error).message).toContain('more than we can bill to this account now');
    const statuses = await database.db
      .selectFrom('orders')
      .select('status')
      .where('id', 'in', [first.id, second.id])
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['paid', 'pending']);
    expect(
      (await database.db.selectFrom('invoices').select('id').where('order_id', 'in', [first.id, second.id]).execute())
        .length,
    ).toBe(1);
  });

  it('answers 404 to a wrong token, another purpose or another site, and refuses a lapsed order in words', async () => {
    await account({ name: 'Late Club', email: 'late@club.example' });
    expect((await orderOnAccount('late@club.example', 1)).status).toBe(201);
    const order = await pendingOf('late@club.example');
    const token = signLink('account-order', order.id);
    expect((await page(AccountOrderPage, '/account-orders/', `${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await page(AccountOrderPage, '/account-orders/', signLink('order', order.id))).status).toBe(404);
    expect((await page(InvoicePage, '/invoices/', signLink('order', order.id))).status).toBe(404);
    expect((await page(AccountOrderPage, '/account-orders/', token, 'POST', 'https://evil.example')).status).toBe(404);
    expect((await pendingOf('late@club.example')).status).toBe('pending');

    await database.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', order.id)
      .execute();
    const lapsed = await page(AccountOrderPage, '/account-orders/', token, 'POST');
    expect(lapsed.status).toBe(409);
    expect(await lapsed.text()).toContain('This order was not confirmed in time');
    expect((await pendingOf('late@club.example')).status).toBe('pending');
    expect(
      (await database.db.selectFrom('invoices').select('id').where('order_id', '=', order.id).execute()).length,
    ).toBe(0);
  });
});
