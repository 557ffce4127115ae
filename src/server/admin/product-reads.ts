import { type Kysely, sql } from 'kysely';
import type { AdminProduct } from '../../lib/admin-schemas/products.ts';
import type { AreaPreset } from '../../lib/catalog/products.ts';
import type { Database } from '../db/types.ts';
import { toNumber } from './values.ts';

/**
 * Products as the admin sees them: active or not, with every colour, size and variant they
 * have (inactive colours included, so an edit does not silently drop them). One product when
 * `id` is given, otherwise all in shop order.
 */
export async function loadAdminProducts(db: Kysely<Database>, id?: string): Promise<AdminProduct[]> {
  let query = db
    .selectFrom('products as p')
    .innerJoin('collections as c', 'c.id', 'p.collection_id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.price_cents',
      'p.sku',
      'p.product_type',
      'p.description',
      'c.slug as collection',
      'p.stock_qty',
      'p.minimum_quantity',
      'p.low_stock_threshold',
      'p.weight_oz',
      'p.length_in',
      'p.width_in',
      'p.height_in',
      'p.stripe_buy_button_id',
      'p.garment_list_id',
      'p.area_list_id',
      'p.turnaround_list_id',
      'p.area_min_width_in',
      'p.area_max_width_in',
      'p.area_min_height_in',
      'p.area_max_height_in',
      sql<AreaPreset[]>`coalesce(p.area_presets, '[]'::jsonb)`.as('area_presets'),
      'p.image_main_url',
      'p.image_secondary_url',
      'p.is_active',
      'p.sort_order',
      'p.created_at',
      'p.updated_at',
    ])
    .orderBy('c.sort_order')
    .orderBy('p.sort_order')
    .orderBy('p.name');
  if (id !== undefined) query = query.where('p.id', '=', id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);

  const [colors, sizes, variants, tiers, locations] = await Promise.all([
    db
      .selectFrom('product_colors as pc')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .select(['pc.product_id', 'c.id', 'c.name', 'c.hex', 'pc.image_url'])
      .where('pc.product_id', 'in', ids)
      .orderBy('c.sort_order')
      .orderBy('c.name')
      .execute(),
    db
      .selectFrom('product_sizes as ps')
      .innerJoin('sizes as s', 's.id', 'ps.size_id')
      .select(['ps.product_id', 's.id', 's.name'])
      .where('ps.product_id', 'in', ids)
      .orderBy('s.sort_order')
      .orderBy('s.name')
      .execute(),
    db
      .selectFrom('product_variants as v')
      .leftJoin('colors as c', 'c.id', 'v.color_id')
      .leftJoin('sizes as s', 's.id', 'v.size_id')
      .select(['v.product_id', 'v.color_id', 'v.size_id', 'v.stock_qty'])
      .where('v.product_id', 'in', ids)
      .orderBy('c.sort_order')
      .orderBy('s.sort_order')
      .execute(),
    db
      .selectFrom('product_price_tiers')
      .select(['product_id', 'min_quantity', 'unit_price_cents'])
      .where('product_id', 'in', ids)
      .orderBy('min_quantity')
      .execute(),
    db
      .selectFrom('product_print_locations')
      .select([
        'product_id',
        'code',
        'name',
        'price_cents_per_piece',
        'setup_fee_cents',
        'print_width_in',
        'price_list_id',
      ])
      .where('product_id', 'in', ids)
      .orderBy('sort_order')
      .orderBy('code')
      .execute(),
  ]);

  const group = <T extends { product_id: string }>(list: T[]) => {
    const map = new Map<string, Omit<T, 'product_id'>[]>();
    for (const { product_id, ...rest } of list) map.set(product_id, [...(map.get(product_id) ?? []), rest]);
    return map;
  };
  const colorsOf = group(colors);
  const sizesOf = group(sizes);
  const variantsOf = group(variants);
  const tiersOf = group(tiers);
  const locationsOf = group(locations.map((l) => ({ ...l, print_width_in: toNumber(l.print_width_in) })));

  return rows.map((r) => ({
    ...r,
    weight_oz: toNumber(r.weight_oz),
    length_in: toNumber(r.length_in),
    width_in: toNumber(r.width_in),
    height_in: toNumber(r.height_in),
    area_min_width_in: toNumber(r.area_min_width_in),
    area_max_width_in: toNumber(r.area_max_width_in),
    area_min_height_in: toNumber(r.area_min_height_in),
    area_max_height_in: toNumber(r.area_max_height_in),
    colors: colorsOf.get(r.id) ?? [],
    sizes: sizesOf.get(r.id) ?? [],
    variants: variantsOf.get(r.id) ?? [],
    price_tiers: tiersOf.get(r.id) ?? [],
    print_locations: locationsOf.get(r.id) ?? [],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}
