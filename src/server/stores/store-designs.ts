import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, StorePersonaliseName, StorePersonaliseNumber } from '../db/types.ts';

/**
 * A store's designs as buyers see and buy them (docs/decisions/0030-team-stores.md): the product's
 * name and picture, the colours and sizes offered (in the product's order, active ones only), the price, fundraising,
 * personalisation rules and the print locations with their artwork. One statement per store.
 */
export interface StoreDesign {
  id: string;
  name: string;
  productId: string;
  productName: string;
  /**
   * The picture shown before a colour is picked: of the first colour the store sells that has one
   * of its own (a black hoodie shows black), else the product's.
   */
  imageUrl: string | null;
  priceCents: number;
  fundraisingCents: number | null;
  fundraisingBp: number | null;
  /**
   * Each with the picture the shop shows for it, what the page shows once a buyer picks it: the
   * product's picture in that colour, else the product's own picture, as the cart and the receipt
   * show that colour (null only when the product has neither).
   */
  colors: { id: string; name: string; hex: string; imageUrl: string | null }[];
  sizes: { id: string; name: string }[];
  personaliseName: StorePersonaliseName | null;
  personaliseNumber: StorePersonaliseNumber | null;
  locations: { code: string; name: string; artworkId: string | null }[];
}

export async function storeDesigns(db: Kysely<Database>, storeId: string): Promise<StoreDesign[]> {
  const designId = sql.ref<string>('d.id');
  const rows = await db
    .selectFrom('store_designs as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .select([
      'd.id',
      'd.name',
      'd.product_id',
      'p.name as product_name',
      'p.image_main_url',
      'd.price_cents',
      'd.fundraising_cents',
      'd.fundraising_bp',
      'd.personalise_name',
      'd.personalise_number',
      jsonArrayFrom(
        db
          .selectFrom('colors as c')
          .leftJoin('product_colors as pc', (join) =>
            join.onRef('pc.color_id', '=', 'c.id').on('pc.product_id', '=', sql.ref<string>('d.product_id')),
          )
          .select(['c.id', 'c.name', 'c.hex', 'pc.image_url'])
          .where('c.is_active', '=', true)
          .where(sql<boolean>`d.color_ids ? c.id::text`)
          .orderBy('c.sort_order'),
      ).as('colors'),
      jsonArrayFrom(
        db
          .selectFrom('sizes as s')
          .select(['s.id', 's.name'])
          .where('s.is_active', '=', true)
          .where(sql<boolean>`d.size_ids ? s.id::text`)
          .orderBy('s.sort_order'),
      ).as('sizes'),
      jsonArrayFrom(
        db
          .selectFrom('store_design_locations as l')
          .select(['l.code', 'l.name', 'l.artwork_id'])
          .where('l.design_id', '=', designId)
          .orderBy('l.position')
          .orderBy('l.code'),
      ).as('locations'),
    ])
    .where('d.store_id', '=', storeId)
    .orderBy('d.position')
    .orderBy('d.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    productId: r.product_id,
    productName: r.product_name,
    imageUrl: r.colors.find((c) => c.image_url)?.image_url ?? r.image_main_url,
    priceCents: r.price_cents,
    fundraisingCents: r.fundraising_cents,
    fundraisingBp: r.fundraising_bp,
    colors: r.colors.map((c) => ({ id: c.id, name: c.name, hex: c.hex, imageUrl: c.image_url ?? r.image_main_url })),
    sizes: r.sizes,
    personaliseName: r.personalise_name,
    personaliseNumber: r.personalise_number,
    locations: r.locations.map((l) => ({ code: l.code, name: l.name, artworkId: l.artwork_id })),
  }));
}
