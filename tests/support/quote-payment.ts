import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import adminQuotes from '../../netlify/functions/admin-quotes.mts';
import QuotePage from '../../src/pages/quotes/[token].astro';
import type { Database } from '../../src/server/db/types.ts';
import { submitQuoteRequest } from '../../src/server/forms/quote-request.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote } from '../../src/server/quotes/send.ts';
import { adminProductSaves } from './admin-product-saves.ts';
import { callFunction } from './call-function.ts';
import { requestPage } from './on-demand-page.ts';
import type { fakeStripeForFile } from './fake-stripe.ts';

const ORIGIN = 'http://localhost:4321';
const { authorization } = adminProductSaves();

/** The customer's Accept or Decline on the quote page, posted as its form does. */
export const answerQuote = (token: string, action: 'accept' | 'decline') =>
  requestPage(QuotePage, `/quotes/${token}`, {
    method: 'POST',
    params: { token },
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams({ action }).toString(),
  });

/** The owner's Withdraw, through the admin function. */
export const withdrawQuote = (id: string) =>
  callFunction(adminQuotes, `/api/quote-requests/${id}/send`, {
    method: 'POST',
    params: { id },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'withdraw' }),
  });

/**
 * A sent quote (10 tees at $15, local pickup) whose customer pressed Accept and paid at the
 * Stripe stand-in; the webhook is left to the test. Answers the quote's id, link token and session.
 */
export async function quotePaidAtStripe(
  db: Kysely<Database>,
  stripe: ReturnType<typeof fakeStripeForFile>,
  who: { what: string; email: string },
) {
  const { id } = await submitQuoteRequest(
    db,
    { what: who.what, quantity: 10, fullName: 'Rae Race', emailAddress: who.email },
    { shopEmail: 'shop@example.com' },
  );
  await saveQuoteRevision(db, id, {
    lines: [{ kind: 'custom', description: 'Tee', quantity: 10, unit_price_cents: 1500, setup_fee_cents: 0 }],
    discount_cents: 0,
    fulfillment: 'local',
    shipping_speed: null,
    valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  });
  await sendQuote(db, id);
  const token = signLink('quote', id);
  const accepted = await answerQuote(token, 'accept');
  expect(accepted.status).toBe(303);
  const sessionId = (accepted.headers.get('location') ?? '').split('/').at(-1) ?? '';
  stripe.fake.pay(sessionId);
  return { id, token, sessionId };
}
