import type Stripe from 'stripe';
import type { CheckoutUrls } from '../links/urls.ts';
import type { SessionPayment } from './provider.ts';

/** How long a payment request's Checkout page stays payable (Stripe allows 30 minutes to 24 hours). */
const PAYMENT_SESSION_SECONDS = 60 * 60;

/**
 * Card, and from the owner's minimum also ACH Direct Debit (USD, payment mode). The SDK's API
 * version (2026-09-30.endive on) takes no `payment_method_types` on a Checkout Session:
 * `allowed_payment_method_types` filters the methods enabled in the Stripe Dashboard, so bank
 * transfer shows only where the account has ACH Direct Debit turned on and Stripe allows it for
 * this amount. The bank account is verified through Financial Connections, with manual entry
 * and microdeposits as its fallback ('automatic'). Such a payment completes the session unpaid
 * and settles days later (checkout.session.async_payment_succeeded or _failed).
 */
function paymentMethods(bankTransfer: boolean): Partial<Stripe.Checkout.SessionCreateParams> {
  if (!bankTransfer) return { allowed_payment_method_types: ['card'] };
  return {
    allowed_payment_method_types: ['card', 'us_bank_account'],
    payment_method_options: {
      us_bank_account: { verification_method: 'automatic', financial_connections: { permissions: ['payment_method'] } },
    },
  };
}

/**
 * A payment request's Stripe Checkout Session: one line for exactly the amount asked, named for
 * the customer ("Deposit 50 %, order C25CA953"); client_reference_id and metadata tie it to the
 * order and the request, so the webhook records it against both. Checked to total exactly the
 * amount before anyone is sent to it.
 */
export async function openPaymentSession(
  stripe: Stripe,
  payment: SessionPayment,
  urls: CheckoutUrls,
): Promise<{ sessionId: string; url: string }> {
  const metadata = { order_id: payment.orderId, payment_request_id: payment.requestId };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: payment.amountCents, product_data: { name: payment.label } },
      },
    ],
    ...paymentMethods(payment.bankTransfer === true),
    client_reference_id: payment.orderId,
    metadata,
    payment_intent_data: { metadata },
    expires_at: Math.floor(Date.now() / 1000) + PAYMENT_SESSION_SECONDS,
    success_url: urls.successUrl,
    cancel_url: urls.cancelUrl,
    ...(payment.customerEmail ? { customer_email: payment.customerEmail } : {}),
  };
  // Each Pay opens its own session; the key only makes the SDK's own retry of this one safe.
  const session = await stripe.checkout.sessions.create(params, {
    idempotencyKey: `payment-request-${payment.requestId}-${crypto.randomUUID()}`,
  });
  if (session.amount_total !== payment.amountCents || !session.url) {
    await stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw new Error(`Stripe session ${session.id} totals ${session.amount_total}, the request ${payment.amountCents}`);
  }
  return { sessionId: session.id, url: session.url };
}
