import { type Expression, type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/types.ts';

/**
 * What the one pricing module (src/lib/pricing.ts) needs of a product besides its price, as JSON
 * arrays beside the product's row: its quantity tiers (lowest first) and its print locations (in
 * shop order, with the print width in inches the artwork check advises at). The catalogue's product reads and checkout's line check select them the same way.
 */
export function pricingInputsOf(db: Kysely<Database>, productId: Expression<string>) {
  return [
    jsonArrayFrom(
      db
        .selectFrom('product_price_tiers as t')
        .select(['t.min_quantity', 't.unit_price_cents'])
        .where('t.product_id', '=', productId)
        .orderBy('t.min_quantity'),
    ).as('price_tiers'),
    jsonArrayFrom(
      db
        .selectFrom('product_print_locations as pl')
        .select(['pl.code', 'pl.name', 'pl.price_cents_per_piece', 'pl.setup_fee_cents'])
        // A JSON number (inches), so the page's DPI advice reads it as it is; null: not set.
        .select(sql<number | null>`pl.print_width_in::float8`.as('print_width_in'))
        .where('pl.product_id', '=', productId)
        .orderBy('pl.sort_order'),
    ).as('print_locations'),
  ] as const;
}
