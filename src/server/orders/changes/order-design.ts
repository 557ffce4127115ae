import { type Kysely, sql } from 'kysely';
import { designKey } from '../../../lib/pricing/print-locations.ts';
import { type StoredLocation, storedLocations } from '../../../lib/orders/order-locations.ts';
import type { DesignSize, PieceCharge } from '../../../lib/orders/order-sizes.ts';
import type { PriceTier } from '../../../lib/pricing/tiers.ts';
import type { OrderItemPricing } from '../../../lib/pricing/line-record.ts';
import type { Database } from '../../db/types.ts';
import { Conflict, NotFound } from '../../errors.ts';

/** A design of a paid order as a size change reads it (see src/lib/orders/order-sizes.ts). */
export interface OrderDesign {
  /** The line the owner chose; a size the change adds copies its inputs. */
  itemId: string;
  /** How the owner's lists priced the chosen line (docs/decisions/0027-price-lists.md); null: flat price and tiers. */
  pricing: OrderItemPricing | null;
  productId: string;
  colorId: string | null;
  /** The product's name as bought, and the line's variant metadata to copy onto a new size. */
  name: string;
  colorName: string | null;
  metadata: Record<string, unknown>;
  sizes: DesignSize[];
  charges: PieceCharge[];
  /** Each print location's charges of the design (on every piece, and its setup fee), by code. */
  locationCharges: (PieceCharge & { code: string; kind: 'print_location' | 'setup_fee' })[];
  /** The design's print locations as its lines store them. */
  locations: StoredLocation[];
  product: {
    price_cents: number;
    price_tiers: PriceTier[];
    minimum_quantity: number;
    stock_qty: number | null;
    sizes: { id: string; name: string; is_active: boolean }[];
    variants: { id: string; color_id: string | null; size_id: string | null }[];
  };
}

type Line = { id: string; product_id: string | null; color_id: string | null; name: string; variant_metadata: unknown };
const keyOf = (line: Line) =>
  designKey({
    productId: line.product_id ?? '',
    colorId: line.color_id,
    locations: storedLocations(line.variant_metadata).map((l) => ({ code: l.code, artworkId: l.artwork_id })),
  });

/**
 * The design of a paid order that line `itemId` belongs to: every size of the product in that
 * colour with the same print locations, the print charges checkout added for its pieces, and the
 * product as the catalogue has it now. A line priced by its area, a charge or a quoted line
 * answers 409 in words: it changes with an adjustment.
 */
