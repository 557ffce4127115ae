import { type Kysely, sql } from 'kysely';
import type { StoreReport, StoreReportDesign } from '../../lib/admin-schemas/store-report.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import type { Database } from '../db/types.ts';

/** Raised for the organiser on one piece at `priceCents`: the fixed amount, or the share (rounded to the cent). */
export function fundraisingPerPiece(
  design: { fundraising_cents: number | null; fundraising_bp: number | null },
  priceCents: number,
): number {
  if (design.fundraising_cents !== null) return design.fundraising_cents;
  if (design.fundraising_bp !== null) return Math.round((priceCents * design.fundraising_bp) / 10_000);
  return 0;
}

const designId = sql<string>`i.variant_metadata ->> 'store_design_id'`;

/**
 * Why the report has no cost: the shop records no cost of printing yet. The price lists hold what the shop charges
 * (pricing the batch by them gave a selling price, so every store looked like it lost money), and blanks are not
 * bought from suppliers yet. Once a cost source exists it fills cost and margin; until then they stay blank.
 */
export const NO_COST_DATA =
  'No cost data: the price lists hold what the shop charges, not what printing costs it, so cost and margin stay blank.';

/**
 * GET /api/admin/store-reports/{id}: the owner's report of a store
 * (docs/decisions/0030-team-stores.md), null when there is no such store. Revenue is what buyers
 * paid for the pieces kept (lines of paid buyer orders; a design refunded at the close earns
 * nothing; before the close: what has sold so far); the fundraising payout is per piece kept, on
 * the store's price; cost and margin are blank with the reason (NO_COST_DATA).
 */
export async function storeReport(db: Kysely<Database>, storeId: string): Promise<StoreReport | null> {
  const store = await db
    .selectFrom('stores')
    .select(['id', 'name', 'organiser_name', 'status', 'closes_at', 'closed_at', 'minimum_per_design'])
    .where('id', '=', storeId)
    .executeTakeFirst();
  if (!store) return null;
  const [designs, sold, batch, money] = await Promise.all([
    db
      .selectFrom('store_designs')
      .select(['id', 'name', 'price_cents', 'fundraising_cents', 'fundraising_bp'])
      .where('store_id', '=', storeId)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
    // Every piece line of the store's paid buyer orders, with whether a batch printed its order.
    db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select([designId.as('design_id'), 'i.quantity', 'i.unit_price_cents'])
      .where('o.store_id', '=', storeId)
      .where('o.status', '=', 'paid')
      .where('i.item_type', '=', 'product')
      .where(designId, 'is not', null)
      .execute(),
    db
      .selectFrom('orders as b')
      .innerJoin('order_items as i', 'i.order_id', 'b.id')
      .select(['b.id', designId.as('design_id'), 'i.quantity'])
      .where('b.store_batch_of', '=', storeId)
      .execute(),
    db
      .selectFrom('orders')
      .select([
        sql<number>`count(*)::int`.as('orders'),
        sql<number>`coalesce(sum(refunded_cents), 0)::bigint`.as('refunded'),
      ])
      .where('store_id', '=', storeId)
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  const closed = store.status === 'closed';
  const printed = new Set(batch.map((l) => l.design_id));
  const rows: StoreReportDesign[] = designs.map((d) => {
    const lines = sold.filter((l) => l.design_id === d.id);
    const state = !closed ? 'selling' : printed.has(d.id) ? 'printed' : lines.length > 0 ? 'refunded' : 'none_sold';
    const kept = state === 'selling' || state === 'printed' ? lines : [];
    const pieces = kept.reduce((sum, l) => sum + l.quantity, 0);
    const revenue = kept.reduce((sum, l) => sum + l.quantity * l.unit_price_cents, 0);
    const fundraising = pieces * fundraisingPerPiece(d, d.price_cents);
    return {
      id: d.id,
      name: d.name,
      state,
      pieces,
      revenue_cents: revenue,
      cost_cents: null,
      fundraising_cents: fundraising,
      margin_cents: null,
    };
  });
  const sum = (pick: (d: StoreReportDesign) => number) => rows.reduce((total, d) => total + pick(d), 0);
  return {
    store: {
      id: store.id,
      name: store.name,
      organiser_name: store.organiser_name,
      status: store.status,
      closes_at: store.closes_at.toISOString(),
      closed_at: store.closed_at?.toISOString() ?? null,
      minimum_per_design: store.minimum_per_design,
    },
    batch: batch[0]
      ? { order_id: batch[0].id, number: orderNumber(batch[0].id), pieces: batch.reduce((s, l) => s + l.quantity, 0) }
      : null,
    designs: rows,
    totals: {
      buyer_orders: money.orders,
      pieces: sum((d) => d.pieces),
      revenue_cents: sum((d) => d.revenue_cents),
      refunded_cents: money.refunded,
      cost_cents: null,
      fundraising_cents: sum((d) => d.fundraising_cents),
      margin_cents: null,
    },
    cost_problem: NO_COST_DATA,
  };
}
