import type { Kysely } from 'kysely';
import type { OrderChangeAnswer } from '../../../lib/admin-schemas/order-adjustment.ts';
import type { OrderLocationsInput } from '../../../lib/admin-schemas/order-locations.ts';
import { lineLabel } from '../../../lib/orders/line-label.ts';
import { formatSignedUsd } from '../../../lib/money.ts';
import { largestCreditCents, retotal } from '../../../lib/orders/order-retotal.ts';
import { designCharges } from '../../../lib/pricing/print-locations.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { addOrderItems, nextItemPosition } from '../order-writer.ts';
import { Conflict } from '../../errors.ts';
import { orderChanged } from './change-timeline.ts';
import { changeListLocation } from './change-list-locations.ts';
import { type LocationChange, planLocationChange, writeDesignLocations } from './location-change.ts';
import { followArtwork } from './location-stage.ts';
import { type EditableOrder, lockEditableOrder } from './lock-editable.ts';
import { orderChangeAnswer } from './order-change-answer.ts';
import { loadOrderDesign, type OrderDesign } from './order-design.ts';
import { writeOrderAmounts } from './write-amounts.ts';
import type { StaffActor } from '../order-events.ts';

/**
 * The owner adds a print location to one design of a paid order, or takes one off (docs/decisions/0029-deposits.md:
 * "add a back print", "drop the sleeve"). Under the order's lock, in one transaction: the design
 * is priced as checkout prices it (a flat-priced design: the location's charge on every piece and
 * its setup fee, from the product's locations today; a design priced by the owner's lists: the
 * order's list-priced job again through the one engine, ./change-list-locations.ts), the design's
 * lines keep the new set of locations (a new one with its artwork to come), the order is
 * re-totalled (the tax follows), the timeline says what changed and the stage follows the
 * artwork (./location-stage.ts). Taking a location off refunds nothing by itself: the balance
 * goes below zero and the admin's Refunds offers the overpaid amount. Refused in words, nothing
 * stored: a location the product does not offer, one already on (or not on) the design, the last
 * location of a printed design, missing or bad pricing inputs, an order that cannot change.
 */
export async function changeLocations(
  db: Kysely<Database>,
  orderId: string,
  input: OrderLocationsInput,
  actor: StaffActor,
): Promise<OrderChangeAnswer> {
  return atomically(db, async (trx) => {
    const order = await lockEditableOrder(trx, orderId);
    const design = await loadOrderDesign(trx, orderId, input.item_id.toLowerCase());
    const change = await planLocationChange(trx, orderId, design, input);
    if (design.pricing) await changeListLocation(trx, order, design, change, actor);
    else await changeFlatLocation(trx, order, design, change, actor);
    await followArtwork(trx, orderId);
    return orderChangeAnswer(trx, orderId);
  });
}

/** A flat-priced design: the location's charges added at today's prices, or its charges taken off. */
async function changeFlatLocation(
  trx: Kysely<Database>,
  order: EditableOrder,
  design: OrderDesign,
  change: LocationChange,
  actor: StaffActor,
): Promise<void> {
  const label = lineLabel({ name: design.name, colorName: design.colorName, sizeName: null });
  const where = change.location.name.toLowerCase();
  let deltaCents: number;
  let words: string;
  if (change.kind === 'add') {
    if (change.location.price_list) {
      throw new Conflict(
        'list_priced',
        `The ${where} of ${design.name} is now priced by a price list, unlike this design: change the order with an adjustment instead.`,
      );
    }
    const pieces = design.sizes.reduce((sum, s) => sum + s.quantity, 0);
    const charges = designCharges(design.name, [change.location], pieces);
    // Charges are told apart by name and the order of their designs (order-design.ts): one more
    // of a name another design already has could be read as the other's.
    const named = await trx
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order.id)
      .where('product_id', '=', design.productId)
      .where('name', 'in', charges.length > 0 ? charges.map((c) => c.name) : [''])
      .executeTakeFirst();
    if (named) {
      throw new Conflict(
        'charges_unclear',
        `Another design of ${design.name} is printed on the ${where} too, so their charges could not be told apart: change the order with an adjustment instead.`,
      );
    }
    deltaCents = charges.reduce((sum, c) => sum + c.unit_price_cents * c.quantity, 0);
    await addOrderItems(
      trx,
      order.id,
      charges.map((charge) => ({
        productId: design.productId,
        name: charge.name,
        itemType: charge.kind,
        quantity: charge.quantity,
        unitPriceCents: charge.unit_price_cents,
      })),
      await nextItemPosition(trx, order.id),
    );
    words = `${where} print added (artwork to come)`;
  } else {
    const charges = design.locationCharges.filter((c) => c.code === change.location.code);
    deltaCents = -charges.reduce((sum, c) => sum + c.unitPriceCents * c.quantity, 0);
    if (-deltaCents > largestCreditCents(order)) {
      throw new Conflict(
        'credit_too_large',
        'This change would take the order below $0.00: change it with a credit instead.',
      );
    }
    for (const charge of charges) await trx.deleteFrom('order_items').where('id', '=', charge.id).execute();
    words = `${where} print removed`;
  }
  await writeDesignLocations(trx, design, change);
  const next = retotal(order, deltaCents);
  await writeOrderAmounts(trx, order.id, next);
  await orderChanged(
    trx,
    order.id,
    `${label}: ${words}, ${formatSignedUsd(deltaCents)}`,
    {
      before: order.total_cents,
      after: next.total_cents,
    },
    actor,
  );
}
