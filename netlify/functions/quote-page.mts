import type { Config, Context } from '@netlify/functions';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { quoteAnswerSchema } from '../../src/lib/quote-answer-schema.ts';
import { DomainError, MethodNotAllowed } from '../../src/server/errors.ts';
import { parseForm, readSubmission } from '../../src/server/forms/body.ts';
import { asDomainError, handle, statusOf } from '../../src/server/http.ts';
import { verifyLink } from '../../src/server/links/signed-links.ts';
import { renderLinkNotFound, renderProblemPage } from '../../src/server/forms/link-pages.ts';
import { paymentProvider } from '../../src/server/payments/index.ts';
import { acceptQuote, declineQuote } from '../../src/server/quotes/accept.ts';
import { customerQuoteView } from '../../src/server/quotes/customer-quote.ts';
import { type QuoteNotice, quotePageHeaders, renderQuotePage } from '../../src/server/quotes/quote-page.ts';

const page = (html: string, status = 200) => new Response(html, { status, headers: quotePageHeaders() });
const notFound = () => page(renderLinkNotFound('a quote'), 404);

/**
 * The customer's quote page behind a signed link (issue #17): GET shows the quote; POST
 * action=accept opens the payment page for exactly the sent revision (303 there), and
 * action=decline (with an optional reason) closes it. A link that does not check out, for any
 * reason, is the same 404 page; it opens one quote only. A refused answer shows the page again
 * with the reason.
 */
export default handle(async (req: Request, context: Context): Promise<Response> => {
  const token = context.params?.['token'] ?? '';
  const quoteId = verifyLink('quote', token);
  if (!quoteId) return notFound();
  try {
    const database = await db();
    if (req.method === 'GET') {
      const view = await customerQuoteView(database, quoteId);
      if (!view) return notFound();
      const done = new URL(req.url).searchParams.get('done');
      const notice: QuoteNotice = done === 'declined' || done === 'cancelled' ? done : null;
      return page(renderQuotePage(view, token, notice));
    }
    if (req.method !== 'POST') throw new MethodNotAllowed(req.method, ['GET', 'POST']);
    const { data } = await readSubmission(req, 8 * 1024);
    const reason = typeof data['reason'] === 'string' ? data['reason'].trim() : '';
    const base = `/quotes/${token}`;
    try {
      if (!(await customerQuoteView(database, quoteId))) return notFound();
      const answer = parseForm(quoteAnswerSchema, data);
      if (answer.action === 'accept') {
        const urls = { ...checkoutUrls(req), cancelUrl: `${checkoutUrls(req).origin}${base}?done=cancelled` };
        const { url } = await acceptQuote(database, paymentProvider(database), quoteId, urls);
        return new Response(null, { status: 303, headers: { ...quotePageHeaders(), location: url } });
      }
      await declineQuote(database, paymentProvider(database), quoteId, answer.reason || null);
      return new Response(null, { status: 303, headers: { ...quotePageHeaders(), location: `${base}?done=declined` } });
    } catch (error) {
      const view = await customerQuoteView(database, quoteId);
      if (!view || !(error instanceof DomainError)) throw error;
      return page(
        renderQuotePage(view, token, null, { message: error.message, fields: error.fields, reason }),
        statusOf(error),
      );
    }
  } catch (error) {
    const problem = asDomainError(error, 'quote-page');
    return page(renderProblemPage(problem.message), statusOf(problem));
  }
});

export const config: Config = { path: '/quotes/:token', method: ['GET', 'POST'] };
