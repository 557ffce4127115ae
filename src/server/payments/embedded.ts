import type { CheckoutSessionView } from '../../lib/cart/checkout-schema.ts';
import type { CheckoutUrls } from '../links/urls.ts';
import type {
  PaymentProvider,
  RefundPayment,
  RefundReceipt,
  SessionLine,
  SessionOrder,
  SessionCombined,
  SessionPayment,
} from './provider.ts';
import { combinedTestPaymentSessionId, testPaymentPath, testPaymentSessionId } from './test-payment-session.ts';

const SESSION_PREFIX = 'test_';
const SESSION_ID = /^test_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for ids of the built-in test checkout ("test_" + order id). */
export function isEmbeddedSessionId(sessionId: string): boolean {
  return SESSION_ID.test(sessionId);
}

/** Path of the test checkout page of a session. */
export function testCheckoutPath(sessionId: string): string {
  return `/test-checkout/${encodeURIComponent(sessionId)}`;
}

/**
 * The built-in test checkout (no account, no key, no network): the session is the order
 * itself, and its page (`/test-checkout/:sessionId`, src/pages/test-checkout) offers Pay and Cancel, which follow
 * the same completion and release path as Stripe's webhook.
 */
export class EmbeddedProvider implements PaymentProvider {
  readonly name = 'embedded' as const;
  /** The session's view, read from the order it is (orders/payment-provider.ts gives it). */
  readonly #readSession: (sessionId: string) => Promise<CheckoutSessionView | null>;

  constructor(readSession: (sessionId: string) => Promise<CheckoutSessionView | null>) {
    this.#readSession = readSession;
  }

  async createSession(order: SessionOrder, _lines: SessionLine[], urls: CheckoutUrls) {
    const sessionId = `${SESSION_PREFIX}${order.id}`;
    return { sessionId, url: `${urls.origin}${testCheckoutPath(sessionId)}` };
  }

  /** A payment request's test payment page: the session is the request itself. */
  async createPaymentSession(payment: SessionPayment, urls: CheckoutUrls) {
    const sessionId = testPaymentSessionId(payment.requestId);
    return { sessionId, url: `${urls.origin}${testPaymentPath(sessionId)}` };
  }

  /** A combined payment's test payment page: the session is the combined payment itself. */
  async createCombinedSession(payment: SessionCombined, urls: CheckoutUrls) {
    const sessionId = combinedTestPaymentSessionId(payment.combinedPaymentId);
    return { sessionId, url: `${urls.origin}${testPaymentPath(sessionId)}` };
  }

  /** The test checkout's session is the order itself: cancelling the order closes it. */
  async expireSession() {}

  /** No money moved through the test checkout, so none moves back: the refund is recorded only. */
  async refund(_payment: RefundPayment, _amountCents: number, idempotencyKey: string): Promise<RefundReceipt> {
    return { refundId: `test_re_${idempotencyKey}`, paymentIntentId: null };
  }

  async getSession(sessionId: string): Promise<CheckoutSessionView | null> {
    return isEmbeddedSessionId(sessionId) ? this.#readSession(sessionId) : null;
  }
}
