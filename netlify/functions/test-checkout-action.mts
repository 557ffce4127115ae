import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import { checkoutUrls } from '../../src/server/checkout/urls.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/index.ts';
import { HttpError, handle } from '../../src/server/http.ts';
import { cancelTestCheckout, findTestCheckout, payTestCheckout } from '../../src/server/payments/test-checkout.ts';
import { pageHeaders, renderNotFound, renderTestCheckout } from '../../src/server/payments/test-checkout-page.ts';

const emailSchema = z.email().max(254);

/** Pay and Cancel on the test checkout page: plain form posts answered with a 303 redirect. */
export default handle(async (req: Request, context: Context) => {
  const action = context.params['action'];
  if (serverConfig().payments !== 'embedded' || (action !== 'pay' && action !== 'cancel')) {
    throw new HttpError(404, 'not_found', 'There is no such test checkout action.');
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
    if (email !== null && !emailSchema.safeParse(email).success) {
      const page = renderTestCheckout(order, { origin: urls.origin, email, error: 'Enter a valid e-mail address.' });
      return new Response(page, { status: 400, headers: pageHeaders(urls.origin) });
    }
    location = await payTestCheckout(database, order, urls, email);
  }
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
});

/** The optional e-mail field of the Pay form; null when absent or blank. */
async function formEmail(req: Request): Promise<string | null> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  if (Number(req.headers.get('content-length') ?? 0) > 16 * 1024) return null;
  const value = (await req.formData()).get('email');
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export const config: Config = { path: '/api/test-checkout/:sessionId/:action', method: 'POST' };
