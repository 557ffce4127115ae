import { NotFound } from '../../src/server/errors.ts';
import type { Config, Context } from '@netlify/functions';
import { sameMailbox } from '../../src/lib/mailbox.ts';
import { isEmail } from '../../src/lib/identifiers.ts';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { db } from '../../src/server/db/index.ts';
import { readSubmission } from '../../src/server/forms/body.ts';
import { handle } from '../../src/server/http.ts';
import { testCheckoutEnabled } from '../../src/server/payments/index.ts';
import { cancelTestCheckout, findTestCheckout, payTestCheckout } from '../../src/server/payments/test-checkout.ts';
import { pageHeaders, renderNotFound, renderTestCheckout } from '../../src/server/payments/test-checkout-page.ts';

/** Pay and Cancel on the test checkout page: plain form posts answered with a 303 redirect. */
export default handle(async (req: Request, context: Context) => {
  const action = context.params['action'];
  if (!testCheckoutEnabled() || (action !== 'pay' && action !== 'cancel')) {
    throw new NotFound('not_found', 'There is no such test checkout action.');
  }
  const urls = checkoutUrls(req);
  const database = await db();
  const order = await findTestCheckout(database, context.params['sessionId'] ?? '');
  if (!order) return new Response(renderNotFound(), { status: 404, headers: pageHeaders(urls.origin) });

  let location: string;
  if (action === 'cancel') {
    location = await cancelTestCheckout(database, order, urls);
  } else {
    const email = await formEmail(req);
    if (email !== null && !isEmail(email)) {
      const page = renderTestCheckout(order, { origin: urls.origin, email, error: 'Enter a valid e-mail address.' });
      return new Response(page, { status: 400, headers: pageHeaders(urls.origin) });
    }
    // A personal code's order is paid for its address only, as Stripe's fixed customer_email.
    if (order.discountEmail && email !== null && !sameMailbox(email, order.discountEmail)) {
      const error = `This order's discount code was sent to ${order.discountEmail}: it can only be paid for that address.`;
      const page = renderTestCheckout(order, { origin: urls.origin, error });
      return new Response(page, { status: 400, headers: pageHeaders(urls.origin) });
    }
    location = await payTestCheckout(database, order, urls, order.discountEmail ?? email);
  }
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
});

/**
 * The optional e-mail field of the Pay form; null when absent or blank, or when nothing was
 * sent at all. A body is read like any form (readSubmission): 415 for a type other than a form
 * post or JSON, 413 past 16 KB however it is sent, 400 for text that cannot be stored.
 */
async function formEmail(req: Request): Promise<string | null> {
  if (!req.body) return null;
  const { data } = await readSubmission(req, 16 * 1024);
  const value = data['email'];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export const config: Config = { path: '/api/test-checkout/:sessionId/:action', method: 'POST' };
