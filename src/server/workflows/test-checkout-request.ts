import { sameMailbox } from '../../lib/forms/mailbox.ts';
import { isEmail } from '../../lib/identifiers.ts';
import { type ContactField, type PaymentContact, readPaymentContact } from '../../lib/orders/payment-contact.ts';
import { checkoutUrls } from '../links/urls.ts';
import type { SessionOrderDetails } from '../orders/session-view.ts';
import { db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { readSubmission } from '../form-body.ts';
import { statusOf } from '../http.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { testCheckoutEnabled } from '../orders/payment-provider.ts';
import { cancelTestCheckout, findTestCheckout, payTestCheckout } from './test-checkout.ts';

export type ContactValues = Partial<Record<ContactField, string>>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** What the Pay form shows again after a refused Pay. */
export interface TestCheckoutForm {
  /** The e-mail as typed. */
  email: string;
  /** A problem with the e-mail (invalid, not the personal code's address). */
  emailError: string | null;
  contact: ContactValues;
  contactErrors: ContactErrors;
}

/**
 * What the built-in test checkout (src/pages/test-checkout/[sessionId].astro) answers: GET shows
 * the order with Pay and Cancel; a POST with intent=pay completes the order (as Stripe's
 * checkout.session.completed would) and intent=cancel releases it, both answered with a 303 to
 * the shop's success or cancel URL; a refused Pay shows the page again (400) with what was typed
 * and each problem in words, and records nothing. A session that is not a test checkout's,
 * another site's request, or a shop with real payments: the same 404 page.
 */
export type TestCheckoutOutcome = { status: number } & (
  | { kind: 'checkout'; order: SessionOrderDetails; form: TestCheckoutForm | null }
  | { kind: 'not-found' }
  | { kind: 'problem'; message: string }
  | { kind: 'redirect'; location: string }
);

const notFound: TestCheckoutOutcome = { kind: 'not-found', status: 404 };

const CONTACT_FIELDS = ['name', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'postal_code'] as const;

export async function testCheckoutRequest(req: Request, sessionId: string): Promise<TestCheckoutOutcome> {
  if (!testCheckoutEnabled() || isForeignOrigin(req)) return notFound;
  const database = await db();
  const order = await findTestCheckout(database, sessionId);
  if (!order) return notFound;
  if (req.method !== 'POST') return { kind: 'checkout', status: 200, order, form: null };
  let form: Record<string, unknown>;
  try {
    form = await formData(req);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: 'problem', status: statusOf(error), message: error.message };
  }
  const urls = checkoutUrls(req);
  const redirect = (location: string): TestCheckoutOutcome => ({ kind: 'redirect', status: 303, location });
  if (form['intent'] === 'cancel') return redirect(await cancelTestCheckout(database, order, urls));
  if (form['intent'] !== 'pay') return notFound;

  const email = typeof form['email'] === 'string' && form['email'].trim() ? form['email'].trim() : null;
  const refuse = (emailError: string | null, contactErrors: ContactErrors = {}): TestCheckoutOutcome => ({
    kind: 'checkout',
    status: 400,
    order,
    form: { email: email ?? '', emailError, contact: contactValues(form), contactErrors },
  });
  if (email !== null && !isEmail(email)) return refuse('Enter a valid e-mail address.');
  // A personal code's order is paid for its address only, as Stripe's fixed customer_email.
  if (order.discountEmail && email !== null && !sameMailbox(email, order.discountEmail)) {
    return refuse(
      `This order's discount code was sent to ${order.discountEmail}: it can only be paid for that address.`,
    );
  }
  // As Stripe Checkout asks: a phone always, and a US ship-to address for a shipped order (a
  // checkout already paid, cancelled or lapsed only answers where to go: nothing is asked).
  let contact: PaymentContact | null = null;
  if (order.status === 'pending' && !order.lapsed) {
    const answer = readPaymentContact(form, order.fulfillment !== 'local');
    if (!answer.ok) return refuse(null, answer.errors);
    contact = answer.contact;
  }
  return redirect(await payTestCheckout(database, order, urls, order.discountEmail ?? email, contact));
}

/**
 * The posted fields (intent, e-mail, name, phone, address); empty when nothing was sent at all.
 * A body is read like any form (readSubmission): 415 for a type other than a form post or JSON,
 * 413 past 16 KB however it is sent, 400 for text that cannot be stored.
 */
async function formData(req: Request): Promise<Record<string, unknown>> {
  if (!req.body) return {};
  return (await readSubmission(req, 16 * 1024)).data;
}

/** What was typed in the contact fields, to show again on a refused Pay. */
function contactValues(form: Record<string, unknown>): ContactValues {
  const values: ContactValues = {};
  for (const key of CONTACT_FIELDS) {
    const value = form[key];
    if (typeof value === 'string') values[key] = value.slice(0, 300);
  }
  return values;
}
