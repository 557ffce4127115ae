import Stripe from 'stripe';
import type { PaymentEvent } from './payment-event.ts';
import type { ServerConfig } from '../config.ts';
import { createStripeClient } from './stripe.ts';

/*
 * Stripe's webhook events at the boundary: signature check, then the Checkout Session events
 * the shop acts on, mapped to the app's PaymentEvent.
 */

/** Verifies a webhook delivery's signature and answers the event; throws when it does not match. */
export function verifyStripeEvent(
  cfg: Pick<ServerConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'STRIPE_WEBHOOK_SECRET'>,
  payload: string,
  signature: string,
): Promise<Stripe.Event> {
  if (!cfg.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  return createStripeClient(cfg).webhooks.constructEventAsync(payload, signature, cfg.STRIPE_WEBHOOK_SECRET);
}

export function isSignatureError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeSignatureVerificationError;
}

/** The shape the webhook relies on: an object with an id, a type and a data.object. */
export function isStripeEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as { id?: unknown; type?: unknown; data?: { object?: unknown } | null };
  return (
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.data === 'object' &&
    event.data !== null &&
    typeof event.data.object === 'object' &&
    event.data.object !== null
  );
}

/** A Checkout Session event in the app's shape, or null for events the shop does not act on. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const kinds: Record<string, PaymentEvent['kind'] | undefined> = {
    'checkout.session.completed': 'paid',
    'checkout.session.async_payment_succeeded': 'paid',
    'checkout.session.async_payment_failed': 'failed',
    'checkout.session.expired': 'expired',
  };
  let kind = kinds[event.type];
  if (!kind) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  // Completed with a delayed method (bank debit): paid only when async_payment_succeeded follows.
  if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') kind = 'awaiting_payment';
  const shipping = session.collected_information?.shipping_details;
  return {
    id: event.id,
    type: event.type,
    kind,
    sessionId: session.id,
    orderId: session.client_reference_id,
    requestId: session.metadata?.['payment_request_id'] ?? null,
    combinedPaymentId: session.metadata?.['combined_payment_id'] ?? null,
    amountCents: session.amount_total ?? null,
    // Only a delayed method settles after completion, and ACH Direct Debit is the one the shop offers.
    method: event.type === 'checkout.session.async_payment_succeeded' ? 'us_bank_account' : 'card',
    details: {
      paymentIntentId:
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
      email: session.customer_details?.email ?? null,
      name: session.customer_details?.name ?? null,
      // E.164 as Stripe collects it (phone_number_collection); the order keeps it to call.
      phone: session.customer_details?.phone ?? null,
      shipping:
        shipping?.name && shipping.address?.line1
          ? {
              name: shipping.name,
              address_line1: shipping.address.line1,
              address_line2: shipping.address.line2 ?? null,
              city: shipping.address.city ?? null,
              state: shipping.address.state ?? null,
              postal_code: shipping.address.postal_code ?? null,
              country: shipping.address.country ?? 'US',
            }
          : null,
    },
  };
}

/** A charge.refunded event: how much of which payment Stripe has refunded in all; null for other events. */
export function toRefundEvent(event: Stripe.Event): { paymentIntentId: string; amountRefunded: number } | null {
  if (event.type !== 'charge.refunded') return null;
  const charge = event.data.object as Stripe.Charge;
  const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntentId || !Number.isInteger(charge.amount_refunded)) return null;
  return { paymentIntentId, amountRefunded: charge.amount_refunded };
}
