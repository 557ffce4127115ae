import { checkoutUrls } from '../checkout/urls.ts';
import { db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { statusOf } from '../http.ts';
import { orderPageUrl } from '../links/signed-links.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { testCheckoutEnabled } from './index.ts';
import { findTestPayment, payTestPayment, type TestPayment } from './test-payment.ts';

/**
 * What the built-in test checkout's page for a payment request (src/pages/test-payment/
 * [sessionId].astro, issue #29) answers: GET shows the payment; POST pays it (as Stripe's
 * checkout.session.completed would) and sends the customer back to their order page, or shows
 * the page again with the reason (409) and records nothing. Any session that is not an opened
 * request's, another site's post, or a shop with real payments: the same 404 page.
 */
export type TestPaymentOutcome = { status: number } & (
  | { kind: 'payment'; payment: TestPayment; orderUrl: string; problem: string | null }
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
);

const notFound: TestPaymentOutcome = { kind: 'not-found', status: 404 };

export async function testPaymentRequest(req: Request, sessionId: string): Promise<TestPaymentOutcome> {
  if (!testCheckoutEnabled() || isForeignOrigin(req)) return notFound;
  const database = await db();
  const payment = await findTestPayment(database, sessionId);
  if (!payment) return notFound;
  const orderUrl = orderPageUrl(payment.orderId, checkoutUrls(req).origin);
  if (req.method !== 'POST') return { kind: 'payment', status: 200, payment, orderUrl, problem: null };
  try {
    await payTestPayment(database, payment);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: 'payment', status: statusOf(error), payment, orderUrl, problem: error.message };
  }
  return { kind: 'redirect', status: 303, location: `${orderUrl}?done=paid` };
}
