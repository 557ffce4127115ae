import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { withFromPrices } from './card-price.ts';
import { pricingInputsOf } from './pricing-inputs.ts';
import type { ProductDetail, ProductSummary } from '../../lib/catalog/products.ts';
import type { Database } from '../db/types.ts';
import { collectionOnSale } from './collection-window.ts';

/**
 * Public product reads. A product is public when it is active and its collection is on sale
 * (active and within its dates; its page lives under the collection). Colours and sizes count only while active and offered by the
 * product, and so does the stock of their variants: a customer is never shown stock they
 * cannot pick.
 */

/** Variants whose colour and size (where set) are offered by the product and active. */
function offeredVariants(db: Kysely<Database>) {
  return db
    .selectFrom('product_variants as v')
    .leftJoin('product_colors as pc', (join) =>
      join.onRef('pc.product_id', '=', 'v.product_id').onRef('pc.color_id', '=', 'v.color_id'),
    )
    .leftJoin('colors as c', 'c.id', 'pc.color_id')
    .leftJoin('product_sizes as ps', (join) =>
      join.onRef('ps.product_id', '=', 'v.product_id').onRef('ps.size_id', '=', 'v.size_id'),
    )
    .leftJoin('sizes as s', 's.id', 'ps.size_id')
    .where((eb) =>
      eb.and([
        eb.or([eb('v.color_id', 'is', null), eb('c.is_active', '=', true)]),
        eb.or([eb('v.size_id', 'is', null), eb('s.is_active', '=', true)]),
      ]),
    );
}

function publicProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products as p')
    .innerJoin('collections as col', 'col.id', 'p.collection_id')
    .where('p.is_active', '=', true)
    .where(collectionOnSale('col'));
}

/** Active products in shop order, optionally only those of one collection (by slug). */
export async function listProducts(
  db: Kysely<Database>,
  filter: { category?: string | undefined } = {},
): Promise<ProductSummary[]> {
  const stock = offeredVariants(db)
    .select([
      'v.product_id',
      // null when a variant is made to order (issue 44): then the product always is.
      sql<number | null>`case when count(v.stock_qty) = count(*) then cast(sum(v.stock_qty) as integer) end`.as(
        'stock',
      ),
      sql<number>`cast(count(*) as integer)`.as('variant_count'),
    ])
    .groupBy('v.product_id')
    .as('stock');
  let query = publicProducts(db)
    .leftJoin(stock, 'stock.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.price_cents',
      'p.image_main_url',
      'p.product_type',
      'col.slug as collection',
      // Variants hold the stock when there are any; otherwise the product's own count (or null).
      sql<number | null>`case when stock.variant_count > 0 then stock.stock else p.stock_qty end`.as('total_stock'),
    ])
    .orderBy('p.sort_order')
    .orderBy('p.name');
  if (filter.category !== undefined) query = query.where('col.slug', '=', filter.category);
  return withFromPrices(db, await query.execute());
}

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * Full details, with colours, sizes and live stock, of the public products matching `slug` (all
 * when omitted). One statement: the options and variants come as JSON arrays per product, so a
 * product read is one round trip to the database instead of four.
 */
async function loadDetails(db: Kysely<Database>, slug?: string): Promise<ProductDetail[]> {
  const productId = sql.ref<string>('p.id');
  let query = publicProducts(db)
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.sku',
      'p.product_type',
      'p.description',
      'p.price_cents',
      'p.image_main_url',
      'p.image_secondary_url',
      'p.stock_qty',
      'p.minimum_quantity',
      'p.weight_oz',
      'p.length_in',
      'p.width_in',
      'p.height_in',
      'col.slug as collection_slug',
      'col.name as collection_name',
      jsonArrayFrom(
        db
          .selectFrom('product_colors as pc')
          .innerJoin('colors as c', 'c.id', 'pc.color_id')
          .select(['c.id', 'c.name', 'c.hex', 'pc.image_url'])
          .where('pc.product_id', '=', productId)
          .where('c.is_active', '=', true)
          .orderBy('c.sort_order')
          .orderBy('c.name'),
      ).as('colors'),
      jsonArrayFrom(
        db
          .selectFrom('product_sizes as ps')
          .innerJoin('sizes as s', 's.id', 'ps.size_id')
          .select(['s.id', 's.name'])
          .where('ps.product_id', '=', productId)
          .where('s.is_active', '=', true)
          .orderBy('s.sort_order')
          .orderBy('s.name'),
      ).as('sizes'),
      ...pricingInputsOf(db, productId),
      jsonArrayFrom(
        offeredVariants(db)
          .select(['v.color_id', 'v.size_id', 'v.stock_qty'])
          .where('v.product_id', '=', productId)
          .orderBy('c.sort_order')
          .orderBy('s.sort_order'),
      ).as('variants'),
    ])
    .orderBy('col.sort_order')
    .orderBy('p.sort_order')
    .orderBy('p.name');
  if (slug !== undefined) query = query.where('p.slug', '=', slug);
  const rows = await query.execute();

  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    product_type: r.product_type,
    description: r.description,
    price_cents: r.price_cents,
    image_main_url: r.image_main_url,
    image_secondary_url: r.image_secondary_url,
    collection: { slug: r.collection_slug, name: r.collection_name },
    colors: r.colors,
    sizes: r.sizes,
    variants: r.variants,
    stock_qty: r.stock_qty,
    minimum_quantity: r.minimum_quantity,
    price_tiers: r.price_tiers,
    print_locations: r.print_locations,
    garment_list: r.garment_list,
    area_list: r.area_list,
    turnaround_list: r.turnaround_list,
    area_bounds: r.area_bounds,
    weight_oz: toNumber(r.weight_oz),
    length_in: toNumber(r.length_in),
    width_in: toNumber(r.width_in),
    height_in: toNumber(r.height_in),
  }));
}

/** One public product with live stock, or null when there is no active one by that slug. */
export async function getProductBySlug(db: Kysely<Database>, slug: string): Promise<ProductDetail | null> {
  const [product] = await loadDetails(db, slug);
  return product ?? null;
}

/** Every public product in shop order (collection, then product): the build's product pages. */
export function listProductDetails(db: Kysely<Database>): Promise<ProductDetail[]> {
  return loadDetails(db);
}
