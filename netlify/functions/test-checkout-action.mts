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
import {
  type PageOptions,
  pageHeaders,
  renderNotFound,
  renderTestCheckout,
} from '../../src/server/payments/test-checkout-page.ts';
import type { ContactValues } from '../../src/server/payments/test-checkout-contact.ts';
import { type PaymentContact, readPaymentContact } from '../../src/lib/payment-contact.ts';

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
    const form = await formData(req);
    const email = typeof form['email'] === 'string' && form['email'].trim() ? form['email'].trim() : null;
    const typed = contactValues(form);
    const refuse = (options: Omit<PageOptions, 'origin' | 'contact'>) =>
      new Response(renderTestCheckout(order, { origin: urls.origin, contact: typed, ...options }), {
        status: 400,
        headers: pageHeaders(urls.origin),
      });
    if (email !== null && !isEmail(email)) return refuse({ email, error: 'Enter a valid e-mail address.' });
    // A personal code's order is paid for its address only, as Stripe's fixed customer_email.
    if (order.discountEmail && email !== null && !sameMailbox(email, order.discountEmail)) {
      return refuse({
        error: `This order's discount code was sent to ${order.discountEmail}: it can only be paid for that address.`,
      });
    }
    // As Stripe Checkout asks: a phone always, and a US ship-to address for a shipped order (a
    // checkout already paid, cancelled or lapsed only answers where to go: nothing is asked).
    let contact: PaymentContact | null = null;
    if (order.status === 'pending' && !order.lapsed) {
      const answer = readPaymentContact(form, order.fulfillment !== 'local');
      if (!answer.ok) return refuse({ email: email ?? '', contactErrors: answer.errors });
      contact = answer.contact;
    }
    location = await payTestCheckout(database, order, urls, order.discountEmail ?? email, contact);
  }
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
});

/**
 * The Pay form's fields (e-mail, name, phone, address); empty when nothing was sent at all. A body
 * is read like any form (readSubmission): 415 for a type other than a form post or JSON, 413 past
 * 16 KB however it is sent, 400 for text that cannot be stored.
 */
async function formData(req: Request): Promise<Record<string, unknown>> {
  if (!req.body) return {};
  return (await readSubmission(req, 16 * 1024)).data;
}

const CONTACT_FIELDS = ['name', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'postal_code'] as const;

/** What was typed in the contact fields, to show again on a refused Pay. */
function contactValues(form: Record<string, unknown>): ContactValues {
  const values: ContactValues = {};
  for (const key of CONTACT_FIELDS) {
    const value = form[key];
    if (typeof value === 'string') values[key] = value.slice(0, 300);
  }
  return values;
}

export const config: Config = { path: '/api/test-checkout/:sessionId/:action', method: 'POST' };
