import { type Expression, type Kysely, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/types.ts';
import type { AreaBounds, AreaPreset } from '../../lib/catalog/products.ts';
import type {
  AreaList,
  DecorationList,
  GarmentList,
  PriceList,
  PriceListData,
  TurnaroundList,
} from '../../lib/pricing/lists.ts';

/** A list as stored: the current version of its data (an order line keeps id + version). */
export type StoredList = PriceList<PriceListData>;

const listById = (db: Kysely<Database>, id: Expression<string | null>) =>
  jsonObjectFrom(
    db
      .selectFrom('price_lists as l')
      .select(['l.id', 'l.name', 'l.version', sql<PriceListData>`l.data`.as('data')])
      .where('l.id', '=', id as Expression<string>),
  );

/**
 * What the one pricing module (src/lib/pricing/) needs of a product besides
 * its price, as JSON beside the product's row: its quantity tiers (lowest first), its print
 * locations (in shop order, with the print width in inches the artwork check advises at and the
 * decoration list pricing each, null: the location's own flat price), the garment, area and
 * turnaround lists it links (docs/decisions/0027-price-lists.md; null: none) and an area product's size bounds. The
 * catalogue's product reads, checkout's line check and quotes select them the same way.
 */
export function pricingInputsOf(db: Kysely<Database>, productId: Expression<string>) {
  const own = (column: 'garment_list_id' | 'area_list_id' | 'turnaround_list_id') =>
    listById(
      db,
      db.selectFrom('products as lp').select(`lp.${column}`).where('lp.id', '=', productId) as unknown as Expression<
        string | null
      >,
    );
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
        .select((eb) =>
          listById(db, eb.ref('pl.price_list_id')).$castTo<PriceList<DecorationList> | null>().as('price_list'),
        )
        .where('pl.product_id', '=', productId)
        .orderBy('pl.sort_order'),
    ).as('print_locations'),
    own('garment_list_id').$castTo<PriceList<GarmentList> | null>().as('garment_list'),
    own('area_list_id').$castTo<PriceList<AreaList> | null>().as('area_list'),
    own('turnaround_list_id').$castTo<PriceList<TurnaroundList> | null>().as('turnaround_list'),
    jsonObjectFrom(
      db
        .selectFrom('products as ap')
        .select([
          sql<number | null>`ap.area_min_width_in::float8`.as('min_width_in'),
          sql<number | null>`ap.area_max_width_in::float8`.as('max_width_in'),
          sql<number | null>`ap.area_min_height_in::float8`.as('min_height_in'),
          sql<number | null>`ap.area_max_height_in::float8`.as('max_height_in'),
          sql<AreaPreset[]>`coalesce(ap.area_presets, '[]'::jsonb)`.as('presets'),
        ])
        .where('ap.id', '=', productId)
        .where('ap.area_list_id', 'is not', null),
    )
      .$castTo<AreaBounds | null>()
      .as('area_bounds'),
  ] as const;
}