export async function loadOrderDesign(trx: Kysely<Database>, orderId: string, itemId: string): Promise<OrderDesign> {
  const lines = await trx
    .selectFrom('order_items as i')
    .leftJoin('sizes as s', 's.id', 'i.size_id')
    .select(['i.id', 'i.product_id', 'i.color_id', 'i.size_id', 'i.name', 'i.item_type', 'i.quantity'])
    .select(['i.unit_price_cents', 'i.variant_metadata', 'i.pricing', 'i.position', 's.name as size_name'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  const item = lines.find((l) => l.id === itemId);
  if (!item) throw new NotFound('not_found', 'There is no such line on this order.');
  if (item.item_type !== 'product') {
    throw new Conflict(
      'not_sized',
      'Only the pieces of a product change by size; change this line with an adjustment.',
    );
  }
  const pricing = item.pricing as OrderItemPricing | null;
  // A banner priced by its area has no sizes: its width, height and pieces change with an adjustment.
  if (pricing?.inputs.area) {
    throw new Conflict(
      'list_priced',
      'This line was priced by price lists, whose sizes cannot change here yet: change it with an adjustment.',
    );
  }
  if (!item.product_id)
    throw new Conflict('product_gone', 'This product is no longer in the shop: change the order with an adjustment.');
  const productId = item.product_id;
  const pieces = lines.filter((l) => l.item_type === 'product' && l.product_id === productId);
  const key = keyOf(item);
  const design = pieces.filter((l) => keyOf(l) === key);
  const meta = (item.variant_metadata ?? {}) as Record<string, unknown>;
  return {
    itemId: item.id,
    pricing,
    productId,
    colorId: item.color_id,
    name: item.name,
    colorName: typeof meta['color'] === 'string' ? meta['color'] : null,
    metadata: meta,
    sizes: design.map((l) => {
      const size = (l.variant_metadata as Record<string, unknown> | null)?.['size'];
      return {
        id: l.id,
        sizeId: l.size_id,
        sizeName: typeof size === 'string' ? size : l.size_name,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
      };
    }),
    charges: printCharges(lines, pieces, item, 'print_location').map(({ id, quantity, unitPriceCents }) => ({
      id,
      quantity,
      unitPriceCents,
    })),
    locationCharges: [
      ...printCharges(lines, pieces, item, 'print_location'),
      ...printCharges(lines, pieces, item, 'setup_fee'),
    ],
    locations: storedLocations(item.variant_metadata),
    product: await productNow(trx, productId),
  };
}

/**
 * The print charges checkout added for the design of `item`: one per priced location, named
 * "<location> print, <product>" (`kind` setup_fee: its setup fees, "<location> setup, <product>"). Designs of one product with the same locations have charges of
 * the same name, in the order of the designs' first lines, so the design's own is found by its
 * place among them; when the charges do not line up, 409 rather than a guess.
 */
function printCharges(
  lines: (Line & { item_type: string; quantity: number; unit_price_cents: number })[],
  pieces: Line[],
  item: Line,
  kind: 'print_location' | 'setup_fee',
): (PieceCharge & { code: string; kind: typeof kind })[] {
  const designs: Line[] = [];
  for (const line of pieces) if (!designs.some((d) => keyOf(d) === keyOf(line))) designs.push(line);
  return storedLocations(item.variant_metadata).flatMap((location) => {
    const name = `${location.name} ${kind === 'setup_fee' ? 'setup' : 'print'}, ${item.name}`;
    const charges = lines.filter((l) => l.item_type === kind && l.product_id === item.product_id && l.name === name);
    if (charges.length === 0) return [];
    const sharing = designs.filter(
      (d) => d.name === item.name && storedLocations(d.variant_metadata).some((l) => l.name === location.name),
    );
    const place = sharing.findIndex((d) => keyOf(d) === keyOf(item));
    const charge = charges.length === sharing.length ? charges[place] : undefined;
    if (!charge) {
      throw new Conflict(
        'charges_unclear',
        `The ${location.name.toLowerCase()} print charges of this order do not match its designs: change it with an adjustment.`,
      );
    }
    return [
      { id: charge.id, quantity: charge.quantity, unitPriceCents: charge.unit_price_cents, code: location.code, kind },
    ];
  });
}

async function productNow(trx: Kysely<Database>, productId: string): Promise<OrderDesign['product']> {
  const row = await trx
    .selectFrom('products as p')
    .select(['p.price_cents', 'p.minimum_quantity', 'p.stock_qty'])
    .select([
      sql<
        PriceTier[]
      >`coalesce((select json_agg(json_build_object('min_quantity', t.min_quantity, 'unit_price_cents', t.unit_price_cents) order by t.min_quantity) from product_price_tiers t where t.product_id = p.id), '[]'::json)`.as(
        'price_tiers',
      ),
      sql<
        OrderDesign['product']['sizes']
      >`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'is_active', s.is_active)) from product_sizes ps join sizes s on s.id = ps.size_id where ps.product_id = p.id), '[]'::json)`.as(
        'sizes',
      ),
      sql<
        OrderDesign['product']['variants']
      >`coalesce((select json_agg(json_build_object('id', v.id, 'color_id', v.color_id, 'size_id', v.size_id)) from product_variants v where v.product_id = p.id), '[]'::json)`.as(
        'variants',
      ),
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row)
    throw new Conflict('product_gone', 'This product is no longer in the shop: change the order with an adjustment.');
  return {
    price_cents: row.price_cents,
    price_tiers: row.price_tiers,
    minimum_quantity: row.minimum_quantity,
    stock_qty: row.stock_qty,
    sizes: row.sizes,
    variants: row.variants,
  };
}
