import { checkoutUrls } from '../links/urls.ts';
import { db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { statusOf } from '../http.ts';
import { orderPageUrl, payerPageUrl } from '../links/signed-links.ts';
import { isForeignOrigin } from '../security/api-headers.ts';
import { payCombinedTestPayment } from './combined-test-payment.ts';
import { testCheckoutEnabled } from '../orders/payment-provider.ts';
import { findTestPayment, payTestPayment } from './test-payment.ts';

/** What a test payment page shows: its lines, what it charges, and where it returns. */
export interface TestPaymentPage {
  lines: { label: string; amountCents: number }[];
  amountCents: number;
  /** The order page (one request) or the customer's payer page (several paid together). */
  backUrl: string;
  backWords: string;
}

/**
 * What the built-in test checkout's page for a payment request (src/pages/test-payment/
 * [sessionId].astro, docs/decisions/0029-deposits.md) answers: GET shows the payment; POST pays it (as Stripe's
 * checkout.session.completed would) and sends the customer back to their order page (their
 * payer page for requests paid together), or shows the page again with the reason (409) and
 * records nothing. Any session that is not an opened request's or combined payment's, another
 * site's post, or a shop with real payments: the same 404 page.
 */
export type TestPaymentOutcome = { status: number } & (
  | { kind: 'payment'; payment: TestPaymentPage; problem: string | null }
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
);

const notFound: TestPaymentOutcome = { kind: 'not-found', status: 404 };

export async function testPaymentRequest(req: Request, sessionId: string): Promise<TestPaymentOutcome> {
  if (!testCheckoutEnabled() || isForeignOrigin(req)) return notFound;
  const database = await db();
  const found = await findTestPayment(database, sessionId);
  if (!found) return notFound;
  const origin = checkoutUrls(req).origin;
  const combined = 'combinedPaymentId' in found ? found : null;
  const single = 'combinedPaymentId' in found ? null : found;
  const payment: TestPaymentPage = combined
    ? {
        lines: combined.lines,
        amountCents: combined.amountCents,
        backUrl: payerPageUrl(combined.userId, origin),
        backWords: 'Back to what you owe',
      }
    : {
        lines: [{ label: single!.line, amountCents: single!.amountCents }],
        amountCents: single!.amountCents,
        backUrl: orderPageUrl(single!.orderId, origin),
        backWords: 'Back to your order',
      };
  if (req.method !== 'POST') return { kind: 'payment', status: 200, payment, problem: null };
  try {
    if (combined) await payCombinedTestPayment(database, combined);
    else await payTestPayment(database, single!);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: 'payment', status: statusOf(error), payment, problem: error.message };
  }
  return { kind: 'redirect', status: 303, location: `${payment.backUrl}?done=paid` };
}
