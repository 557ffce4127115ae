import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { collectionOnSale, shopToday } from '../catalog/collection-window.ts';
import { pricingInputsOf } from '../catalog/pricing-inputs.ts';
import type { Database } from '../db/types.ts';

/**
 * The products a checkout's lines name, with what checking and pricing them reads: whether they
 * (and their collection) are on sale, their colours, sizes, variants' stock and pricing inputs.
 */
export function loadLineProducts(db: Kysely<Database>, ids: readonly string[]) {
  // One statement (a round trip instead of four): each product with its offered colours and
  // sizes and its variants as JSON arrays.
  const productRef = sql.ref<string>('p.id');
  return db
    .selectFrom('products as p')
    .innerJoin('collections as col', 'col.id', 'p.collection_id')
    .select([
      'p.id',
      'p.name',
      'p.price_cents',
      'p.stock_qty',
      'p.minimum_quantity',
      'p.is_active',
      'col.is_active as collection_active',
      'col.start_date',
      'col.end_date',
      collectionOnSale('col').as('collection_on_sale'),
      sql<boolean>`coalesce(col.start_date > ${shopToday()}, false)`.as('collection_upcoming'),
      jsonArrayFrom(
        db
          .selectFrom('product_colors as pc')
          .innerJoin('colors as c', 'c.id', 'pc.color_id')
          .select(['c.id', 'c.name', 'c.hex', 'c.is_active'])
          .where('pc.product_id', '=', productRef),
      ).as('colors'),
      jsonArrayFrom(
        db
          .selectFrom('product_sizes as ps')
          .innerJoin('sizes as s', 's.id', 'ps.size_id')
          .select(['s.id', 's.name', 's.is_active'])
          .where('ps.product_id', '=', productRef),
      ).as('sizes'),
      ...pricingInputsOf(db, productRef),
      jsonArrayFrom(
        db
          .selectFrom('product_variants as v')
          .select(['v.id', 'v.color_id', 'v.size_id', 'v.stock_qty'])
          .where('v.product_id', '=', productRef),
      ).as('variants'),
    ])
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
}

/** A product as checkout reads it. */
export type LineProduct = Awaited<ReturnType<typeof loadLineProducts>>[number];
