import { NotFound } from '../../src/server/errors.ts';
import type { Config, Context } from '@netlify/functions';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { handle } from '../../src/server/http.ts';
import { testCheckoutEnabled } from '../../src/server/payments/index.ts';
import { findTestCheckout } from '../../src/server/payments/test-checkout.ts';
import { pageHeaders, renderNotFound, renderTestCheckout } from '../../src/server/payments/test-checkout-page.ts';

/** The built-in test checkout page (embedded payments only: 404 with Stripe configured and always in production). */
export default handle(async (req: Request, context: Context) => {
  if (!testCheckoutEnabled()) throw new NotFound('not_found', 'There is no test checkout.');
  const { origin } = checkoutUrls(req);
  const order = await findTestCheckout(await db(), context.params['sessionId'] ?? '');
  if (!order) return new Response(renderNotFound(), { status: 404, headers: pageHeaders(origin) });
  return new Response(renderTestCheckout(order, { origin }), { headers: pageHeaders(origin) });
});

export const config: Config = { path: '/api/test-checkout/:sessionId', method: 'GET' };
