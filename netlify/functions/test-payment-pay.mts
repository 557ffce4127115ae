import type { Config, Context } from '@netlify/functions';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { DomainError, NotFound } from '../../src/server/errors.ts';
import { handle, statusOf } from '../../src/server/http.ts';
import { orderPageUrl } from '../../src/server/links/signed-links.ts';
import { testCheckoutEnabled } from '../../src/server/payments/index.ts';
import { pageHeaders, renderNotFound } from '../../src/server/payments/test-checkout-page.ts';
import { findTestPayment, payTestPayment } from '../../src/server/payments/test-payment.ts';
import { renderTestPayment } from '../../src/server/payments/test-payment-page.ts';

/**
 * Pay on a payment request's test checkout page: records the payment and sends the customer back
 * to their order page (303); a request paid or withdrawn meanwhile, or an amount the order no
 * longer owes, shows the page again with the reason (409) and records nothing.
 */
export default handle(async (req: Request, context: Context) => {
  if (!testCheckoutEnabled()) throw new NotFound('not_found', 'There is no test checkout.');
  const { origin } = checkoutUrls(req);
  const database = await db();
  const payment = await findTestPayment(database, context.params['sessionId'] ?? '');
  if (!payment) return new Response(renderNotFound(), { status: 404, headers: pageHeaders(origin) });
  const orderUrl = orderPageUrl(payment.orderId, origin);
  try {
    await payTestPayment(database, payment);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return new Response(renderTestPayment(payment, orderUrl, error.message), {
      status: statusOf(error),
      headers: pageHeaders(origin),
    });
  }
  return new Response(null, {
    status: 303,
    headers: { location: `${orderUrl}?done=paid`, 'cache-control': 'no-store' },
  });
});

export const config: Config = { path: '/api/test-payment/:sessionId/pay', method: 'POST' };
