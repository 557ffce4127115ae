import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * The files a store batch prints (docs/decisions/0030-team-stores.md): the artwork the shop fixed on the store's
 * designs that made it into the batch (a design that missed its minimum prints nothing), which belong to no
 * order. A subquery of artwork ids, empty for any other order.
 */
export function storeBatchArtworkIds(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('store_design_locations as l')
    .innerJoin('store_designs as d', 'd.id', 'l.design_id')
    .innerJoin('orders as b', 'b.store_batch_of', 'd.store_id')
    .select('l.artwork_id')
    .where('b.id', '=', orderId)
    .where('l.artwork_id', 'is not', null)
    .where(
      'd.id',
      'in',
      db
        .selectFrom('order_items')
        .select(sql<string>`(variant_metadata->>'store_design_id')::uuid`.as('design_id'))
        .where('order_id', '=', orderId),
    )
    .$narrowType<{ artwork_id: string }>();
}
