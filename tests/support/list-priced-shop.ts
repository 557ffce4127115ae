import type { Kysely } from 'kysely';
import type { PriceList } from '../../src/lib/pricing/lists.ts';
import { isDarkHex } from '../../src/lib/pricing/product-job.ts';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';
import { postJson } from './checkout.ts';
import cartCheckout from '../../netlify/functions/cart-checkout.mts';
import { bannerList, contractScreenPrint, embroideryList, garmentList, turnaroundList } from './price-list-fixtures.ts';

/**
 * Seeded products moved onto the owner's price lists (docs/decisions/0027-price-lists.md) for checkout's tests: the
 * West Texas Energy Tee at a $4.00 blank with the contract chart front and back, embroidery on a
 * left chest, the garment and turnaround lists; the vinyl banner priced by its area alone, 1 to
 * 10 ft wide and 1 to 5 ft high.
 */

export const TEE = 'west-texas-energy-tee';
export const BANNER = 'heavy-duty-vinyl-banner';

export interface ListPricedShop {
  tee: { productId: string; name: string; colorId: string; m: string; l: string };
  banner: { productId: string; colorId: string | null; sizeId: string | null };
  listIds: Record<'screen' | 'embroidery' | 'garment' | 'turnaround' | 'banner', string>;
}

/** Stores a list as the admin would (its first version kept) and returns its id. */
async function storeList(db: Kysely<Database>, list: PriceList): Promise<string> {
  const row = await db
    .insertInto('price_lists')
    .values({ name: `${list.name} (checkout test)`, method: list.data.method, data: jsonb(list.data) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('price_list_versions')
    .values({ price_list_id: row.id, version: 1, data: jsonb(list.data) })
    .execute();
  return row.id;
}

export async function seedListPricedShop(db: Kysely<Database>): Promise<ListPricedShop> {
  const listIds = {
    screen: await storeList(db, contractScreenPrint),
    embroidery: await storeList(db, embroideryList),
    garment: await storeList(db, garmentList),
    turnaround: await storeList(db, turnaroundList),
    banner: await storeList(db, bannerList),
  };
  const teeRow = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('slug', '=', TEE)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('products')
    .set({ price_cents: 400, garment_list_id: listIds.garment, turnaround_list_id: listIds.turnaround })
    .where('id', '=', teeRow.id)
    .execute();
  await db.deleteFrom('product_price_tiers').where('product_id', '=', teeRow.id).execute();
  await db
    .updateTable('product_print_locations')
    .set({ price_list_id: listIds.screen })
    .where('product_id', '=', teeRow.id)
    .where('code', 'in', ['front', 'back'])
    .execute();
  await db
    .insertInto('product_print_locations')
    .values({
      product_id: teeRow.id,
      code: 'left-chest',
      name: 'Left chest',
      price_cents_per_piece: 0,
      setup_fee_cents: 0,
      sort_order: 9,
      print_width_in: '4',
      price_list_id: listIds.embroidery,
    })
    .execute();
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('colors as c', 'c.id', 'v.color_id')
    .innerJoin('sizes as s', 's.id', 'v.size_id')
    .select(['v.id', 'c.id as colorId', 'c.hex', 's.id as sizeId', 's.name as sizeName'])
    .where('v.product_id', '=', teeRow.id)
    .execute();
  const light = variants.find((v) => !isDarkHex(v.hex) && ['M', 'L'].includes(v.sizeName))!;
  const sizeOf = (name: string) => variants.find((v) => v.colorId === light.colorId && v.sizeName === name)!;
  await db
    .updateTable('product_variants')
    .set({ stock_qty: 300 })
    .where('id', 'in', [sizeOf('M').id, sizeOf('L').id])
    .execute();

  const bannerRow = await db.selectFrom('products').select('id').where('slug', '=', BANNER).executeTakeFirstOrThrow();
  await db
    .updateTable('products')
    .set({
      price_cents: 0,
      area_list_id: listIds.banner,
      area_min_width_in: '12',
      area_max_width_in: '120',
      area_min_height_in: '12',
      area_max_height_in: '60',
    })
    .where('id', '=', bannerRow.id)
    .execute();
  await db.deleteFrom('product_price_tiers').where('product_id', '=', bannerRow.id).execute();
  const bannerVariant = await db
    .selectFrom('product_variants')
    .select(['id', 'color_id', 'size_id'])
    .where('product_id', '=', bannerRow.id)
    .limit(1)
    .executeTakeFirst();
  if (bannerVariant) {
    await db.updateTable('product_variants').set({ stock_qty: 50 }).where('id', '=', bannerVariant.id).execute();
  }
  return {
    tee: {
      productId: teeRow.id,
      name: teeRow.name,
      colorId: light.colorId,
      m: sizeOf('M').sizeId,
      l: sizeOf('L').sizeId,
    },
    banner: {
      productId: bannerRow.id,
      colorId: bannerVariant?.color_id ?? null,
      sizeId: bannerVariant?.size_id ?? null,
    },
    listIds,
  };
}

/** Two-colour front and one-colour back, files to come: the contract chart's example job. */
export const PRINTED = [
  { code: 'front', artworkId: null, colors: 2 },
  { code: 'back', artworkId: null, colors: 1 },
];

/** A line of the tee in a size, with its print locations and inputs. */
export const teeLineOf =
  (shop: ListPricedShop) =>
  (sizeId: string, quantity: number, locations: unknown = PRINTED) => ({
    productId: shop.tee.productId,
    colorId: shop.tee.colorId,
    sizeId,
    quantity,
    locations,
  });

/** POST /api/cart/checkout for local handoff. */
export const listCheckout = (items: unknown[], extra: Record<string, unknown> = {}) =>
  postJson(cartCheckout, '/api/cart/checkout', { items, fulfillment: 'local', ...extra });
