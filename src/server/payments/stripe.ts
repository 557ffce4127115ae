import Stripe from 'stripe';
import type { CheckoutSessionView } from '../../lib/cart/checkout-schema.ts';
import type { CheckoutUrls } from '../links/urls.ts';
import type { ServerConfig } from '../config.ts';
import {
  type PaymentProvider,
  PaymentUnavailableError,
  type RefundPayment,
  type RefundReceipt,
  type SessionLine,
  type SessionOrder,
  type SessionCombined,
  type SessionPayment,
  isTaxLineName,
  TAX_LINE_NAME,
} from './provider.ts';
import { openPaymentSession } from './stripe-payment-session.ts';
import { openCombinedSession } from './stripe-combined-session.ts';
import { shippingSpeedLine } from '../../lib/orders/shipping-speeds.ts';

const STRIPE_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]+$/;

/*
 * Time budget. The browser's client gives up on a request after 10 s and does not retry a POST
 * (docs/decisions/spec-rules.md#s7), and Netlify ends a synchronous function after 10 s unless the site raised it: a
 * checkout must answer before either, database work included, or the customer sees a timeout
 * while the order still holds its stock. One attempt may take STRIPE_REQUEST_TIMEOUT_MS, and is
 * retried once (same idempotency key) after the SDK's 0.5-1 s pause; everything createSession
 * asks Stripe (coupon, session) is cut off at STRIPE_CHECKOUT_BUDGET_MS, which leaves about 3 s
 * for the database before and the release of the stock after.
 */
export const STRIPE_REQUEST_TIMEOUT_MS = 3_500;
export const STRIPE_MAX_NETWORK_RETRIES = 1;
export const STRIPE_CHECKOUT_BUDGET_MS = 7_000;

