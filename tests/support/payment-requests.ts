import type { Kysely } from 'kysely';
import cancelRequest from '../../netlify/functions/admin-order-payment-request-cancel.mts';
import paymentRequests from '../../netlify/functions/admin-order-payment-requests.mts';
import type { Database } from '../../src/server/db/types.ts';
import { signLink } from '../../src/server/links/signed-links.ts';
import { type OrderPageOutcome, orderPageRequest } from '../../src/server/orders/order-page-request.ts';
import { callFunction } from './call-function.ts';

/**
 * Payment requests from the outside (docs/decisions/0029-deposits.md): the owner's admin calls, and the customer's Pay
 * on the signed order page, as the page's form posts it.
 */
export function paymentRequestCalls(authorization: string) {
  const ask = (orderId: string, body: unknown, auth: string | null = authorization) =>
    callFunction(paymentRequests, `/api/orders/${orderId}/payment-requests`, {
      method: 'POST',
      params: { id: orderId },
      headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const cancel = (orderId: string, requestId: string) =>
    callFunction(cancelRequest, `/api/orders/${orderId}/payment-requests/${requestId}/cancel`, {
      method: 'POST',
      params: { id: orderId, requestId },
      headers: { authorization },
    });
  return { ask, cancel };
}

/** Pay on the customer's order page for one request: answers the page's outcome. */
export function payOnOrderPage(orderId: string, requestId: string): Promise<OrderPageOutcome> {
  const token = signLink('order', orderId);
  const req = new Request(`http://shop.test/orders/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
    body: new URLSearchParams({ answer: 'pay', request: requestId }).toString(),
  });
  return orderPageRequest(req, token, {});
}

/** The order's payments, oldest first. */
export const paymentsOf = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('order_payments')
    .select(['amount_cents', 'method', 'provider', 'provider_session_id', 'request_id', 'payment_intent_id'])
    .where('order_id', '=', orderId)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
