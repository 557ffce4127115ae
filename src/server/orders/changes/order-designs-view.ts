import { type Kysely, sql } from 'kysely';
import type { AdminOrderDesign } from '../../../lib/admin-schemas/order-sizes.ts';
import { lineLabel } from '../../../lib/line-label.ts';
import { storedLocations } from '../../../lib/order-locations.ts';
import { designKey } from '../../../lib/pricing.ts';
import type { Database } from '../../db/types.ts';

/**
 * The designs of an order whose sizes the owner can change (issue #29): its flat-priced pieces of
 * a product still in the shop, grouped as checkout priced them (product, colour, print locations),
 * each with the product's sizes on sale now and the sizes ordered. Pieces priced by the owner's
 * lists are offered too (repriced from the list versions the order kept); a line priced by its
 * area is left out.
 */
export async function orderDesigns(db: Kysely<Database>, orderId: string): Promise<AdminOrderDesign[]> {
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id', 'i.product_id', 'i.color_id', 'i.size_id', 'i.name', 'i.quantity', 'i.variant_metadata'])
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
