import adjustments from '../../netlify/functions/admin-order-adjustments.mts';
import type { OrderChangeAnswer } from '../../src/lib/admin-schemas/order-adjustment.ts';
import { callFunction } from './call-function.ts';

/** The owner's changes of a paid order from the outside (docs/decisions/0029-deposits.md): the admin calls. */
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

/**
 * The owner adds an adjustment of `cents` to a paid order (docs/decisions/0029-deposits.md), as the order dialog does:
 * answers the order's new total, balance and overpaid amount. The tax follows the change, so the
 * order owes a little more than `cents` (or less, for a credit).
 */
export async function adjustOrder(
  authorization: string,
  orderId: string,
  cents: number,
  reason = 'Six more pieces',
): Promise<OrderChangeAnswer> {
  const answer = await orderChangeCalls(authorization).adjust(orderId, { amount_cents: cents, reason });
  if (answer.status !== 201) throw new Error(`adjustment refused (${answer.status}): ${await answer.text()}`);
  return (await answer.json()) as OrderChangeAnswer;
}
