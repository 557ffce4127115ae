import { type Kysely, sql } from 'kysely';
import { isPaid, type OrderStage } from '../../lib/orders/order-stages.ts';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import { ownerHash } from '../artwork/owner.ts';
import { atomically } from '../db/transaction.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';
import { lockOrder } from './lock-order.ts';
import { Conflict, Invalid } from '../errors.ts';
import { stageContext } from './move-stage.ts';
import { artworkEvent, type StaffActor, stageEvent } from './order-events.ts';

export interface ReceivedArtwork {
  /** The line and print location that waits for this file. */
  itemId: string;
  location: string;
  /** A file the owner uploaded and the shop checked (the artwork upload flow), by its owner token. */
  artworkId: string;
  ownerToken: string;
}

const refused = (field: string, message: string) =>
  new Invalid('invalid_artwork', message, { fields: { [field]: message } });

/**
 * The owner marks artwork received by e-mail (docs/decisions/0028-owner-and-receipts.md): the
 * checked file goes on the print location that waited for it, and on the same location of the
 * order's other lines of that product still waiting (the design's other sizes and colours), without
 * sending a proof. The timeline records it; once no location waits, an order awaiting artwork is simply paid again,
 * so the artwork reminder stops and the proof can be sent. One transaction: a refusal changes
 * nothing, and the file stays unclaimed (the orphan sweep removes it).
 */
export async function attachReceivedArtwork(
  db: Kysely<Database>,
  orderId: string,
  input: ReceivedArtwork,
  actor: StaffActor,
) {
  return atomically(db, async (trx) => {
    const order = await lockOrder(trx, orderId, ['status', 'stage', 'fulfillment']);
    if (!isPaid(order)) {
      throw new Conflict('not_paid', `Artwork goes on a paid order; this one is ${order.status}.`);
    }
    const items = await trx
      .selectFrom('order_items')
      .select(['id', 'name', 'product_id', 'variant_metadata'])
      .where('order_id', '=', orderId)
      .where('item_type', '=', 'product')
      .execute();
    const item = items.find((i) => i.id === input.itemId);
    if (!item) throw refused('item_id', 'That line is not on this order.');
    const location = storedLocations(item.variant_metadata).find((l) => l.code === input.location);
    if (!location) throw refused('location', `${item.name} has no such print location.`);
    if (location.artwork_id) {
      throw new Conflict(
        'artwork_present',
        `The ${location.name.toLowerCase()} of ${item.name} already has its artwork.`,
      );
    }

    const file = await trx
      .selectFrom('artwork')
      .select(['id', 'status', 'order_id', 'original_name', 'rejection'])
      .where('id', '=', input.artworkId)
      .where('owner_hash', '=', ownerHash(input.ownerToken))
      .forUpdate()
      .executeTakeFirst();
    if (!file || file.order_id) throw refused('artwork_id', 'That upload cannot be used. Upload the file again.');
    if (file.status === 'rejected') {
      throw refused('artwork_id', `That file was refused: ${file.rejection ?? 'upload another one.'}`);
    }
    if (file.status !== 'ready') throw refused('artwork_id', 'The file has not been checked yet. Upload it again.');
    await trx
      .updateTable('artwork')
      .set({ order_id: orderId, attached_at: sql<Date>`now()` })
      .where('id', '=', file.id)
      .execute();

    return placeArtwork(trx, order, items, item, location, file.id, {
      actor,
      comment: `${file.original_name} for the ${location.name.toLowerCase()} of ${item.name}`,
    });
  });
}

interface OrderRow {
  id: string;
  stage: OrderStage | null;
  fulfillment: 'shipping' | 'local';
}
interface ItemRow {
  id: string;
  product_id: string | null;
  variant_metadata: unknown;
}

/**
 * Puts a file the order now holds on a print location still waiting for it, and on the same
 * location of the order's other lines of that product still waiting (the design's other sizes and
 * colours); records the arrival on the timeline; and once no location waits, an order awaiting
 * artwork is simply paid again (the reminder stops, the proof can be made). Inside the caller's
 * transaction on the locked order: the owner's file received by e-mail, the customer's own upload.
 */
export async function placeArtwork(
  trx: Kysely<Database>,
  order: OrderRow,
  items: readonly ItemRow[],
  item: ItemRow,
  location: { code: string },
  fileId: string,
  event: { actor: StaffActor | 'customer'; comment: string },
) {
  const orderId = order.id;
  // The chosen line, then the product's other lines waiting on the same location.
  const lines = items.filter(
    (i) =>
      i.id === item.id ||
      (item.product_id !== null &&
        i.product_id === item.product_id &&
        storedLocations(i.variant_metadata).some((l) => l.code === location.code && l.artwork_id === null)),
  );
  for (const line of lines) {
    const meta = (line.variant_metadata ?? {}) as Record<string, unknown>;
    const raw = Array.isArray(meta['locations']) ? (meta['locations'] as Record<string, unknown>[]) : [];
    const locations = raw.map((l) =>
      l?.['code'] === location.code && !l['artwork_id'] ? { ...l, artwork_id: fileId } : l,
    );
    await trx
      .updateTable('order_items')
      .set({ variant_metadata: jsonb({ ...meta, locations }) })
      .where('id', '=', line.id)
      .execute();
  }
  await artworkEvent(trx, orderId, event.actor, event.comment);
  const context = await stageContext(trx, orderId, order.fulfillment);
  let stage: OrderStage | null = order.stage;
  if (order.stage === 'awaiting_artwork' && !context.artworkMissing) {
    stage = 'paid';
    await trx.updateTable('orders').set({ stage }).where('id', '=', orderId).execute();
    await stageEvent(trx, orderId, {
      actor: 'system',
      from: 'awaiting_artwork',
      to: 'paid',
      comment: 'All artwork is here: the proof can be made.',
    });
  }
  return { stage, lines: lines.length, artworkMissing: context.artworkMissing };
}