/** The SDK client. STRIPE_API_BASE points it at another origin (a local stand-in in tests). */
export function createStripeClient(cfg: Pick<ServerConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  if (!cfg.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = cfg.STRIPE_API_BASE ? new URL(cfg.STRIPE_API_BASE) : null;
  return new Stripe(cfg.STRIPE_SECRET_KEY, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_REQUEST_TIMEOUT_MS,
    appInfo: { name: 'print-shop' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/**
 * Stripe Checkout. Every amount comes from our order (database prices through `priceCart`),
 * and the session is checked to total exactly the order's total_cents before the customer is
 * sent to it.
 *
 * How our breakdown maps onto Stripe's: products are line items at their unit prices; the tax
 * the shop's rules charged is one more line item named for its rate ("Tax 8.25 % — Lubbock, TX",
 * else TAX_LINE_NAME); shipping
 * is a single inline shipping option for the chosen speed, left out for local handoff and free
 * shipping. The discount is a one-off coupon created for this session with `amount_off` equal
 * to our discount_cents: a percentage coupon would be recomputed by Stripe (on the tax line
 * too, with its own rounding), whereas a fixed amount subtracts exactly our figure. Stripe
 * spreads that amount over the line items (tax line included) for display, but the session
 * total is subtotal - discount + tax + shipping, to the cent.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;

  constructor(cfg: Pick<ServerConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>) {
    this.#stripe = createStripeClient(cfg);
  }

  async createSession(order: SessionOrder, lines: SessionLine[], urls: CheckoutUrls) {
    const opening = this.#openSession(order, lines, urls);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Stripe did not open the session within ${STRIPE_CHECKOUT_BUDGET_MS} ms`)),
        STRIPE_CHECKOUT_BUDGET_MS,
      );
    });
    // Past the deadline the order is released; a session Stripe opens later is never shown to
    // anyone (its URL is not answered), and it expires unpaid.
    opening.catch(() => undefined);
    try {
      return await Promise.race([opening, deadline]);
    } catch (error) {
      throw new PaymentUnavailableError('Stripe could not open a checkout session', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async #openSession(order: SessionOrder, lines: SessionLine[], urls: CheckoutUrls) {
    const params = await this.#sessionParams(order, lines, urls);
    const session = await this.#stripe.checkout.sessions.create(params, {
      // A retried request (ours or the SDK's) opens the same session, never a second one.
      idempotencyKey: `order-${order.id}-session`,
    });
    if (session.amount_total !== order.totalCents || !session.url) {
      await this.#stripe.checkout.sessions.expire(session.id).catch(() => undefined);
      throw new Error(
        `Stripe session ${session.id} totals ${session.amount_total}, the order ${order.totalCents}; not used`,
      );
    }
    return { sessionId: session.id, url: session.url };
  }

  async #sessionParams(
    order: SessionOrder,
    lines: SessionLine[],
    urls: CheckoutUrls,
  ): Promise<Stripe.Checkout.SessionCreateParams> {
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: 'usd',
        unit_amount: line.unitPriceCents,
        product_data: { name: line.label, ...(line.description ? { description: line.description } : {}) },
      },
    }));
    if (order.taxCents > 0) {
      lineItems.push({
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: order.taxCents,
          product_data: { name: order.taxLabel || TAX_LINE_NAME },
        },
      });
    }
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: lineItems,
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      payment_intent_data: { metadata: { order_id: order.id } },
      expires_at: Math.floor(order.expiresAt.getTime() / 1000),
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
      // The shop calls about a job (artwork, pickup, a delivery problem): every order asks for a phone.
      phone_number_collection: { enabled: true },
    };
    // Stripe shows customer_email on its page as fixed: the buyer cannot pay as someone else.
    if (order.customerEmail) params.customer_email = order.customerEmail;
    if (order.fulfillment === 'shipping') {
      params.shipping_address_collection = { allowed_countries: ['US'] };
      if (order.shippingCents > 0 && order.shippingSpeed) {
        params.shipping_options = [
          {
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: shippingSpeedLine(order.shippingSpeed),
              fixed_amount: { amount: order.shippingCents, currency: 'usd' },
            },
          },
        ];
      }
    }
    if (order.discountCents > 0) {
      const coupon = await this.#stripe.coupons.create(
        {
          amount_off: order.discountCents,
          currency: 'usd',
          duration: 'once',
          max_redemptions: 1,
          name: (order.discountCode ?? 'Discount').slice(0, 40),
          metadata: { order_id: order.id },
        },
        { idempotencyKey: `order-${order.id}-coupon` },
      );
      params.discounts = [{ coupon: coupon.id }];
    }
    return params;
  }

  async createPaymentSession(payment: SessionPayment, urls: CheckoutUrls) {
    try {
      return await openPaymentSession(this.#stripe, payment, urls);
    } catch (error) {
      throw new PaymentUnavailableError('Stripe could not open a checkout session', { cause: error });
    }
  }

  async createCombinedSession(payment: SessionCombined, urls: CheckoutUrls) {
    try {
      return await openCombinedSession(this.#stripe, payment, urls);
    } catch (error) {
      throw new PaymentUnavailableError('Stripe could not open a checkout session', { cause: error });
    }
  }

  async expireSession(sessionId: string): Promise<void> {
    try {
      await this.#stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      throw new PaymentUnavailableError(`Stripe could not expire session ${sessionId}`, { cause: error });
    }
  }

  /**
   * A refund through Stripe's Refunds API on the session's PaymentIntent (asked of the session
   * when the order does not know it yet). The idempotency key makes a repeated call, ours, the
   * SDK's or the sweep's, answer the same refund (the parameters must be the same each time, so
   * nothing else goes into them). A 4xx answer is a refusal (nothing refunded); no answer, a
   * timeout or Stripe's own 5xx leave the outcome unknown until the key is asked again.
   */
  async refund(payment: RefundPayment, amountCents: number, idempotencyKey: string): Promise<RefundReceipt> {
    try {
      let paymentIntentId = payment.paymentIntentId;
      if (!paymentIntentId && payment.sessionId) {
        const session = await this.#stripe.checkout.sessions.retrieve(payment.sessionId);
        paymentIntentId =
          typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      }
      if (!paymentIntentId) {
        throw new PaymentUnavailableError(`order ${payment.orderId} has no Stripe payment to refund`, {
          refused: true,
        });
      }
      const refund = await this.#stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, metadata: { order_id: payment.orderId } },
        { idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentUnavailableError(`Stripe answered refund ${refund.id} as ${refund.status}`, { refused: true });
      }
      return { refundId: refund.id, paymentIntentId };
    } catch (error) {
      if (error instanceof PaymentUnavailableError) throw error;
      throw new PaymentUnavailableError('Stripe could not make the refund', {
        cause: error,
        refused: refusedByStripe(error),
      });
    }
  }

  async getSession(sessionId: string): Promise<CheckoutSessionView | null> {
    if (!STRIPE_SESSION_ID.test(sessionId)) return null;
    try {
      const [session, items] = await Promise.all([
        this.#stripe.checkout.sessions.retrieve(sessionId),
        this.#stripe.checkout.sessions.listLineItems(sessionId, { limit: 100 }),
      ]);
      return sessionViewOfStripe(session, items.data);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      throw new PaymentUnavailableError('Stripe could not be asked for the session', { cause: error });
    }
  }
}

/**
 * Whether Stripe answered a request with a definite no (nothing was done): a 4xx other than an
 * idempotency conflict (a request with that key is still running, or was made with other
 * parameters) and rate limiting, which say nothing about what the key already did.
 */
function refusedByStripe(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError) || error instanceof Stripe.errors.StripeIdempotencyError) {
    return false;
  }
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/** Stripe's session in the app's shape; the tax line is not a product and is left out. */
export function sessionViewOfStripe(session: Stripe.Checkout.Session, items: Stripe.LineItem[]): CheckoutSessionView {
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    payment_status: session.payment_status === 'unpaid' ? 'unpaid' : 'paid',
    amount_total: session.amount_total ?? 0,
    line_items: {
      data: items
        .filter((item) => !isTaxLineName(item.description))
        .map((item) => ({
          id: item.id,
          description: item.description ?? '',
          name: item.description ?? '',
          quantity: item.quantity ?? 1,
          amount_subtotal: item.amount_subtotal,
          amount_total: item.amount_total,
        })),
    },
  };
}
