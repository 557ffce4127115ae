import type { Config } from '@netlify/functions';
import { orderArtworkSchema } from '../../src/lib/admin-schemas/order-stage.ts';
import { adminFunction, notFound, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { attachReceivedArtwork } from '../../src/server/orders/attach-artwork.ts';
import { orderTimeline } from '../../src/server/orders/move-stage.ts';
import { readJson } from '../../src/server/request.ts';

/**
 * The owner marks artwork received by e-mail (docs/decisions/0028-owner-and-receipts.md): {
 * item_id, location, artwork_id, owner_token } names a file the admin's browser uploaded and the shop checked through
 * /api/artwork (413/415 there for a file refused), and the line's print location waiting for it.
 * Answers 201 with the stage and the timeline; 400 for an upload that cannot be used, 409 for a
 * location that already has its artwork or an order that is not paid. No proof is sent.
 */
export default adminFunction(async (req, { db, params, actor }) => {
  const id = pathId(params, 'order');
  if (!id) throw notFound('order', '');
  const input = await readJson(req, orderArtworkSchema, 4 * 1024);
  const attached = await attachReceivedArtwork(
    db,
    id,
    {
      itemId: input.item_id.toLowerCase(),
      location: input.location,
      artworkId: input.artwork_id.toLowerCase(),
      ownerToken: input.owner_token,
    },
    actor,
  );
  return json({ id, ...attached, timeline: await orderTimeline(db, id) }, 201);
});

export const config: Config = { path: '/api/orders/:id/artwork', method: 'POST' };
