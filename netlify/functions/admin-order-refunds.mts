import type { Config } from '@netlify/functions';
import { orderRefundSchema } from '../../src/lib/admin-schemas/order-refund.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { refundOrder } from '../../src/server/orders/refunds.ts';
import { paymentProvider } from '../../src/server/orders/payment-provider.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner refunds a paid order (docs/decisions/0016-order-workflow.md): { amount_cents, reason?,
 * cancel?, restock? } gives the money back through the payment provider (Stripe's Refunds API) and
 * records it (201); 409 when the amount is more than is left (a pending refund counts), 503 when the provider refused
 * (nothing recorded), 202 with refund_status pending when it did not answer: the refund stays
 * reserved and the sweep settles it with the same idempotency key (docs/decisions/0025-hardening.md).
 */
export default adminFunction(async (req, { db, params, context, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderRefundSchema, 4 * 1024);
  const done = await refundOrder(db, paymentProvider(db), id, {
    amountCents: input.amount_cents,
    reason: input.reason ?? null,
    cancel: input.cancel ?? false,
    restock: input.restock ?? false,
    staffId: actor.staffId,
  });
  await deliverSoon(db, done.mailIds, context);
  return json(
    {
      id,
      refund_id: done.refundId,
      refund_status: done.refundStatus,
      refunded_cents: done.refundedCents,
      status: done.status,
    },
    done.refundStatus === 'pending' ? 202 : 201,
  );
});

export const config: Config = { path: '/api/orders/:id/refunds', method: 'POST' };
