import { type Kysely, sql } from 'kysely';
import type { AdminProductPage, ProductListQuery } from '../../lib/admin-schemas/product-list.ts';
import type { Database } from '../db/types.ts';
import { likePattern } from './like-pattern.ts';

function filtered(db: Kysely<Database>, query: ProductListQuery) {
  let q = db.selectFrom('products as p').innerJoin('collections as c', 'c.id', 'p.collection_id');
  if (query.search) {
    // Every word somewhere in the name, slug or SKU: "hoodie black" finds "Black Pullover Hoodie".
    for (const word of query.search.split(/\s+/).filter(Boolean)) {
      const pattern = likePattern(word);
      q = q.where((eb) =>
        eb.or([eb('p.name', 'ilike', pattern), eb('p.slug', 'ilike', pattern), eb('p.sku', 'ilike', pattern)]),
      );
    }
  }
  if (query.collection) q = q.where('c.slug', '=', query.collection);
  if (query.visibility) q = q.where('p.is_active', '=', query.visibility === 'visible');
  return q;
}

/**
 * GET /api/admin/product-list: one page of the Products list in shop order (collection, then the
 * product's place in it, then name), and how many products match in all. Stock is summed over the
 * colours and sizes; a product without them shows its own count, or null when not tracked.
 */
export async function listProductRows(db: Kysely<Database>, query: ProductListQuery): Promise<AdminProductPage> {
  const [rows, count] = await Promise.all([
    filtered(db, query)
      .select([
        'p.id',
        'p.name',
        'p.slug',
        'p.sku',
        'c.slug as collection',
        'c.name as collection_name',
        'p.price_cents',
        'p.image_main_url',
        'p.is_active',
        sql<number | null>`coalesce(
          (select sum(v.stock_qty)::int from product_variants v where v.product_id = p.id),
          p.stock_qty)`.as('stock'),
        sql<boolean>`exists (select 1 from product_variants v where v.product_id = p.id)`.as('has_variants'),
        sql<boolean>`p.low_stock_threshold > 0 and coalesce(
          (select min(v.stock_qty) from product_variants v where v.product_id = p.id),
          p.stock_qty) <= p.low_stock_threshold`.as('low_stock'),
      ])
      .orderBy('c.sort_order')
      .orderBy('c.name')
      .orderBy('p.sort_order')
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    filtered(db, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      stock: r.stock === null ? null : Number(r.stock),
      low_stock: r.low_stock === true,
    })),
    total: Number(count.total),
  };
}
