import type { Config } from '@netlify/functions';
import { orderStageMoveSchema } from '../../src/lib/admin-schemas/order-stage.ts';
import { trackingUrl } from '../../src/lib/orders/carriers.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { moveOrderStage, orderTimeline } from '../../src/server/orders/move-stage.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner moves a paid order to its next production stage (docs/decisions/0016-order-workflow.md): { to, comment?,
 * carrier?, tracking_number?, tracking_url? } answers the stage and the order's timeline; a move
 * the state machine does not allow is 409, shipping without carrier and tracking number 400.
 */
export default adminFunction(async (req, { db, params, context, actor, staff }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderStageMoveSchema, 8 * 1024);
  const shipment =
    input.carrier && input.tracking_number
      ? {
          carrier: input.carrier,
          trackingNumber: input.tracking_number,
          trackingUrl: trackingUrl(input.carrier, input.tracking_number, input.tracking_url) ?? '',
        }
      : null;
  const moved = await moveOrderStage(db, id, {
    to: input.to,
    actor,
    role: staff.role,
    comment: input.comment ?? null,
    shipment: input.to === 'shipped' ? shipment : null,
  });
  await deliverSoon(db, moved.mailIds, context);
  return json({ id: moved.id, stage: moved.stage, timeline: await orderTimeline(db, moved.id) });
});

export const config: Config = { path: '/api/orders/:id/stage', method: 'POST' };
