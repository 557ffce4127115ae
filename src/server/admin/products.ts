import { Conflict, Invalid } from '../errors.ts';
import { jsonb } from '../db/json.ts';
import { checkAreaPresets } from '../../lib/admin-schemas/product-price-lists.ts';
import type { Kysely } from 'kysely';
import { MAX_SAVE_BODY_BYTES } from '../../lib/admin-schemas/images.ts';
import {
  type AdminProduct,
  type PriceTierInput,
  type PrintLocationInput,
  type ProductCreate,
  type ProductUpdate,
  productCreateSchema,
  productUpdateSchema,
} from '../../lib/admin-schemas/products.ts';
import type { Database } from '../db/types.ts';
import { prepareColorImages, storeColorImages, writeColorImages } from './color-images.ts';
import { type ConstraintMessage, translateDbError } from './db-errors.ts';
import { prepareImages, storeImages } from './images.ts';
import { loadAdminProducts } from './product-reads.ts';
import { checkOptions, type Options, resolveCollection, variantsFor, writeOptions } from './product-options.ts';
import type { CrudResource } from './route.ts';
import { withoutUploadFields } from './values.ts';

const SLOTS = ['main', 'secondary'] as const;

const CONSTRAINTS = {
  products_slug_key: {
    conflict: true,
    code: 'duplicate_slug',
    field: 'slug',
    message: 'Another product already uses that slug.',
  },
  products_sku_key: {
    conflict: true,
    code: 'duplicate_sku',
    field: 'sku',
    message: 'Another product already uses that SKU.',
  },
  ...listLink('garment_list_id', 'a size upcharges (garment) list'),
  ...listLink('area_list_id', 'a width × height (area) list'),
  ...listLink('turnaround_list_id', 'a turnaround list'),
  product_print_locations_list_method: {
    conflict: false,
    code: 'invalid_price_list',
    field: 'print_locations',
    message: 'Price a print location with a screen print, embroidery, DTG, DTF, heat transfer or flat list.',
  },
  products_area_width_range: {
    conflict: false,
    code: 'invalid_area',
    field: 'area_max_width_in',
    message: 'The largest width is at least the smallest.',
  },
  products_area_height_range: {
    conflict: false,
    code: 'invalid_area',
    field: 'area_max_height_in',
    message: 'The largest height is at least the smallest.',
  },
} as const;

/**
 * What the database says (price_list_links_fit) of a product's link to a list of the wrong kind,
 * or to a list that no longer exists, in words.
 */
function listLink(field: 'garment_list_id' | 'area_list_id' | 'turnaround_list_id', kind: string) {
  return {
    [`products_${field.replace('_id', '')}_method`]: {
      conflict: false,
      code: 'invalid_price_list',
      field,
      message: `Choose ${kind} here.`,
    },
  } satisfies Record<string, ConstraintMessage>;
}

/** Removes what was already stored when a later store fails, then fails as it did. */
const failAfter =
  (discard: () => Promise<void>) =>
  async (error: unknown): Promise<never> => {
    await discard();
    throw error;
  };

export async function listAdminProducts(db: Kysely<Database>): Promise<AdminProduct[]> {
  return loadAdminProducts(db);
}

export async function getAdminProduct(db: Kysely<Database>, id: string): Promise<AdminProduct | null> {
  return (await loadAdminProducts(db, id))[0] ?? null;
}

/** The products columns of a payload (options, collection and uploads are handled apart). */
function columnsOf(input: ProductCreate | ProductUpdate, urls: Record<string, string>) {
  const {
    id: _id,
    collection: _collection,
    color_ids: _colors,
    size_ids: _sizes,
    variants: _variants,
    price_tiers: _tiers,
    print_locations: _locations,
    color_images: _colorImages,
    area_presets: presets,
    ...columns
  } = withoutUploadFields(input as ProductUpdate);
  return { ...columns, ...(presets ? { area_presets: jsonb(presets) } : {}), ...urls };
}

export async function createAdminProduct(db: Kysely<Database>, input: ProductCreate): Promise<AdminProduct> {
  const prepared = await prepareImages(input, SLOTS);
  const collectionId = await resolveCollection(db, input.collection);
  const options: Options = {
    colorIds: input.color_ids ?? [],
    sizeIds: input.size_ids ?? [],
    variants: input.variants ?? [],
  };
  await checkOptions(db, options, 'variants');
  const colorImages = input.color_images ? await prepareColorImages(input.color_images, options.colorIds) : null;
  const images = await storeImages(prepared);
  const colorUrls = colorImages ? await storeColorImages(colorImages).catch(failAfter(images.discard)) : null;
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('products')
        .values({
          is_active: true,
          ...columnsOf(input, images.urls),
          name: input.name,
          slug: input.slug,
          price_cents: input.price_cents,
          collection_id: collectionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeOptions(trx, row.id, options, { replaceVariants: true });
      if (colorUrls) await writeColorImages(trx, row.id, colorUrls.urls);
      if (input.price_tiers) await writePriceTiers(trx, row.id, input.price_tiers);
      if (input.print_locations) await writePrintLocations(trx, row.id, input.print_locations);
      return row.id;
    });
  } catch (error) {
    await Promise.all([images.discard(), colorUrls?.discard()]);
    return translateDbError(error, CONSTRAINTS);
  }
  return (await getAdminProduct(db, id))!;
}

/**
 * Partial update. Colours and sizes are replaced when sent; variants are replaced when sent
 * (checked against the resulting colours and sizes), otherwise kept, minus any whose colour or
 * size the product no longer offers.
 */
