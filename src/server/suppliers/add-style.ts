import type { Kysely, Transaction } from 'kysely';
import type { SupplierStyleAdd, SupplierStyleAdded } from '../../lib/admin-schemas/supplier-styles.ts';
import { slugFromName } from '../../lib/catalog/slug.ts';
import { resolveCollection, writeOptions } from '../admin/product-options.ts';
import type { Database } from '../db/types.ts';
import { pgError } from '../db/pg-error.ts';
import { Conflict } from '../errors.ts';
import type { Supplier, SupplierSku, SupplierStyle } from './contract.ts';

/**
 * Adds a product made from a supplier's style (issue 47): its colours and sizes (created in the
 * shop's lists when new), a picture per colour, its weight, and the supplier SKU and cost of every
 * colour x size. The supplier is asked first; everything is then written in one transaction, so a
 * failure leaves nothing behind. Stock is the supplier's (the sync keeps it), so the variants
 * carry no count of their own.
 */
export async function addSupplierStyle(
  db: Kysely<Database>,
  supplier: Supplier,
  input: SupplierStyleAdd,
): Promise<SupplierStyleAdded> {
  const style = await supplier.findStyle(input.style);
  const already = await db
    .selectFrom('supplier_skus')
    .innerJoin('product_variants', 'product_variants.id', 'supplier_skus.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select('products.name')
    .where('supplier_skus.supplier', '=', style.supplier)
    .where('supplier_skus.style_code', '=', style.styleCode)
    .executeTakeFirst();
  if (already) {
    throw new Conflict('style_already_added', `${style.name} is already in the shop as "${already.name}".`, {
      fields: { style: `${style.name} is already in the shop as "${already.name}".` },
    });
  }
  const skus = style.skus.filter((s) => !s.discontinued);
  try {
    return await db.transaction().execute((trx) => writeStyle(trx, style, skus, input));
  } catch (error) {
    if (pgError(error)?.constraint === 'products_slug_key') {
      throw new Conflict('duplicate_slug', `Another product already uses the address of "${style.name}".`, {
        fields: { style: `Another product already uses the address of "${style.name}"; rename it first.` },
      });
    }
    throw error;
  }
}

async function writeStyle(
  trx: Transaction<Database>,
  style: SupplierStyle,
  skus: SupplierSku[],
  input: SupplierStyleAdd,
): Promise<SupplierStyleAdded> {
  const collectionId = await resolveCollection(trx, input.collection);
  const colours = await colourIds(trx, skus);
  const sizes = await sizeIds(trx, skus);
  const middle = skus.find((s) => s.sizeName === 'M') ?? skus[0];
  const product = await trx
    .insertInto('products')
    .values({
      name: style.name.slice(0, 160),
      slug: slugFromName(style.name),
      description: plainText(style.description),
      price_cents: input.price_cents,
      collection_id: collectionId,
      product_type: 'apparel',
      weight_oz: middle?.weightOz === null || middle === undefined ? null : String(middle.weightOz),
      image_main_url: middle?.imageUrl ?? null,
      // Hidden until the owner has reviewed it (pictures, price lists) and shows it: a blank
      // from a supplier is not yet a product the shop sells.
      is_active: false,
    })
    .returning(['id', 'slug', 'name'])
    .executeTakeFirstOrThrow();
  const variants = skus.map((s) => ({
    color_id: colours.get(s.colourName)!,
    size_id: sizes.get(s.sizeName)!,
    stock_qty: null,
  }));
  await writeOptions(
    trx,
    product.id,
    { colorIds: [...new Set(colours.values())], sizeIds: [...new Set(sizes.values())], variants },
    { replaceVariants: true },
  );
  for (const [name, id] of colours) {
    const picture = skus.find((s) => s.colourName === name && s.imageUrl)?.imageUrl ?? null;
    if (picture) {
      await trx
        .updateTable('product_colors')
        .set({ image_url: picture })
        .where('product_id', '=', product.id)
        .where('color_id', '=', id)
        .execute();
    }
  }
  const rows = await trx
    .selectFrom('product_variants')
    .select(['id', 'color_id', 'size_id'])
    .where('product_id', '=', product.id)
    .execute();
  const variantOf = new Map(rows.map((r) => [`${r.color_id}/${r.size_id}`, r.id]));
  await trx
    .insertInto('supplier_skus')
    .values(
      skus.map((s) => ({
        variant_id: variantOf.get(`${colours.get(s.colourName)}/${sizes.get(s.sizeName)}`)!,
        supplier: style.supplier,
        style_code: style.styleCode,
        sku: s.sku,
        choice: 1,
        cost_cents: s.costCents,
        weight_oz: s.weightOz === null ? null : String(s.weightOz),
      })),
    )
    .execute();
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    colours: colours.size,
    sizes: sizes.size,
    skus: skus.length,
  };
}

/** Colour name -> id in the shop's colour list, adding the ones it does not have yet. */
async function colourIds(trx: Transaction<Database>, skus: SupplierSku[]): Promise<Map<string, string>> {
  const wanted = new Map(skus.map((s) => [s.colourName, s.colourHex ?? '#808080']));
  const known = await trx.selectFrom('colors').select(['id', 'name']).execute();
  const byName = new Map(known.map((c) => [c.name.toLowerCase(), c.id]));
  const ids = new Map<string, string>();
  for (const [name, hex] of wanted) {
    let id = byName.get(name.toLowerCase());
    if (!id) {
      const row = await trx
        .insertInto('colors')
        .values({ name, hex, sort_order: 500 })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    ids.set(name, id);
  }
  return ids;
}

/** Size name -> id in the shop's size list, adding the ones it does not have yet in the supplier's order. */
async function sizeIds(trx: Transaction<Database>, skus: SupplierSku[]): Promise<Map<string, string>> {
  const wanted = [...new Map(skus.map((s) => [s.sizeName, s.sizeOrder]))];
  const known = await trx.selectFrom('sizes').select(['id', 'name']).execute();
  const byName = new Map(known.map((s) => [s.name.toLowerCase(), s.id]));
  const ids = new Map<string, string>();
  for (const [name, order] of wanted) {
    let id = byName.get(name.toLowerCase());
    if (!id) {
      const row = await trx
        .insertInto('sizes')
        .values({ name, sort_order: 500 + order * 10 })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    ids.set(name, id);
  }
  return ids;
}

/** A supplier's description (S&S sends HTML) as the shop's plain multi-line text. */
function plainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, 4000);
}
