import locationsFunction from '../../netlify/functions/admin-order-locations.mts';
import { callFunction } from './call-function.ts';

/**
 * POST /api/orders/:id/locations as the admin sends it (docs/decisions/0029-deposits.md: add or
 * drop a print location).
 */
export const changeLocations = (authorization: string, orderId: string, body: unknown) =>
  callFunction(locationsFunction, `/api/orders/${orderId}/locations`, {
    method: 'POST',
    params: { id: orderId },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
