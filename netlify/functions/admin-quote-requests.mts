import type { Config } from '@netlify/functions';
import { quoteRequestsQuerySchema } from '../../src/lib/admin-schemas/quote-requests.ts';
import { getQuoteRequest, listQuoteRequests } from '../../src/server/admin/quote-requests.ts';
import { adminFunction, notFound, parseQuery, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readPaymentSettings } from '../../src/server/orders/payments/payment-settings.ts';
import { getAdminQuote } from '../../src/server/quotes/admin-quote.ts';

/**
 * The Quotes tab's reads (docs/decisions/0017-quotes.md): GET /api/quote-requests (by status, paging) and GET
 * /api/quote-requests/{id}, with the shop's deposit share a new quote starts at (docs/decisions/0029-deposits.md).
 */
export default adminFunction(async (_req, { db, url, params }) => {
  const id = pathId(params, 'quote request');
  if (!id) return json(await listQuoteRequests(db, parseQuery(url, quoteRequestsQuerySchema)));
  const request = await getQuoteRequest(db, id);
  const quote = request && (await getAdminQuote(db, id));
  if (!request || !quote) throw notFound('quote request', id);
  const { defaultDepositPercent } = await readPaymentSettings(db);
  return json({ ...request, quote, default_deposit_percent: defaultDepositPercent });
});

export const config: Config = { path: ['/api/quote-requests', '/api/quote-requests/:id'], method: 'GET' };
