import { quoteAnswerSchema } from '../../lib/quotes/quote-answer-schema.ts';
import { checkoutUrls } from '../links/urls.ts';
import { db } from '../db/index.ts';
import { DomainError, MethodNotAllowed } from '../errors.ts';
import { parseForm, readSubmission } from '../form-body.ts';
import { asDomainError, crossOrigin, headersOf, statusOf } from '../http.ts';
import { verifyLink } from '../links/signed-links.ts';
import { paymentProvider } from '../orders/payment-provider.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { acceptQuote, declineQuote } from './accept.ts';
import { type CustomerQuoteView, customerQuoteView } from './customer-quote.ts';

/** Notices after the customer answered (the form posts back, then the page is shown again). */
export type QuoteNotice = 'declined' | 'cancelled' | null;

/** A refused answer, shown on the page again with what the customer wrote. */
export interface QuoteProblem {
  message: string;
  fields?: Record<string, string> | undefined;
  reason?: string;
}

/**
 * What the quote page (src/pages/quotes/[token].astro) shows for one request: the quote, the
 * same "not found" page for every link that does not check out, a problem page (a request it
 * could not take), or a redirect after an answer. `headers` go on the answer.
 */
export type QuotePageOutcome = { status: number; headers?: Record<string, string> } & (
  | { kind: 'quote'; view: CustomerQuoteView; notice: QuoteNotice; problem: QuoteProblem | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
  | { kind: 'redirect'; location: string }
);

const notFound: QuotePageOutcome = { kind: 'not-found', status: 404 };

/**
 * The customer's quote page behind a signed link (docs/decisions/0017-quotes.md): GET shows the quote; POST
 * action=accept opens the payment page for exactly the sent revision (303 there), and
 * action=decline (with an optional reason) closes it. A link that does not check out, for any
 * reason, is the same 404 page; it opens one quote only. Another site's page may not post here;
 * a refused answer shows the page again with the reason.
 */
export async function quotePageRequest(req: Request, token: string): Promise<QuotePageOutcome> {
  try {
    if (isForeignOrigin(req)) throw crossOrigin();
    const quoteId = verifyLink('quote', token);
    if (!quoteId) return notFound;
    const database = await db();
    if (req.method === 'GET' || req.method === 'HEAD') {
      const view = await customerQuoteView(database, quoteId);
      if (!view) return notFound;
      const done = new URL(req.url).searchParams.get('done');
      const notice: QuoteNotice = done === 'declined' || done === 'cancelled' ? done : null;
      return { kind: 'quote', status: 200, view, notice, problem: null };
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 8 * 1024);
    const reason = typeof data['reason'] === 'string' ? data['reason'].trim() : '';
    const page = `/quotes/${token}`;
    try {
      if (!(await customerQuoteView(database, quoteId))) return notFound;
      const answer = parseForm(quoteAnswerSchema, data);
      if (answer.action === 'accept') {
        const urls = checkoutUrls(req);
        const { url } = await acceptQuote(database, paymentProvider(database), quoteId, {
          ...urls,
          cancelUrl: `${urls.origin}${page}?done=cancelled`,
        });
        return { kind: 'redirect', status: 303, location: url };
      }
      await declineQuote(database, paymentProvider(database), quoteId, answer.reason || null);
      return { kind: 'redirect', status: 303, location: `${page}?done=declined` };
    } catch (error) {
      const view = await customerQuoteView(database, quoteId);
      if (!view || !(error instanceof DomainError)) throw error;
      const problem = { message: error.message, fields: error.fields, reason };
      return { kind: 'quote', status: statusOf(error), view, notice: null, problem };
    }
  } catch (error) {
    const problem = asDomainError(error, 'quote-page');
    return { kind: 'problem', message: problem.message, status: statusOf(problem), headers: headersOf(problem) };
  }
}
