import { type Kysely, sql } from 'kysely';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { addWorkingDays, countingDay, type ShopCalendar } from '../../lib/calendar/shop-calendar.ts';
import { readShopCalendar } from '../settings/shop-calendar.ts';
import type { Database } from '../db/types.ts';
import type { BuyerLine, ClosingDesign, ClosingStore } from './store-close-lines.ts';
import { stageEvent } from '../orders/order-events.ts';
import { writeOrder } from '../orders/order-writer.ts';

/** One name or number to print, as the work order lists it: on how many pieces, for which buyer's order. */
export interface BatchPersonalisation {
  name?: string;
  number?: string;
  quantity: number;
  order: string;
}

interface BatchLine {
  design: ClosingDesign;
  line: BuyerLine;
  quantity: number;
  personalisation: BatchPersonalisation[];
}

const cmp = (a: number | null, b: number | null) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);

/** The batch's lines: pieces per design, colour and size, in the store's design order and the shop's colour and size order. */
export function batchLines(designs: readonly ClosingDesign[], lines: readonly BuyerLine[]): BatchLine[] {
  const byId = new Map(designs.map((d) => [d.id, d]));
  const grouped = new Map<string, BatchLine>();
  for (const line of lines) {
    const design = byId.get(line.design_id);
    if (!design) continue;
    const key = `${line.design_id}|${line.color_id ?? ''}|${line.size_id ?? ''}`;
    const group = grouped.get(key) ?? { design, line, quantity: 0, personalisation: [] };
    group.quantity += line.quantity;
    if (line.personalisation) {
      group.personalisation.push({
        ...line.personalisation,
        quantity: line.quantity,
        order: orderNumber(line.order_id),
      });
    }
    grouped.set(key, group);
  }
  return [...grouped.values()].sort(
    (a, b) =>
      a.design.position - b.design.position ||
      designs.indexOf(a.design) - designs.indexOf(b.design) ||
      cmp(a.line.color_order, b.line.color_order) ||
      cmp(a.line.size_order, b.line.size_order),
  );
}

/**
 * The day the organiser expects the batch: the longest delivery promised, in working days of the
 * shop calendar (issue 46) from the day the close counts from (a close after hours, 11:30 PM in
 * Texas, counts from the next day; the UTC day plays no part).
 */
function inHandsDay(store: ClosingStore, calendar: ShopCalendar): string {
  return addWorkingDays(calendar, countingDay(calendar, store.closes_at), store.delivery_days_max);
}

/**
 * The store's one production batch (docs/decisions/0030-team-stores.md): a roll-up order
 * (store_batch_of = the store) in the owner's Orders workflow, its lines the totals per design,
 * colour and size with the design's locations and artwork (so the work order prints it as one job)
 * and every name and number to print. Its designs were approved by the organiser before the store
 * opened, so it starts at 'approved' (ready for production). It costs the organiser nothing: each buyer paid their own
 * order, so it is paid at $0.00. Every buyer order with a line in it names it and moves to
 * production. Answers the batch's id. Runs in the close's transaction.
 */
export async function createStoreBatch(
  trx: Kysely<Database>,
  store: ClosingStore,
  designs: readonly ClosingDesign[],
  lines: readonly BuyerLine[],
): Promise<string> {
  const grouped = batchLines(designs, lines);
  const buyerOrders = [...new Set(lines.map((l) => l.order_id))];
  const batch = await writeOrder(trx, {
    source: { kind: 'store_batch', storeId: store.id, customerName: store.organiser_name },
    order: {
      email: store.organiser_email,
      status: 'paid',
      stage: 'approved',
      paid_at: sql<Date>`now()`,
      fulfillment: 'local',
      in_hands_date: inHandsDay(store, await readShopCalendar(trx)),
    },
    pieces: grouped.map((g) => ({
      productId: g.design.product_id,
      colorId: g.line.color_id,
      sizeId: g.line.size_id,
      name: g.design.name,
      itemType: 'product',
      quantity: g.quantity,
      unitPriceCents: 0,
      metadata: {
        store_design_id: g.design.id,
        ...(g.line.color ? { color: g.line.color } : {}),
        ...(g.line.size ? { size: g.line.size } : {}),
        locations: g.design.locations,
        personalisation_list: g.personalisation,
      },
    })),
    charges: [],
  });
  const pieces = grouped.reduce((sum, g) => sum + g.quantity, 0);
  await stageEvent(trx, batch.id, {
    actor: 'system',
    to: 'approved',
    comment: `Production batch of ${store.name}: ${pieces} pieces from ${buyerOrders.length} buyer order(s). Designs approved by ${store.organiser_name} before the store opened.`,
  });
  await trx
    .updateTable('orders')
    .set({ store_batch_order_id: batch.id, stage: 'in_production' })
    .where('id', 'in', buyerOrders)
    .execute();
  await stageEvent(trx, buyerOrders, {
    actor: 'system',
    to: 'in_production',
    comment: `${store.name} closed: printed in production batch ${orderNumber(batch.id)}`,
  });
  return batch.id;
}
