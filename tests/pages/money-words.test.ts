import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import AccountOrderPage from '../../src/pages/account-orders/[token].astro';
import InvoicePage from '../../src/pages/invoices/[token].astro';
import OrderPage from '../../src/pages/orders/[token].astro';
import QuotePage from '../../src/pages/quotes/[token].astro';
import TestPaymentPage from '../../src/pages/test-payment/[sessionId].astro';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { findSessionOrder } from '../../src/server/orders/session-view.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { postJson, sessionIdOf, setVariantStock, type VariantFixture, variantOf } from '../support/checkout.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { adjustOrder } from '../support/order-changes.ts';
import { paymentRequestCalls, payOnOrderPage } from '../support/payment-requests.ts';
import { answerQuote } from '../support/quote-payment.ts';

/**
 * Issue 41, items 8 and 10: every e-mail and page says what was paid and what is owed. A quote
 * taken on a deposit is not "paid", an owner's change e-mails the new amount owed, every payment
 * after checkout is confirmed with what is still owed, the order page lists the order as it is
 * now, and an order on account reads as billed, not paid.
 */
const { authorization } = adminProductSaves();
const { ask } = paymentRequestCalls(authorization);
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const ORIGIN = 'http://localhost:4321';
/** 20 tees at $15.50 and a $40 setup fee, picked up: $350.00 + 8 % tax = $378.00. */
const TOTAL = 37_800;
const DEPOSIT = TOTAL / 2;

const payOn = (sessionId: string) =>
  requestPage(TestPaymentPage, `/test-payment/${sessionId}`, {
    method: 'POST',
    headers: { origin: ORIGIN },
    params: { sessionId },
  });
const tokenOf = (url: string, prefix: string) => new URL(url).pathname.slice(prefix.length);

