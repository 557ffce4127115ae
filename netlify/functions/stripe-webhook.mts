import type { Config } from '@netlify/functions';
import { applyPaymentEvent, applyRefundEvent } from '../../src/server/workflows/payment-events.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/index.ts';
import { Failed, Invalid, NotFound, TooLarge } from '../../src/server/errors.ts';
import { handle, json } from '../../src/server/http.ts';
import {
  isSignatureError,
  isStripeEvent,
  toPaymentEvent,
  toRefundEvent,
  verifyStripeEvent,
} from '../../src/server/payments/stripe-events.ts';
import { readBodyText } from '../../src/server/request.ts';

const MAX_BYTES = 512 * 1024;

/**
 * Stripe's webhook: verifies the signature over the raw body, then applies checkout events
 * once (see applyPaymentEvent). Any failure to apply answers 500 so Stripe delivers again.
 * Goes through the shop's one request handler (origin check, error mapping, headers).
 */
export default handle(async (req: Request) => {
  const cfg = serverConfig();
  if (cfg.payments !== 'stripe') throw new NotFound('not_found', 'Stripe is not configured.');
  // Counted while streaming: neither a lying Content-Length nor a chunked body reads past it.
  const payload = await readBodyText(
    req,
    MAX_BYTES,
    () => new TooLarge('payload_too_large', 'The event is too large.'),
  );
  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new Invalid('invalid_signature', 'The Stripe-Signature header is missing.');

  let event: Awaited<ReturnType<typeof verifyStripeEvent>>;
  try {
    event = await verifyStripeEvent(cfg, payload, signature);
  } catch (error) {
    if (!isSignatureError(error)) console.error('[stripe-webhook] could not read the event:', error);
    throw new Invalid('invalid_signature', 'The webhook signature does not match.');
  }

  // Signed, so Stripe's; still, a body that is not an event is refused rather than crashing on.
  if (!isStripeEvent(event)) throw new Invalid('invalid_event', 'The body is not a Stripe event.');
  const refund = toRefundEvent(event);
  if (refund)
    return json({ received: true, outcome: await applyRefundEvent(await db(), event.id, event.type, refund) });
  const paymentEvent = toPaymentEvent(event);
  if (!paymentEvent) return json({ received: true, ignored: event.type });
  try {
    const outcome = await applyPaymentEvent(await db(), paymentEvent);
    return json({ received: true, outcome });
  } catch (error) {
    // 500 whatever the cause (an outage too): Stripe delivers again until it is applied.
    console.error(`[stripe-webhook] ${event.type} ${event.id} failed; Stripe will retry:`, error);
    throw new Failed('webhook_failed', 'The event could not be applied; retry later.');
  }
});

export const config: Config = { path: '/api/stripe/webhook', method: 'POST' };
