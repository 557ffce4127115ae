import type { ShippingAddress } from '../../lib/admin-schemas/orders.ts';
import type { PaymentMethod } from '../../lib/orders/payment-methods.ts';

/** A payment provider's report about a checkout session, mapped to the app's shape. */
export interface PaymentEvent {
  /** The provider's event id (Stripe evt_...): each is applied at most once. */
  id: string;
  type: string;
  /** paid: money taken; awaiting_payment: a delayed method is still settling; failed/expired: none. */
  kind: 'paid' | 'awaiting_payment' | 'failed' | 'expired';
  sessionId: string;
  /** Our order id as the session carries it (client_reference_id). */
  orderId: string | null;
  /** The payment request the session pays (metadata.payment_request_id), for a request's session. */
  requestId?: string | null;
  /** The combined payment the session pays (metadata.combined_payment_id), for a pay-together session. */
  combinedPaymentId?: string | null;
  /** What the session charged, in cents (amount_total). */
  amountCents?: number | null;
  /** How a paid session was paid: a bank transfer settles later (a delayed method); a card otherwise. */
  method?: PaymentMethod;
  details: PaymentDetails;
}

/** What the payment page collected, in the app's own shape (mapped from Stripe at its boundary). */
export interface PaymentDetails {
  email?: string | null;
  /** The customer's name as the payment page collected it (Stripe: customer_details.name). */
  name?: string | null;
  shipping?: ShippingAddress | null;
  /** The customer's phone in E.164 (Stripe: customer_details.phone). */
  phone?: string | null;
  /** Stripe's PaymentIntent (pi_...), kept for refunds. */
  paymentIntentId?: string | null;
}
