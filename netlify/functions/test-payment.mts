import type { Config, Context } from '@netlify/functions';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { NotFound } from '../../src/server/errors.ts';
import { handle } from '../../src/server/http.ts';
import { orderPageUrl } from '../../src/server/links/signed-links.ts';
import { testCheckoutEnabled } from '../../src/server/payments/index.ts';
import { pageHeaders, renderNotFound } from '../../src/server/payments/test-checkout-page.ts';
import { findTestPayment } from '../../src/server/payments/test-payment.ts';
import { renderTestPayment } from '../../src/server/payments/test-payment-page.ts';

/** A payment request's test checkout page (embedded payments only, never in production). */
export default handle(async (req: Request, context: Context) => {
  if (!testCheckoutEnabled()) throw new NotFound('not_found', 'There is no test checkout.');
  const { origin } = checkoutUrls(req);
  const payment = await findTestPayment(await db(), context.params['sessionId'] ?? '');
  if (!payment) return new Response(renderNotFound(), { status: 404, headers: pageHeaders(origin) });
  return new Response(renderTestPayment(payment, orderPageUrl(payment.orderId, origin)), {
    headers: pageHeaders(origin),
  });
});

export const config: Config = { path: '/api/test-payment/:sessionId', method: 'GET' };
