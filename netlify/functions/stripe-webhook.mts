import type { Config } from '@netlify/functions';
import { applyPaymentEvent } from '../../src/server/checkout/payment-events.ts';
import { config as serverConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/index.ts';
import { crossOrigin, errorResponse, HttpError, json } from '../../src/server/http.ts';
import {
  isSignatureError,
  isStripeEvent,
  toPaymentEvent,
  verifyStripeEvent,
} from '../../src/server/payments/stripe-events.ts';
import { readBodyText } from '../../src/server/request.ts';
import { isForeignOrigin, withSecurityHeaders } from '../../src/server/security/api-headers.ts';

const MAX_BYTES = 512 * 1024;

/**
 * Stripe's webhook: verifies the signature over the raw body, then applies checkout events
 * once (see applyPaymentEvent). Any failure to apply answers 500 so Stripe delivers again.
 */
export default async (req: Request): Promise<Response> => withSecurityHeaders(await receive(req));

async function receive(req: Request): Promise<Response> {
  const cfg = serverConfig();
  if (isForeignOrigin(req)) return errorResponse(crossOrigin());
  if (cfg.payments !== 'stripe') return errorResponse(new HttpError(404, 'not_found', 'Stripe is not configured.'));
  let payload: string;
  try {
    // Counted while streaming: neither a lying Content-Length nor a chunked body reads past it.
    payload = await readBodyText(
      req,
      MAX_BYTES,
      () => new HttpError(413, 'payload_too_large', 'The event is too large.'),
    );
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    throw error;
  }
  const signature = req.headers.get('stripe-signature');
  if (!signature)
    return errorResponse(new HttpError(400, 'invalid_signature', 'The Stripe-Signature header is missing.'));

  let event: Awaited<ReturnType<typeof verifyStripeEvent>>;
  try {
    event = await verifyStripeEvent(cfg, payload, signature);
  } catch (error) {
    if (!isSignatureError(error)) console.error('[stripe-webhook] could not read the event:', error);
    return errorResponse(new HttpError(400, 'invalid_signature', 'The webhook signature does not match.'));
  }

  // Signed, so Stripe's; still, a body that is not an event is refused rather than crashing on.
  if (!isStripeEvent(event)) {
    return errorResponse(new HttpError(400, 'invalid_event', 'The body is not a Stripe event.'));
  }
  const paymentEvent = toPaymentEvent(event);
  if (!paymentEvent) return json({ received: true, ignored: event.type });
  try {
    const outcome = await applyPaymentEvent(await db(), paymentEvent);
    return json({ received: true, outcome });
  } catch (error) {
    console.error(`[stripe-webhook] ${event.type} ${event.id} failed; Stripe will retry:`, error);
    return errorResponse(new HttpError(500, 'webhook_failed', 'The event could not be applied; retry later.'));
  }
}

export const config: Config = { path: '/api/stripe/webhook', method: 'POST' };
