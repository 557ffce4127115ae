import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * What a store has sold (docs/decisions/0030-team-stores.md): the pieces of each design on its paid
 * buyer orders, by colour and size. A buyer order is an order with `store_id`; each of its product
 * lines names its design in `variant_metadata.store_design_id` (and, when personalised, `personalisation`: { name?,
 * number? }, which applies to every piece of the line). Pending and cancelled orders count for
 * nothing; a refunded order is cancelled or keeps its pieces until the close decides.
 */
export interface StoreSalesRow {
  design_id: string;
  color_id: string | null;
  size_id: string | null;
  pieces: number;
}

export async function storeSales(db: Kysely<Database>, storeId: string): Promise<StoreSalesRow[]> {
  const designId = sql<string>`i.variant_metadata ->> 'store_design_id'`;
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([designId.as('design_id'), 'i.color_id', 'i.size_id'])
    .select((eb) => eb.fn.sum<string>('i.quantity').as('pieces'))
    .where('o.store_id', '=', storeId)
    .where('o.status', '=', 'paid')
    .where('i.item_type', '=', 'product')
    .where(designId, 'is not', null)
    .groupBy([designId, 'i.color_id', 'i.size_id'])
    .execute();
  return rows.map((r) => ({
    design_id: r.design_id,
    color_id: r.color_id,
    size_id: r.size_id,
    pieces: Number(r.pieces),
  }));
}

/** Pieces sold of each design, for "18 of 24 sold" and the close's minimum. */
export async function piecesByDesign(db: Kysely<Database>, storeId: string): Promise<Map<string, number>> {
  const byDesign = new Map<string, number>();
  for (const row of await storeSales(db, storeId)) {
    byDesign.set(row.design_id, (byDesign.get(row.design_id) ?? 0) + row.pieces);
  }
  return byDesign;
}
