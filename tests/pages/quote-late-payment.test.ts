import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { quoteValidity } from '../../src/server/quotes/expiry.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { answerQuote, quotePaidAtStripe, withdrawQuote } from '../support/quote-payment.ts';

/**
 * A payment that completes after its quote was withdrawn, declined or expired (docs/decisions/0025-hardening.md): the
 * payment page's hold had run out, so the quote could be closed, but the customer paid anyway.
 * The quote stays as it was closed; the order is not a job to print but is cancelled and
 * flagged for the owner to refund, as a payment after a decline always was.
 */
const WEBHOOK_SECRET = 'whsec_test_quote_late_payment';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);

describe.each(DATABASE_KINDS)('a payment after the quote was closed, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  /** A sent quote whose payment page was opened and paid at Stripe, its hold since run out. */
  async function paidAfterHold(name: string) {
    const quote = await quotePaidAtStripe(database.db, stripe, {
      what: `Late ${name}`,
      email: `late.${name}@example.com`,
    });
    await database.db
      .updateTable('orders')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('quote_request_id', '=', quote.id)
      .execute();
    return quote;
  }

  const close: Record<string, (quote: { id: string; token: string }) => Promise<void>> = {
    withdrawn: async ({ id }) => {
      expect((await withdrawQuote(id)).status).toBe(200);
    },
    declined: async ({ token }) => {
      expect((await answerQuote(token, 'decline')).status).toBe(303);
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
      { status: 'cancelled', attention_reason: expect.stringMatching(/^A Stripe payment completed after/) },
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
