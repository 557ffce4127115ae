import type { CheckoutSessionView } from '../../lib/cart/checkout-schema.ts';
import { type Fulfillment, type ShippingSpeed, TAX_RATE } from '../../lib/pricing/cart-totals.ts';
import type { CheckoutUrls } from '../links/urls.ts';

/** Name of the tax line (Stripe's page, the test checkout); session views leave it out of the products. */
export const TAX_LINE_NAME = `Estimated tax (${Math.round(TAX_RATE * 100)}%)`;

/** A session line of tax is named for its rate ("Tax 8.25 % — Lubbock, TX"): it is no product. */
export const isTaxLineName = (name: string | null | undefined) => name === TAX_LINE_NAME || /^Tax \d/.test(name ?? '');

/** The stored order a payment session is opened for (amounts from `priceCart`, in cents). */
export interface SessionOrder {
  id: string;
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed | null;
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  /** Set when a personal code binds the order to an address: the payment page must use it, unchanged. */
  customerEmail: string | null;
  shippingCents: number;
  taxCents: number;
  /** Which rate applied ("Tax 8.25 % — Lubbock, TX"), the tax line's name; absent: TAX_LINE_NAME. */
  taxLabel?: string | null;
  totalCents: number;
  expiresAt: Date;
}

/** One product line of that order, priced from the database. */
export interface SessionLine {
  /** How the line reads to the customer, e.g. "Game Day Hoodie (Black, L)". */
  label: string;
  /** What the price is made of, for a line priced by lists ("Garment $4.00 · Front, 2 colours $2.80"). */
  description?: string | null;
  unitPriceCents: number;
  quantity: number;
}

/**
 * A payment provider: Stripe Checkout in production, the built-in test checkout by default
 * (DESIGN.md "One code path, two environments"). Both hand the customer a URL to pay at and
 * send them back to the same success and cancel URLs; both report a session in the app's
 * own CheckoutSessionView shape.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'embedded';
  /** Opens a payment session; throws PaymentUnavailableError when the provider cannot. */
  createSession(
    order: SessionOrder,
    lines: SessionLine[],
    urls: CheckoutUrls,
  ): Promise<{ sessionId: string; url: string }>;
  /**
   * Opens a payment session for money asked after checkout (a payment request, docs/decisions/0029-deposits.md): one
   * line for exactly `amountCents`, returning to the order page.
   */
  createPaymentSession(payment: SessionPayment, urls: CheckoutUrls): Promise<{ sessionId: string; url: string }>;
  /**
   * Opens one session paying several payment requests of one customer together (docs/decisions/0029-deposits.md):
   * one line per request, for exactly what each asks, returning to the customer's payer page.
   */
  createCombinedSession(payment: SessionCombined, urls: CheckoutUrls): Promise<{ sessionId: string; url: string }>;
  /** The session as the success page shows it; null when there is no such session. */
  getSession(sessionId: string): Promise<CheckoutSessionView | null>;
  /**
   * Closes an open session nobody was sent to, so it can never be paid (best effort: throws
   * PaymentUnavailableError when the provider cannot be asked).
   */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Gives back `amountCents` of an order's payment (docs/decisions/0016-order-workflow.md). A retry with the same
   * `idempotencyKey` never refunds twice: it answers the refund already made, or makes it once
   * (docs/decisions/0025-hardening.md). Throws PaymentUnavailableError when the provider cannot be asked or refuses;
   * its `refused` says whether the provider answered no (nothing was or will be refunded).
   */
  refund(payment: RefundPayment, amountCents: number, idempotencyKey: string): Promise<RefundReceipt>;
}

/** A payment request's checkout: one line, for exactly what the request asks now. */
export interface SessionPayment {
  orderId: string;
  requestId: string;
  amountCents: number;
  /** The line as the customer reads it, e.g. "Deposit 50 %, order C25CA953". */
  label: string;
  /** The order's address, shown fixed on the payment page. */
  customerEmail: string | null;
  /**
   * Also offer bank transfer (ACH Direct Debit), whose payment settles days later (docs/decisions/0029-deposits.md):
   * the amount reaches the owner's minimum. Card only otherwise. The test checkout has no bank.
   */
  bankTransfer?: boolean;
}

/** A combined payment's checkout: one line per request it pays. */
export interface SessionCombined {
  combinedPaymentId: string;
  lines: {
    orderId: string;
    requestId: string;
    /** The line as the customer reads it, e.g. "Balance, order C25CA953". */
    label: string;
    amountCents: number;
  }[];
  /** The customer's address, shown fixed on the payment page. */
  customerEmail: string | null;
}

/** The payment of an order, as the provider knows it. */
export interface RefundPayment {
  orderId: string;
  sessionId: string | null;
  /** Stripe's PaymentIntent when the order already knows it; else found from the session. */
  paymentIntentId: string | null;
}

export interface RefundReceipt {
  refundId: string;
  paymentIntentId: string | null;
}

/**
 * The provider could not be reached or refused the request. `refused`: it answered no, so
 * nothing happened; otherwise what it did is unknown (no answer, a timeout, its own error), and
 * a request made with an idempotency key must be asked again with that key to find out.
 */
export class PaymentUnavailableError extends Error {
  readonly refused: boolean;
  constructor(message: string, options?: { cause?: unknown; refused?: boolean }) {
    super(message, options);
    this.name = 'PaymentUnavailableError';
    this.refused = options?.refused ?? false;
  }
}
