import type { Config } from '@netlify/functions';
import { quoteActionSchema, quoteRevisionSchema } from '../../src/lib/admin-schemas/quote-revisions.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { getAdminQuote } from '../../src/server/quotes/admin-quote.ts';
import { saveQuoteRevision } from '../../src/server/quotes/revisions.ts';
import { sendQuote, withdrawQuote } from '../../src/server/quotes/send.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner's quote editor (docs/decisions/0017-quotes.md): POST /api/quote-requests/{id}/revisions saves a new
 * revision, priced here; POST /api/quote-requests/{id}/send { action: send | withdraw } sends
 * the newest revision (or resends it) to the customer, or withdraws the quote. Both answer the
 * quote as the Quotes tab shows it.
 */
export default adminFunction(async (req, { db, params, url, context }) => {
  const id = pathId(params, 'quote request');
  if (!id) throw notFound('quote request', '');
  if (url.pathname.endsWith('/revisions')) {
    const input = await readJson(req, quoteRevisionSchema, 64 * 1024);
    await saveQuoteRevision(db, id, input);
    return json(await getAdminQuote(db, id), 201);
  }
  const { action } = await readJson(req, quoteActionSchema, 1024);
  if (action === 'send') {
    const { mailIds } = await sendQuote(db, id);
    await deliverSoon(db, mailIds, context);
  } else {
    await withdrawQuote(db, id);
  }
  return json(await getAdminQuote(db, id));
});

export const config: Config = {
  path: ['/api/quote-requests/:id/revisions', '/api/quote-requests/:id/send'],
  method: 'POST',
};
