import type { Kysely } from 'kysely';
import type { OrderStage } from '../../../lib/orders/order-stages.ts';
import type { Database } from '../../db/types.ts';
import { stageContext } from '../move-stage.ts';
import { stageEvent } from '../order-events.ts';

/**
 * Where the job stands after a print location was added to or taken off a paid order (docs/decisions/0029-deposits.md):
 * a location added waits for its artwork, as "I'll send it later" at checkout, so an order still
 * at "paid" (no proof yet) goes to "awaiting artwork" and the customer's page asks for the file; a
 * job past that (a proof sent, approved, in production) stays where it is: the owner takes the
 * file with the next proof rather than the job going backwards. A location taken off that was the
 * last one waiting puts an order awaiting artwork back to "paid", as the last file sent does.
 */
export async function followArtwork(trx: Kysely<Database>, orderId: string): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['stage', 'fulfillment'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const { artworkMissing } = await stageContext(trx, orderId, order.fulfillment);
  const move: { from: OrderStage; to: OrderStage; comment: string } | null =
    order.stage === 'paid' && artworkMissing
      ? { from: 'paid', to: 'awaiting_artwork', comment: 'A print location was added: its artwork is to come.' }
      : order.stage === 'awaiting_artwork' && !artworkMissing
        ? { from: 'awaiting_artwork', to: 'paid', comment: 'All artwork is here: the proof can be made.' }
        : null;
  if (!move) return;
  await trx.updateTable('orders').set({ stage: move.to }).where('id', '=', orderId).execute();
  await stageEvent(trx, orderId, { actor: 'system', ...move });
}