describe.each(DATABASE_KINDS)('money in words after deposits and changes, on %s', (kind) => {
  let database: TestDatabase;
  let tee: VariantFixture;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
    tee = await variantOf(database.db, 'west-texas-energy-tee', 2);
    await setVariantStock(database.db, tee.variantId, 1000);
  });
  afterAll(() => database.dispose());

  const mailsTo = (to: string, template: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', to)
      .where('template_name', '=', template)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const orderPage = async (orderId: string) => {
    const token = signLink('order', orderId);
    return (await requestPage(OrderPage, `/orders/${token}`, { params: { token } })).text();
  };

  /** A quote of LINES on a 50 % deposit, accepted and its deposit paid: answers the order id. */
  async function depositOrder(name: string) {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: `Tees for ${name}`, quantity: 20, fullName: `Coach ${name}`, emailAddress: `${name}@example.com` },
      { shopEmail: 'shop@example.com' },
    );
    const saved = await callFunction(adminQuotes, `/api/quote-requests/${id}/revisions`, {
      method: 'POST',
      params: { id },
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [
          { kind: 'custom', description: 'Team tee', quantity: 20, unit_price_cents: 1550, setup_fee_cents: 4000 },
        ],
        discount_cents: 0,
        fulfillment: 'local',
        valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        deposit_percent: 50,
        balance_due: 'ready',
      }),
    });
    expect(saved.status).toBe(201);
    await sendQuote(database.db, id);
    const accepted = await answerQuote(signLink('quote', id), 'accept');
    expect(accepted.status).toBe(303);
    const session = (await findSessionOrder(database.db, sessionIdOf(accepted.headers.get('location') ?? '')))!;
    await completeOrder(database.db, session.id, { email: `${name}@example.com`, name: `Coach ${name}` });
    return session.id;
  }

  it("tells the shop a deposit was paid and what is owed, never 'accepted and paid' the whole total", async () => {
    const orderId = await depositOrder('deposit-words');
    // To the shop, answering to the customer.
    const mail = await database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('reply_to', '=', 'deposit-words@example.com')
      .where('template_name', '=', 'quote-accepted')
      .executeTakeFirst();
    expect(mail!.subject).not.toContain('accepted and paid');
    expect(mail!.subject).toContain(`paid ${usd(DEPOSIT)} deposit, ${usd(TOTAL - DEPOSIT)} owed`);
    expect(mail!.text_body).toContain(
      `Paid: ${usd(DEPOSIT)} (deposit). Owed: ${usd(TOTAL - DEPOSIT)} of ${usd(TOTAL)}.`,
    );
    expect(mail!.text_body).not.toContain(`accepted and paid quote`);

    // The customer's quote page says the same, not "Accepted and paid".
    const quoteId = (
      await database.db
        .selectFrom('orders')
        .select('quote_request_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).quote_request_id!;
    const token = signLink('quote', quoteId);
    const quotePage = await (await requestPage(QuotePage, `/quotes/${token}`, { params: { token } })).text();
    expect(quotePage).not.toContain('Accepted and paid');
    expect(quotePage).toContain(`Accepted: you paid a ${usd(DEPOSIT)} deposit and ${usd(TOTAL - DEPOSIT)} is owed.`);
  });

  /** A deposit order the owner then grew by a $12.00 adjustment: answers its id and new total. */
  async function changedDepositOrder(name: string) {
    const orderId = await depositOrder(name);
    const changed = await adjustOrder(authorization, orderId, 1200, 'Six more pieces');
    expect(changed.total_cents).toBeGreaterThan(TOTAL);
    return { orderId, total: changed.total_cents };
  }

  it('e-mails the customer what changed, the new total, what was paid and what is owed now', async () => {
    const { total } = await changedDepositOrder('change-mail');
    const [change] = await mailsTo('change-mail@example.com', 'order-changed');
    expect(change!.subject).toContain(`now ${usd(total)}`);
    expect(change!.text_body).toContain('Adjustment +$12.00 — Six more pieces');
    expect(change!.text_body).toContain(`New total: ${usd(total)} (was ${usd(TOTAL)})`);
    expect(change!.text_body).toContain(`Paid so far: ${usd(DEPOSIT)}`);
    expect(change!.text_body).toContain(`Owed now: ${usd(total - DEPOSIT)}`);
  });

  it("lists the order's lines with their prices and its totals as they are after a change", async () => {
    const { orderId, total } = await changedDepositOrder('change-page');
    const page = await orderPage(orderId);
    expect(page).toMatch(/20 × Team tee<\/strong>\s*<span[^>]*>\$310\.00<\/span>/);
    expect(page).toMatch(/Setup, Team tee<\/strong>\s*<span[^>]*>\$40\.00<\/span>/);
    expect(page).toMatch(/Adjustment: Six more pieces<\/strong>\s*<span[^>]*>\+\$12\.00<\/span>/);
    expect(page).toContain('Subtotal: $362.00');
    expect(page).toContain(`Total: <strong>${usd(total)}</strong>`);
  });

  it('asks the balance with what was paid and is owed, and confirms its payment with what is still owed', async () => {
    const customer = 'change-pay@example.com';
    const { orderId, total } = await changedDepositOrder('change-pay');
    const asked = await ask(orderId, { kind: 'balance' });
    expect(asked.status).toBe(201);
    const requestId = ((await asked.json()) as { id: string }).id;
    const [request] = await mailsTo(customer, 'payment-request');
    expect(request!.text_body).toContain(
      `Paid so far: ${usd(DEPOSIT)} of ${usd(total)}. Owed now: ${usd(total - DEPOSIT)}.`,
    );
    const outcome = await payOnOrderPage(orderId, requestId);
    expect(outcome).toMatchObject({ kind: 'redirect', status: 303 });
    expect((await payOn(sessionIdOf((outcome as { location: string }).location))).status).toBe(303);
    const [received] = await mailsTo(customer, 'payment-received');
    expect(received!.subject).toContain(`${usd(total - DEPOSIT)} received`);
    expect(received!.text_body).toContain(`We received ${usd(total - DEPOSIT)} (Balance)`);
    expect(received!.text_body).toContain(`Paid so far: ${usd(total)} of ${usd(total)}`);
    expect(received!.text_body).toContain('Owed now: $0.00');
  });

  it('shows an order on account as billed with its due date, the invoice as the shop’s, and confirms its payment', async () => {
    await database.db
      .insertInto('business_accounts')
      .values({ name: 'Permian Rotary', email: 'bursar@rotary.example', terms: 'net_30', credit_limit_cents: 500_000 })
      .execute();
    const started = await postJson(cartCheckout, '/api/cart/checkout', {
      items: [{ productId: tee.productId, colorId: tee.colorId, sizeId: tee.sizeId, quantity: 6 }],
      fulfillment: 'local',
      account: { email: 'bursar@rotary.example', poNumber: 'PO-77', name: 'Pat Bursar' },
    });
    expect(started.status).toBe(201);
    const [confirm] = await mailsTo('bursar@rotary.example', 'account-order-confirm');
    const confirmUrl = /(http\S+\/account-orders\/\S+)/.exec(confirm!.text_body)![1]!;
    const token = tokenOf(confirmUrl, '/account-orders/');
    const confirmed = await requestPage(AccountOrderPage, `/account-orders/${token}`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      params: { token },
    });
    expect(confirmed.status).toBe(303);
    const orderId = (
      await database.db.selectFrom('orders').select('id').where('po_number', '=', 'PO-77').executeTakeFirstOrThrow()
    ).id;
    const invoice = await database.db
      .selectFrom('invoices')
      .select(['id', 'number', 'due_on'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const due = new Date(invoice.due_on).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });

    const page = await orderPage(orderId);
    expect(page).not.toContain('Where it is: Paid');
    expect(page).toContain('Where it is: On account');
    expect(page).toContain(`Invoice INV-${invoice.number} is due ${due}`);
    expect(page).not.toContain('asked for a payment');
    expect(page).toContain(`We issued an invoice: “Invoice INV-${invoice.number} issued`);

    // Paid online from the invoice: the payment is confirmed with nothing owed.
    const invoiceToken = signLink('invoice', invoice.id);
    const pay = await requestPage(InvoicePage, `/invoices/${invoiceToken}`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      params: { token: invoiceToken },
    });
    expect(pay.status).toBe(303);
    expect((await payOn(new URL(pay.headers.get('location')!).pathname.split('/').pop()!)).status).toBe(303);
    const [received] = await mailsTo('bursar@rotary.example', 'payment-received');
    expect(received!.text_body).toContain('Owed now: $0.00');
  });
});
