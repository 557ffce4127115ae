import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QuotePage from '../../src/pages/quotes/[token].astro';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { requestPage } from '../support/on-demand-page.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * A quote paid through Stripe Checkout (docs/decisions/0017-quotes.md): the real SDK against a local stand-in that
 * speaks Stripe's wire format. The session charges exactly the stored revision, and the quote is
 * accepted when Stripe reports the payment.
 */
const WEBHOOK_SECRET = 'whsec_test_quotes';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const ORIGIN = 'http://localhost:4321';

describe.each(DATABASE_KINDS)('a quote paid through Stripe on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  it('opens a session for exactly the quoted lines, discount and tax; the webhook accepts the quote once', async () => {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: 'Numbered jerseys', quantity: 40, fullName: 'Coach Reyes', emailAddress: 'coach.reyes@example.com' },
      { shopEmail: 'shop@example.com' },
    );
    await saveQuoteRevision(database.db, id, {
      lines: [
        {
          kind: 'custom',
          description: 'Sublimated jersey, name and number',
          quantity: 40,
          unit_price_cents: 3450,
          setup_fee_cents: 7500,
        },
      ],
      discount_cents: 5000,
      fulfillment: 'shipping',
      shipping_speed: 'standard',
      valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    await sendQuote(database.db, id);
    const token = signLink('quote', id);
    const accepted = await requestPage(QuotePage, `/quotes/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: 'action=accept',
    });
    expect(accepted.status).toBe(303);
    const location = accepted.headers.get('location') ?? '';
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sessionId = location.split('/').at(-1) ?? '';
    const session = stripe.fake.sessions.get(sessionId)!;
    // 40 × $34.50 + $75 setup - $50 + 8% tax on $1,405.00; free shipping above $100.
    const total = 138_000 + 7500 - 5000 + 11_240;
    expect(session['amount_total']).toBe(total);
    expect(session['cancel_url']).toBe(`${ORIGIN}/quotes/${token}?done=cancelled`);
    expect(session['client_reference_id']).toBeTruthy();

    stripe.fake.pay(sessionId);
    const paid = {
      ...stripe.fake.sessions.get(sessionId)!,
      customer_details: { email: 'coach.reyes@example.com', name: 'Coach Reyes' },
    };
    const event = `evt_${crypto.randomUUID().replace(/-/g, '')}`;
    for (let i = 0; i < 2; i++) {
      const res = await deliverStripeEvent(stripeWebhook, {
        id: event,
        type: 'checkout.session.completed',
        object: paid,
        secret: WEBHOOK_SECRET,
      });
      expect(res.status).toBe(200);
    }
    const order = await database.db
      .selectFrom('orders')
      .select(['status', 'total_cents'])
      .where('quote_request_id', '=', id)
      .execute();
    expect(order).toEqual([{ status: 'paid', total_cents: total }]);
    const quote = await database.db
      .selectFrom('quote_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe('accepted');
    const notices = await database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('template_name', '=', 'quote-accepted')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('charges only the deposit of a quote taken with one, as one readable line, and records it once', async () => {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: 'Banners', quantity: 4, fullName: 'Dee Posit', emailAddress: 'dee.posit@example.com' },
      { shopEmail: 'shop@example.com' },
    );
    await saveQuoteRevision(database.db, id, {
      lines: [
        {
          kind: 'custom',
          description: 'Vinyl banner 4 × 8 ft',
          quantity: 4,
          unit_price_cents: 25_600,
          setup_fee_cents: 0,
        },
      ],
      discount_cents: 0,
      fulfillment: 'shipping',
      shipping_speed: 'standard',
      valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      deposit_percent: 50,
      balance_due: 'ready',
    });
    await sendQuote(database.db, id);
    const token = signLink('quote', id);
    const accepted = await requestPage(QuotePage, `/quotes/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: 'action=accept',
    });
    expect(accepted.status).toBe(303);
    const sessionId = (accepted.headers.get('location') ?? '').split('/').at(-1) ?? '';
    // 4 × $256.00 + 8 % tax = $1,105.92, free shipping: the deposit is $552.96.
    const total = 102_400 + 8192;
    const session = stripe.fake.sessions.get(sessionId)!;
    expect(session['amount_total']).toBe(total / 2);
    const order = await database.db
      .selectFrom('orders')
      .select(['id', 'total_cents', 'deposit_cents'])
      .where('quote_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total_cents: total, deposit_cents: total / 2 });
    const created = stripe.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const items = created.body['line_items'] as {
      price_data: { unit_amount: string; product_data: { name: string; description: string } };
    }[];
    expect(items).toHaveLength(1);
    expect(items[0]!.price_data.product_data.name).toBe(`Deposit 50 %, order ${order.id.slice(0, 8).toUpperCase()}`);
    expect(items[0]!.price_data.product_data.description).toBe(
      'Order total $1,105.92. The balance of $552.96 is asked when your order is ready.',
    );
    // The address of an order to be shipped is still collected.
    expect(created.body['shipping_address_collection']).toBeTruthy();

    stripe.fake.pay(sessionId);
    const paid = {
      ...stripe.fake.sessions.get(sessionId)!,
      customer_details: { email: 'dee.posit@example.com', name: 'Dee Posit' },
    };
    const event = `evt_${crypto.randomUUID().replace(/-/g, '')}`;
    for (let i = 0; i < 2; i++) {
      const res = await deliverStripeEvent(stripeWebhook, {
        id: event,
        type: 'checkout.session.completed',
        object: paid,
        secret: WEBHOOK_SECRET,
      });
      expect(res.status).toBe(200);
    }
    const payments = await database.db
      .selectFrom('order_payments')
      .select(['amount_cents', 'method'])
      .where('order_id', '=', order.id)
      .execute();
    expect(payments).toEqual([{ amount_cents: total / 2, method: 'card' }]);
  });
});