export async function updateAdminProduct(
  db: Kysely<Database>,
  id: string,
  input: ProductUpdate,
): Promise<AdminProduct | null> {
  const prepared = await prepareImages(input, SLOTS);
  const current = (await loadAdminProducts(db, id))[0];
  if (!current) return null;
  const collectionId = input.collection === undefined ? undefined : await resolveCollection(db, input.collection);
  const colorIds = input.color_ids ?? current.colors.map((c) => c.id);
  const sizeIds = input.size_ids ?? current.sizes.map((s) => s.id);
  const options: Options = {
    colorIds,
    sizeIds,
    variants: input.variants ?? variantsFor(current.variants, colorIds, sizeIds),
  };
  if (input.variants !== undefined || input.color_ids !== undefined || input.size_ids !== undefined) {
    await checkOptions(db, options, input.variants !== undefined ? 'variants' : null);
  }
  checkStoredPresets(current, input);
  const colorImages = input.color_images ? await prepareColorImages(input.color_images, colorIds) : null;
  const images = await storeImages(prepared);
  const colorUrls = colorImages ? await storeColorImages(colorImages).catch(failAfter(images.discard)) : null;
  const changes = { ...columnsOf(input, images.urls), ...(collectionId ? { collection_id: collectionId } : {}) };
  try {
    await db.transaction().execute(async (trx) => {
      // Always touched, so updated_at moves and a concurrent edit of the same product waits for this one.
      await trx
        .updateTable('products')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await writeOptions(trx, id, options, { replaceVariants: input.variants !== undefined });
      if (colorUrls) await writeColorImages(trx, id, colorUrls.urls);
      if (input.price_tiers) await writePriceTiers(trx, id, input.price_tiers);
      if (input.print_locations) await writePrintLocations(trx, id, input.print_locations);
    });
  } catch (error) {
    await Promise.all([images.discard(), colorUrls?.discard()]);
    return translateDbError(error, CONSTRAINTS);
  }
  return getAdminProduct(db, id);
}

const BOUNDS = ['area_min_width_in', 'area_max_width_in', 'area_min_height_in', 'area_max_height_in'] as const;

/**
 * A partial save's presets against the sizes the product will have (the payload's, else the
 * stored ones), and the stored presets against new sizes: a preset never lies outside them.
 */
function checkStoredPresets(current: AdminProduct, input: ProductUpdate): void {
  if (!input.area_presets && !BOUNDS.some((b) => input[b] !== undefined)) return;
  const bounds = Object.fromEntries(BOUNDS.map((b) => [b, input[b] === undefined ? current[b] : input[b]]));
  const fields: Record<string, string> = {};
  checkAreaPresets(input.area_presets ?? current.area_presets, bounds, {
    addIssue: (issue) => {
      const key = input.area_presets ? issue.path.join('.') : 'area_presets';
      fields[key] ??= input.area_presets ? issue.message : `A one-tap size no longer fits: ${issue.message}`;
    },
  });
  if (Object.keys(fields).length > 0)
    throw new Invalid('invalid_input', 'Some fields are missing or invalid.', { fields });
}

/** Replaces a product's quantity price tiers (inside the save's transaction). */
async function writePriceTiers(trx: Kysely<Database>, productId: string, tiers: PriceTierInput[]): Promise<void> {
  await trx.deleteFrom('product_price_tiers').where('product_id', '=', productId).execute();
  if (tiers.length === 0) return;
  await trx
    .insertInto('product_price_tiers')
    .values(
      tiers.map((t) => ({ product_id: productId, min_quantity: t.min_quantity, unit_price_cents: t.unit_price_cents })),
    )
    .execute();
}

/**
 * Refused (409) once the product has been ordered: order lines keep their link to it, and
 * deactivating hides it from the shop just as well.
 */
export async function deleteAdminProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const ordered = await db
    .selectFrom('order_items')
    .select((eb) => eb.fn.count<number>('order_id').distinct().as('n'))
    .where('product_id', '=', id)
    .executeTakeFirstOrThrow();
  const orders = Number(ordered.n);
  if (orders > 0) {
    throw new Conflict(
      'still_referenced',
      `This product appears in ${orders} order${orders === 1 ? '' : 's'}, so it cannot be deleted. Set it inactive instead; it then disappears from the shop.`,
    );
  }
  const deleted = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export const productsResource: CrudResource<AdminProduct, ProductCreate, ProductUpdate> = {
  label: 'product',
  activity: 'product',
  rebuildEntity: 'product',
  createSchema: productCreateSchema,
  updateSchema: productUpdateSchema,
  bodyLimit: MAX_SAVE_BODY_BYTES,
  list: (db) => listAdminProducts(db),
  get: getAdminProduct,
  create: createAdminProduct,
  update: updateAdminProduct,
  remove: deleteAdminProduct,
};

/** Replaces a product's print locations (inside the save's transaction), in the order given. */
async function writePrintLocations(
  trx: Kysely<Database>,
  productId: string,
  locations: PrintLocationInput[],
): Promise<void> {
  await trx.deleteFrom('product_print_locations').where('product_id', '=', productId).execute();
  if (locations.length === 0) return;
  await trx
    .insertInto('product_print_locations')
    .values(
      locations.map((l, index) => ({
        product_id: productId,
        code: l.code,
        name: l.name,
        price_cents_per_piece: l.price_cents_per_piece,
        setup_fee_cents: l.setup_fee_cents,
        print_width_in: l.print_width_in,
        price_list_id: l.price_list_id,
        sort_order: index + 1,
      })),
    )
    .execute();
}
