import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stripeWebhook from '../../netlify/functions/stripe-webhook.mts';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { deliverStripeEvent, fakeStripeForFile } from '../support/fake-stripe.ts';
import { answerQuote, quotePaidAtStripe, withdrawQuote } from '../support/quote-payment.ts';

/**
 * A quote paid and declined (or withdrawn) at the same moment (docs/decisions/0025-hardening.md, item 8). Payment
 * locked the order then the quote, decline the quote then the order: on PostgreSQL the two
 * deadlocked and one answered 500. Every path now locks the quote first. Row locks only matter
 * on a server with real concurrency, so this runs on PostgreSQL (PGlite runs one at a time).
 */
const WEBHOOK_SECRET = 'whsec_test_quote_races';
const stripe = fakeStripeForFile(WEBHOOK_SECRET);
const ROUNDS = 20;

describe('a quote paid while it is declined or withdrawn, on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const quoteBeingPaid = (round: number) =>
    quotePaidAtStripe(database.db, stripe, { what: `Race ${round}`, email: `race${round}@example.com` });
  const answer = answerQuote;
  const withdraw = withdrawQuote;
  const paid = (sessionId: string) =>
    deliverStripeEvent(stripeWebhook, {
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      type: 'checkout.session.completed',
      object: { ...stripe.fake.sessions.get(sessionId)!, customer_details: { email: 'rae@example.com', name: 'Rae' } },
      secret: WEBHOOK_SECRET,
    });
  const stateOf = async (id: string) => ({
    quote: (
      await database.db.selectFrom('quote_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    ).status,
    orders: await database.db
      .selectFrom('orders')
      .select(['status', 'attention_reason'])
      .where('quote_request_id', '=', id)
      .execute(),
  });

  it(`pay × decline, ${ROUNDS} rounds: never a 500, and either paid and accepted or declined with the payment flagged`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const quote = await quoteBeingPaid(round);
      const [webhook, decline] = await Promise.all([paid(quote.sessionId), answer(quote.token, 'decline')]);
      expect(webhook.status, `round ${round}: the webhook`).toBe(200);
      expect([303, 409], `round ${round}: the decline`).toContain(decline.status);
      const state = await stateOf(quote.id);
      if (decline.status === 303) {
        // Declined first: the order was released, and the payment that came after is flagged for a refund.
        expect(state.quote).toBe('declined');
        expect(state.orders).toEqual([
          { status: 'cancelled', attention_reason: expect.stringMatching(/^A Stripe payment completed after/) },
        ]);
      } else {
        expect(state.quote).toBe('accepted');
        expect(state.orders).toEqual([{ status: 'paid', attention_reason: null }]);
      }
    }
  }, 120_000);

  it(`pay × withdraw, ${ROUNDS} rounds: never a 500, and the quote is paid and accepted, the withdrawal refused`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const quote = await quoteBeingPaid(100 + round);
      const [webhook, withdrawn] = await Promise.all([paid(quote.sessionId), withdraw(quote.id)]);
      expect(webhook.status, `round ${round}: the webhook`).toBe(200);
      // While its payment page is open a quote cannot be withdrawn, and once paid it is accepted: 409 either way.
      expect(withdrawn.status, `round ${round}: the withdrawal`).toBe(409);
      expect(await stateOf(quote.id)).toEqual({
        quote: 'accepted',
        orders: [{ status: 'paid', attention_reason: null }],
      });
    }
  }, 120_000);
});
