import type Stripe from 'stripe';
import type { CheckoutUrls } from '../links/urls.ts';
import type { SessionCombined } from './provider.ts';

/** How long a combined payment's Checkout page stays payable (as a single request's). */
const COMBINED_SESSION_SECONDS = 60 * 60;

/**
 * A combined payment's Stripe Checkout Session (docs/decisions/0029-deposits.md): one line per request, named for the
 * customer ("Balance, order C25CA953"), each for exactly what it asks. The metadata names the
 * combined payment and each request (payment_request_1, ...), so the webhook can record it even
 * if the process died before the session id was kept. Checked to total exactly the sum of the
 * lines before anyone is sent to it.
 */
export async function openCombinedSession(
  stripe: Stripe,
  payment: SessionCombined,
  urls: CheckoutUrls,
): Promise<{ sessionId: string; url: string }> {
  const metadata: Record<string, string> = { combined_payment_id: payment.combinedPaymentId };
  payment.lines.forEach((line, index) => {
    metadata[`payment_request_${index + 1}`] = line.requestId;
  });
  const total = payment.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: payment.lines.map((line) => ({
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: line.amountCents, product_data: { name: line.label } },
    })),
    client_reference_id: payment.combinedPaymentId,
    metadata,
    payment_intent_data: { metadata },
    expires_at: Math.floor(Date.now() / 1000) + COMBINED_SESSION_SECONDS,
    success_url: urls.successUrl,
    cancel_url: urls.cancelUrl,
    ...(payment.customerEmail ? { customer_email: payment.customerEmail } : {}),
  };
  const session = await stripe.checkout.sessions.create(params, {
    idempotencyKey: `combined-payment-${payment.combinedPaymentId}`,
  });
  if (session.amount_total !== total || !session.url) {
    await stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw new Error(`Stripe session ${session.id} totals ${session.amount_total}, the requests ${total}`);
  }
  return { sessionId: session.id, url: session.url };
}
