import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import quotePage from '../../netlify/functions/quote-page.mts';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { quoteValidity } from '../../src/server/quotes/expiry.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { adminProductSaves } from '../support/admin-product-saves.ts';
import { callFunction } from '../support/call-function.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';

/**
 * A payment that completes after its quote was withdrawn, declined or expired (issue #25): the
 * payment page's hold had run out, so the quote could be closed, but the customer paid anyway.
 * The quote stays as it was closed; the order is not a job to print but is cancelled and
 * flagged for the owner to refund, as a payment after a decline always was.
 */
const WEBHOOK_SECRET = 'whsec_test_quote_late_payment';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const { authorization } = adminProductSaves();
const ORIGIN = 'http://localhost:4321';

describe.each(DATABASE_KINDS)('a payment after the quote was closed, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const answer = (token: string, action: 'accept' | 'decline') =>
    callFunction(quotePage, `/quotes/${token}`, {
      method: 'POST',
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ action }).toString(),
    });

  /** A sent quote whose payment page was opened and paid at Stripe, its hold since run out. */
  async function paidAfterHold(name: string) {
    const { id } = await submitQuoteRequest(
      database.db,
      { what: `Late ${name}`, quantity: 10, fullName: 'Lee Late', emailAddress: `late.${name}@example.com` },
      { shopEmail: 'shop@example.com' },
    );
    await saveQuoteRevision(database.db, id, {
      lines: [{ kind: 'custom', description: 'Tee', quantity: 10, unit_price_cents: 1500, setup_fee_cents: 0 }],
      discount_cents: 0,
      fulfillment: 'local',
      shipping_speed: null,
      valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    await sendQuote(database.db, id);
    const token = signLink('quote', id);
    const accepted = await answer(token, 'accept');
    expect(accepted.status).toBe(303);
    const sessionId = (accepted.headers.get('location') ?? '').split('/').at(-1) ?? '';
    stripe.fake.pay(sessionId);
    await database.db
      .updateTable('orders')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('quote_request_id', '=', id)
      .execute();
    return { id, token, sessionId };
  }

  const close: Record<string, (quote: { id: string; token: string }) => Promise<void>> = {
    withdrawn: async ({ id }) => {
      const res = await callFunction(adminQuotes, `/api/quote-requests/${id}/send`, {
        method: 'POST',
        params: { id },
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'withdraw' }),
      });
      expect(res.status).toBe(200);
    },
    declined: async ({ token }) => {
      expect((await answer(token, 'decline')).status).toBe(303);
    },
    expired: async ({ id }) => {
      await database.db
        .updateTable('quote_revisions')
        .set({ valid_until: sql<string>`current_date - 2` })
        .where('quote_request_id', '=', id)
        .execute();
      await quoteValidity.run(database.db);
    },
  };

  it.each(Object.keys(close))('%s: the quote stays so, its late payment is flagged for a refund', async (status) => {
    const quote = await paidAfterHold(status);
    await close[status]!(quote);
    const res = await deliverStripeEvent(stripeWebhook, {
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      type: 'checkout.session.completed',
      object: { ...stripe.fake.sessions.get(quote.sessionId)!, customer_details: { email: 'lee@example.com' } },
      secret: WEBHOOK_SECRET,
    });
    expect(res.status).toBe(200);

    const stored = await database.db
      .selectFrom('quote_requests')
      .select('status')
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(status);
    const orders = await database.db
      .selectFrom('orders')
      .select(['status', 'attention_reason'])
      .where('quote_request_id', '=', quote.id)
      .execute();
    expect(orders).toEqual([
      { status: 'cancelled', attention_reason: expect.stringMatching(/^A payment completed after/) },
    ]);
    // No "quote accepted" e-mail to the shop about it.
    const accepted = await database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('template_name', '=', 'quote-accepted')
      .where('reply_to', '=', `late.${status}@example.com`)
      .execute();
    expect(accepted).toHaveLength(0);
  });
});
