import { type Kysely, sql } from 'kysely';
import type { AdminAddableLocation, AdminOrderDesign } from '../../../lib/admin-schemas/order-sizes.ts';
import { lineLabel } from '../../../lib/orders/line-label.ts';
import { storedLocations } from '../../../lib/orders/order-locations.ts';
import { designKey } from '../../../lib/pricing/print-locations.ts';
import type { DecorationList, PriceListData } from '../../../lib/pricing/lists.ts';
import type { Database } from '../../db/types.ts';

/**
 * The designs of an order whose sizes and print locations the owner can change (docs/decisions/0029-deposits.md): its
 * pieces of a product still in the shop, grouped as checkout priced them (product, colour, print
 * locations), each with the product's sizes on sale now and the sizes ordered, its locations, and
 * the product's other locations with the list that prices each (so the dialog asks what that list
 * needs). Pieces priced by the owner's lists are offered too (repriced from the list versions the
 * order kept; a flat design is not offered a list-priced location, which the change refuses); a
 * line priced by its area is left out.
 */
export async function orderDesigns(db: Kysely<Database>, orderId: string): Promise<AdminOrderDesign[]> {
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id', 'i.product_id', 'i.color_id', 'i.size_id', 'i.name', 'i.quantity', 'i.variant_metadata'])
    .select(sql<boolean>`i.pricing is not null`.as('list_priced'))
    .where('i.order_id', '=', orderId)
    .where('i.item_type', '=', 'product')
    // A line priced by its area (a banner) has no sizes: it changes with an adjustment.
    .where(sql<boolean>`i.pricing -> 'inputs' ->> 'area' is null`)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  if (lines.length === 0) return [];
  const offered = await db
    .selectFrom('product_sizes as ps')
    .innerJoin('sizes as s', 's.id', 'ps.size_id')
    .select(['ps.product_id', 's.id', 's.name', 's.sort_order'])
    .where('ps.product_id', 'in', [...new Set(lines.map((l) => l.product_id!))])
    .where('s.is_active', '=', true)
    .orderBy('s.sort_order')
    .orderBy('s.name')
    .execute();
  const locationsOffered = await productLocations(db, [...new Set(lines.map((l) => l.product_id!))]);
  const designs = new Map<string, AdminOrderDesign>();
  for (const line of lines) {
    const meta = (line.variant_metadata ?? {}) as Record<string, unknown>;
    const locations = storedLocations(meta);
    const key = designKey({
      productId: line.product_id!,
      colorId: line.color_id,
      locations: locations.map((l) => ({ code: l.code, artworkId: l.artwork_id })),
    });
    let design = designs.get(key);
    if (!design) {
      const color = typeof meta['color'] === 'string' ? meta['color'] : null;
      const printed = locations.map((l) => l.name.toLowerCase()).join(' + ');
      design = {
        item_id: line.id,
        label: `${lineLabel({ name: line.name, colorName: color, sizeName: null })}${printed ? `, ${printed}` : ''}`,
        sizes: offered
          .filter((s) => s.product_id === line.product_id)
          .map((s) => ({ size_id: s.id, name: s.name, quantity: 0 })),
        locations: locations.map((l) => ({ code: l.code, name: l.name })),
        addable: (locationsOffered.get(line.product_id!) ?? []).filter(
          (l) => !locations.some((on) => on.code === l.code) && (line.list_priced || l.price_list === null),
        ),
        list_priced: line.list_priced,
      };
      designs.set(key, design);
    }
    const size = design.sizes.find((s) => s.size_id === line.size_id);
    if (size) size.quantity += line.quantity;
    else {
      const name = typeof meta['size'] === 'string' ? meta['size'] : 'One size';
      design.sizes.push({ size_id: line.size_id, name, quantity: line.quantity });
    }
  }
  return [...designs.values()];
}

/** Each product's print locations today, in the shop's order, with the decoration list that prices each. */
async function productLocations(db: Kysely<Database>, productIds: string[]) {
  const rows = await db
    .selectFrom('product_print_locations as pl')
    .leftJoin('price_lists as l', 'l.id', 'pl.price_list_id')
    .select(['pl.product_id', 'pl.code', 'pl.name', 'pl.price_cents_per_piece', 'pl.setup_fee_cents'])
    .select(['l.id as list_id', 'l.name as list_name', 'l.version as list_version', 'l.data as list_data'])
    .where('pl.product_id', 'in', productIds)
    .orderBy('pl.sort_order')
    .orderBy('pl.code')
    .execute();
  const byProduct = new Map<string, AdminAddableLocation[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({
      code: row.code,
      name: row.name,
      price_cents_per_piece: row.price_cents_per_piece,
      setup_fee_cents: row.setup_fee_cents,
      price_list: row.list_id
        ? {
            id: row.list_id,
            name: row.list_name!,
            version: row.list_version!,
            data: row.list_data as PriceListData as DecorationList,
          }
        : null,
    });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}
