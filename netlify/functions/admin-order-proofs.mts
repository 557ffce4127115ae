import type { Config } from '@netlify/functions';
import { orderProofSchema } from '../../src/lib/admin-schemas/order-stage.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { deliverSoon } from '../../src/server/mail/deliver.ts';
import { orderTimeline } from '../../src/server/orders/move-stage.ts';
import { sendProof } from '../../src/server/orders/proofs.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner sends a proof (docs/decisions/0016-order-workflow.md): { artwork_id, owner_token, note?
 * } names a file uploaded and checked through /api/artwork; the order moves to proof sent and the customer is e-mailed
 * a signed link to approve it or ask for changes. Answers 201 with the stage and the timeline.
 */
export default adminFunction(async (req, { db, params, context, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderProofSchema, 8 * 1024);
  const sent = await sendProof(
    db,
    id,
    {
      artworkId: input.artwork_id.toLowerCase(),
      ownerToken: input.owner_token,
      note: input.note ?? null,
    },
    actor,
  );
  await deliverSoon(db, sent.mailIds, context);
  return json({ id, proof_id: sent.proofId, stage: sent.stage, timeline: await orderTimeline(db, id) }, 201);
});

export const config: Config = { path: '/api/orders/:id/proofs', method: 'POST' };
