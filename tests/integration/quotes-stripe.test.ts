import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import quotePage from '../../netlify/functions/quote-page.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * A quote paid through Stripe Checkout (issue #17): the real SDK against a local stand-in that
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
    const accepted = await callFunction(quotePage, `/quotes/${token}`, {
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
});
