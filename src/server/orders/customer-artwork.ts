import type { Kysely } from 'kysely';
import { isPaid, stageOf } from '../../lib/orders/order-stages.ts';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import { claimArtworkForOrder } from '../artwork/claim.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { lockOrder } from './lock-order.ts';
import { Conflict, Invalid } from '../errors.ts';
import { type CheckedRequestFile, insertRequestFile } from '../forms/request-artwork.ts';
import { placeArtwork } from './attach-artwork.ts';

/** Which print location of which line the file is for. */
export interface ArtworkTarget {
  itemId: string;
  location: string;
}

/** The file: the page's script uploaded and checked it (this browser's upload), or the post carried it. */
export type ArtworkSource = { upload: { artworkId: string; ownerToken: string } } | { file: CheckedRequestFile };

const CLAIM_REASONS = {
  not_found: 'That file is not a checked upload of yours. Choose it again.',
  not_ready: 'That file has not been checked yet. Wait for its check, or choose it again.',
  taken: 'That file already belongs to another order. Choose it again.',
} as const;

const refuse = (message: string) => new Invalid('invalid_artwork', message, { fields: { artwork: message } });

/**
 * A print location's missing artwork, sent by the customer from their order page
 * (docs/decisions/0028-owner-and-receipts.md). In one transaction on the locked order: the order
 * must be paid and not past the artwork stage (after a proof, new artwork goes with a change
 * request); the location must be the order's and still without a file; the file must be this
 * browser's checked upload (or one the post carried, already checked). Then placeArtwork, as for a
 * file the owner received by e-mail: the location (and the same location of the product's other
 * waiting lines) names the file, the timeline says it arrived, and the last missing file puts the
 * order back in line (which ends the reminders). Refused: 400 naming the field, or 409 with the
 * reason; nothing changes.
 */
export async function sendLocationArtwork(
  db: Kysely<Database>,
  orderId: string,
  target: ArtworkTarget,
  source: ArtworkSource,
): Promise<{ locationName: string }> {
  return atomically(db, async (trx) => {
    const order = await lockOrder(trx, orderId, ['status', 'stage', 'fulfillment']);
    if (!isPaid(order)) throw new Conflict('not_paid', 'This order is not paid, so it takes no artwork.');
    const stage = stageOf(order);
    if (stage !== 'paid' && stage !== 'awaiting_artwork') {
      throw new Conflict(
        'artwork_closed',
        stage === 'proof_sent'
          ? 'Your proof is ready: send new artwork with a change request below.'
          : 'This job is past the artwork stage. Write to us and we will sort it out.',
      );
    }
    const items = await trx
      .selectFrom('order_items')
      .select(['id', 'product_id', 'variant_metadata'])
      .where('order_id', '=', order.id)
      .where('item_type', '=', 'product')
      .execute();
    const item = items.find((i) => i.id === target.itemId);
    const locations = item ? storedLocations(item.variant_metadata) : [];
    const location = locations.find((l) => l.code === target.location);
    if (!item || !location) throw refuse('That print location is not on this order.');
    if (location.artwork_id !== null) {
      throw new Conflict('artwork_here', `We have the artwork for ${location.name} already.`);
    }

    let artworkId: string;
    let fileName: string;
    if ('upload' in source) {
      const [problem] = await claimArtworkForOrder(trx, {
        ownerToken: source.upload.ownerToken,
        artworkIds: [source.upload.artworkId],
        orderId: order.id,
      });
      if (problem) throw refuse(CLAIM_REASONS[problem.reason]);
      artworkId = source.upload.artworkId;
      const row = await trx
        .selectFrom('artwork')
        .select('original_name')
        .where('id', '=', artworkId)
        .executeTakeFirstOrThrow();
      fileName = row.original_name;
    } else {
      await insertRequestFile(trx, source.file, { orderId: order.id });
      artworkId = source.file.id;
      fileName = source.file.name;
    }

    await placeArtwork(trx, order, items, item, location, artworkId, {
      actor: 'customer',
      comment: `Artwork for ${location.name}: ${fileName}`,
    });
    return { locationName: location.name };
  });
}
