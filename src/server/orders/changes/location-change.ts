import type { Kysely } from 'kysely';
import type { OrderLocationsInput } from '../../../lib/admin-schemas/order-locations.ts';
import type { StoredLocation } from '../../../lib/orders/order-locations.ts';
import type { DecorationList, PriceList, PriceListData } from '../../../lib/pricing/lists.ts';
import type { ProductLocation } from '../../../lib/catalog/products.ts';
import { jsonb } from '../../db/json.ts';
import type { Database } from '../../db/types.ts';
import { designKey } from '../../../lib/pricing/print-locations.ts';
import { storedLocations } from '../../../lib/orders/order-locations.ts';
import { Conflict, Invalid } from '../../errors.ts';
import type { OrderDesign } from './order-design.ts';

/** The pricing inputs of a location added (read only when its price list asks for them). */
export interface AddedInputs {
  colors?: number | undefined;
  stitches?: number | undefined;
  printSize?: string | undefined;
}

/** A print location to add to a design (as the product offers it today, with its list) or to take off. */
export type LocationChange =
  | { kind: 'add'; location: ProductLocation; inputs: AddedInputs }
  | { kind: 'remove'; location: StoredLocation };

/**
 * What the owner asked of a design's print locations, checked against the product's locations
 * today and the design's own: 400 with the field, in words, for a location the product does not
 * offer, one already on the design, one not on it, or the last one of a printed design.
 */
export async function planLocationChange(
  trx: Kysely<Database>,
  orderId: string,
  design: OrderDesign,
  input: OrderLocationsInput,
): Promise<LocationChange> {
  const change = await askedChange(trx, design, input);
  await refuseMerge(trx, orderId, design, change);
  return change;
}

async function askedChange(
  trx: Kysely<Database>,
  design: OrderDesign,
  input: OrderLocationsInput,
): Promise<LocationChange> {
  const offered = await trx
    .selectFrom('product_print_locations as pl')
    .leftJoin('price_lists as l', 'l.id', 'pl.price_list_id')
    .select(['pl.code', 'pl.name', 'pl.price_cents_per_piece', 'pl.setup_fee_cents'])
    .select(['l.id as list_id', 'l.name as list_name', 'l.version as list_version', 'l.data as list_data'])
    .where('pl.product_id', '=', design.productId)
    .orderBy('pl.sort_order')
    .execute();
  const names = offered.map((l) => l.name.toLowerCase()).join(', ');
  if (input.add) {
    const { code } = input.add;
    const row = offered.find((l) => l.code === code);
    if (!row) {
      throw new Invalid('not_offered', `${design.name} is not printed there.`, {
        fields: {
          'add.code': names ? `Choose one of ${design.name}'s locations: ${names}.` : 'It has no print locations.',
        },
      });
    }
    if (design.locations.some((l) => l.code === code)) {
      throw new Invalid('already_printed', `This design is already printed on the ${row.name.toLowerCase()}.`, {
        fields: { 'add.code': `The ${row.name.toLowerCase()} is on this design already.` },
      });
    }
    const price_list: PriceList<DecorationList> | null = row.list_id
      ? {
          id: row.list_id,
          name: row.list_name!,
          version: row.list_version!,
          data: row.list_data as PriceListData as DecorationList,
        }
      : null;
    return {
      kind: 'add',
      location: {
        code: row.code,
        name: row.name,
        price_cents_per_piece: row.price_cents_per_piece,
        setup_fee_cents: row.setup_fee_cents,
        print_width_in: null,
        price_list,
      },
      inputs: { colors: input.add.colors, stitches: input.add.stitches, printSize: input.add.print_size },
    };
  }
  const code = input.remove!;
  const location = design.locations.find((l) => l.code === code);
  if (!location) {
    throw new Invalid('not_printed', 'This design is not printed there.', {
      fields: {
        remove: `Remove one of the design's locations: ${design.locations.map((l) => l.name.toLowerCase()).join(', ') || 'it has none'}.`,
      },
    });
  }
  if (design.locations.length === 1) {
    throw new Invalid('last_location', `The ${location.name.toLowerCase()} is this design's only print.`, {
      fields: { remove: 'A printed design keeps at least one location: take its pieces off with a credit instead.' },
    });
  }
  return { kind: 'remove', location };
}

/**
 * A design whose new set of locations is another design's of the order (same product, colour,
 * locations and artwork) would be priced with it as one at checkout: 409 rather than two designs
 * priced apart, or a guess at pooling them.
 */
async function refuseMerge(trx: Kysely<Database>, orderId: string, design: OrderDesign, change: LocationChange) {
  const keyOf = (productId: string, colorId: string | null, locations: StoredLocation[]) =>
    designKey({ productId, colorId, locations: locations.map((l) => ({ code: l.code, artworkId: l.artwork_id })) });
  const next =
    change.kind === 'add'
      ? [...design.locations, { code: change.location.code, name: change.location.name, artwork_id: null }]
      : design.locations.filter((l) => l.code !== change.location.code);
  const key = keyOf(design.productId, design.colorId, next);
  const ids = new Set(design.sizes.map((s) => s.id));
  const others = await trx
    .selectFrom('order_items')
    .select(['id', 'product_id', 'color_id', 'variant_metadata'])
    .where('order_id', '=', orderId)
    .where('item_type', '=', 'product')
    .where('product_id', '=', design.productId)
    .execute();
  const same = others.some(
    (l) => !ids.has(l.id) && keyOf(design.productId, l.color_id, storedLocations(l.variant_metadata)) === key,
  );
  if (same) {
    throw new Conflict(
      'designs_merge',
      `Another design of this order is ${design.name} printed that way already, and checkout would price the two as one: change the order with an adjustment instead.`,
    );
  }
}

/** The design's lines keep the new set of locations: one added waits for its artwork (null). */
export async function writeDesignLocations(trx: Kysely<Database>, design: OrderDesign, change: LocationChange) {
  const ids = design.sizes.map((s) => s.id!).filter(Boolean);
  const rows = await trx.selectFrom('order_items').select(['id', 'variant_metadata']).where('id', 'in', ids).execute();
  for (const row of rows) {
    const meta = (row.variant_metadata ?? {}) as Record<string, unknown>;
    const stored = Array.isArray(meta['locations']) ? (meta['locations'] as Record<string, unknown>[]) : [];
    const locations =
      change.kind === 'add'
        ? [...stored, { code: change.location.code, name: change.location.name, artwork_id: null }]
        : stored.filter((l) => l?.['code'] !== change.location.code);
    await trx
      .updateTable('order_items')
      .set({ variant_metadata: jsonb({ ...meta, locations }) })
      .where('id', '=', row.id)
      .execute();
  }
}
