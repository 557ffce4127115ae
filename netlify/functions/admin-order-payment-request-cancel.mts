import type { Config } from '@netlify/functions';
import { isUuid } from '../../src/lib/identifiers.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { cancelPaymentRequest } from '../../src/server/orders/payments/payment-requests.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';

/**
 * The owner withdraws an open payment request (docs/decisions/0029-deposits.md): 200 with its status; 409 when it is
 * already paid or cancelled. A checkout session still open for it is closed at the provider
 * (best effort: a payment that completes anyway is flagged on the order, never recorded twice).
 */
export default adminFunction(async (_req, { db, params, actor }) => {
  const id = pathId(params, 'order');
  const requestId = params['requestId'] ?? '';
  if (!id) throw notFound('order', '');
  if (!isUuid(requestId)) throw notFound('payment request', requestId);
  const { sessionId } = await cancelPaymentRequest(db, id, requestId.toLowerCase(), actor);
  if (sessionId) {
    await paymentProvider(db)
      .expireSession(sessionId)
      .catch((error: unknown) => console.warn(`[payments] could not close session ${sessionId}:`, error));
  }
  return json({ id: requestId.toLowerCase(), status: 'cancelled' });
});

export const config: Config = { path: '/api/orders/:id/payment-requests/:requestId/cancel', method: 'POST' };
