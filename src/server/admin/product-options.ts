import { Invalid } from '../errors.ts';
import type { Kysely } from 'kysely';
import type { VariantInput } from '../../lib/admin-schemas/products.ts';
import type { Database } from '../db/types.ts';

/** The colours and sizes a product is offered in, and its stock per colour x size. */
export interface Options {
  colorIds: string[];
  sizeIds: string[];
  variants: VariantInput[];
}

const invalid = (fields: Record<string, string>) =>
  new Invalid('invalid_input', 'Some fields are missing or invalid.', { fields });

/** The id of the collection with that slug; 400 on the field when there is none. */
export async function resolveCollection(db: Kysely<Database>, slug: string): Promise<string> {
  const row = await db.selectFrom('collections').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!row) throw invalid({ collection: 'That collection no longer exists. Choose a collection.' });
  return row.id;
}

/** Whether a variant's colour and size fit the product's colours and sizes. */
function fits(variant: { color_id: string | null; size_id: string | null }, colorIds: string[], sizeIds: string[]) {
  const colorOk = colorIds.length === 0 ? variant.color_id === null : colorIds.includes(variant.color_id ?? '');
  const sizeOk = sizeIds.length === 0 ? variant.size_id === null : sizeIds.includes(variant.size_id ?? '');
  return colorOk && sizeOk;
}

/** Current variants that still fit after colours or sizes changed. */
export function variantsFor<V extends { color_id: string | null; size_id: string | null }>(
  variants: V[],
  colorIds: string[],
  sizeIds: string[],
): V[] {
  return variants.filter((v) => fits(v, colorIds, sizeIds));
}

/**
 * Checks that every colour and size exists and, when variants were sent (`variantsField`),
 * that each names one of the product's colours (null when it has none) and one of its sizes
 * (likewise), once only.
 */
export async function checkOptions(db: Kysely<Database>, options: Options, variantsField: 'variants' | null) {
  const fields: Record<string, string> = {};
  const [colors, sizes] = await Promise.all([
    options.colorIds.length
      ? db.selectFrom('colors').select('id').where('id', 'in', options.colorIds).execute()
      : Promise.resolve([]),
    options.sizeIds.length
      ? db.selectFrom('sizes').select('id').where('id', 'in', options.sizeIds).execute()
      : Promise.resolve([]),
  ]);
  const missingColors = options.colorIds.filter((id) => !colors.some((c) => c.id === id));
  const missingSizes = options.sizeIds.filter((id) => !sizes.some((s) => s.id === id));
  if (missingColors.length) fields['color_ids'] = `Unknown colour id: ${missingColors.join(', ')}.`;
  if (missingSizes.length) fields['size_ids'] = `Unknown size id: ${missingSizes.join(', ')}.`;

  if (variantsField) {
    const seen = new Set<string>();
    options.variants.forEach((variant, index) => {
      const at = `${variantsField}.${index}`;
      const key = `${variant.color_id}/${variant.size_id}`;
      if (
        options.colorIds.length === 0 ? variant.color_id !== null : !options.colorIds.includes(variant.color_id ?? '')
      ) {
        fields[`${at}.color_id`] =
          options.colorIds.length === 0
            ? 'The product has no colours: leave color_id null.'
            : 'Pick one of the product’s colours (color_ids).';
      } else if (
        options.sizeIds.length === 0 ? variant.size_id !== null : !options.sizeIds.includes(variant.size_id ?? '')
      ) {
        fields[`${at}.size_id`] =
          options.sizeIds.length === 0
            ? 'The product has no sizes: leave size_id null.'
            : 'Pick one of the product’s sizes (size_ids).';
      } else if (seen.has(key)) {
        fields[at] = 'This colour and size combination is listed twice.';
      }
      seen.add(key);
    });
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/**
 * Writes a product's colours, sizes and variants inside the caller's transaction. Variants are
 * upserted by (colour, size), so a variant kept across an edit keeps its row; with
 * `replaceVariants` false only variants that no longer fit are removed and stock is not touched
 * (a sale since the form was loaded is not undone).
 */
export async function writeOptions(
  trx: Kysely<Database>,
  productId: string,
  options: Options,
  { replaceVariants }: { replaceVariants: boolean },
): Promise<void> {
  let removeColors = trx.deleteFrom('product_colors').where('product_id', '=', productId);
  if (options.colorIds.length) removeColors = removeColors.where('color_id', 'not in', options.colorIds);
  await removeColors.execute();
  if (options.colorIds.length) {
    await trx
      .insertInto('product_colors')
      .values(options.colorIds.map((color_id) => ({ product_id: productId, color_id })))
      .onConflict((oc) => oc.columns(['product_id', 'color_id']).doNothing())
      .execute();
  }

  let removeSizes = trx.deleteFrom('product_sizes').where('product_id', '=', productId);
  if (options.sizeIds.length) removeSizes = removeSizes.where('size_id', 'not in', options.sizeIds);
  await removeSizes.execute();
  if (options.sizeIds.length) {
    await trx
      .insertInto('product_sizes')
      .values(options.sizeIds.map((size_id) => ({ product_id: productId, size_id })))
      .onConflict((oc) => oc.columns(['product_id', 'size_id']).doNothing())
      .execute();
  }

  const existing = await trx
    .selectFrom('product_variants')
    .select(['id', 'color_id', 'size_id'])
    .where('product_id', '=', productId)
    .forUpdate()
    .execute();
  const wanted = new Set(options.variants.map((v) => `${v.color_id}/${v.size_id}`));
  const stale = existing.filter((v) =>
    replaceVariants ? !wanted.has(`${v.color_id}/${v.size_id}`) : !fits(v, options.colorIds, options.sizeIds),
  );
  if (stale.length) {
    await trx
      .deleteFrom('product_variants')
      .where(
        'id',
        'in',
        stale.map((v) => v.id),
      )
      .execute();
  }
  if (replaceVariants && options.variants.length) {
    await trx
      .insertInto('product_variants')
      .values(
        options.variants.map((v) => ({
          product_id: productId,
          color_id: v.color_id,
          size_id: v.size_id,
          stock_qty: v.stock_qty as number,
        })),
      )
      .onConflict((oc) =>
        oc.constraint('product_variants_combo_key').doUpdateSet((eb) => ({ stock_qty: eb.ref('excluded.stock_qty') })),
      )
      .execute();
  }
}
