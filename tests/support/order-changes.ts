import adjustments from '../../netlify/functions/admin-order-adjustments.mts';
import { callFunction } from './call-function.ts';

/** The owner's changes of a paid order from the outside (issue #29): the admin calls. */
export function orderChangeCalls(authorization: string) {
  const adjust = (orderId: string, body: unknown, auth: string | null = authorization) =>
    callFunction(adjustments, `/api/orders/${orderId}/adjustments`, {
      method: 'POST',
      params: { id: orderId },
      headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { adjust };
}
