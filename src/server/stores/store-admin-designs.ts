import type { Kysely } from 'kysely';
import type { StoreDesignInput } from '../../lib/admin-schemas/stores.ts';
import type { DecorationList, PriceListData } from '../../lib/pricing/lists.ts';
import { ownerHash } from '../artwork/owner.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';

/** A design as it will be stored: checked against its product, its artwork claimed. */
export interface CheckedDesign {
  input: StoreDesignInput;
  locations: {
    code: string;
    name: string;
    artwork_id: string | null;
    colors: number | null;
    stitches: number | null;
    print_size: string | null;
  }[];
}

type Fields = Record<string, string>;

const names = (list: { name: string }[]) => list.map((l) => l.name).join(', ');

/** The inputs a location's price list prices by: ink colours, stitches or a print size, as it asks. */
function checkInputs(
  list: DecorationList | null,
  listName: string | null,
  input: StoreDesignInput['locations'][number],
  at: string,
  fields: Fields,
) {
  const method = list?.method ?? 'flat';
  const out = { colors: null as number | null, stitches: null as number | null, print_size: null as string | null };
  if (list?.method === 'screen_print') {
    const max = list.grid.cells[0]?.length ?? 0;
    if (input.colors == null) fields[`${at}.colors`] = `${listName} prices by ink colours: type how many.`;
    else if (input.colors > max) fields[`${at}.colors`] = `${listName} prices 1 to ${max} ink colours.`;
    else out.colors = input.colors;
  } else if (list?.method === 'embroidery') {
    if (input.stitches == null) fields[`${at}.stitches`] = `${listName} prices by stitches: type the count.`;
    else if (input.stitches > list.max_stitches) {
      fields[`${at}.stitches`] = `${listName} takes at most ${list.max_stitches.toLocaleString('en-US')} stitches.`;
    } else out.stitches = input.stitches;
  } else if (list && method !== 'flat' && 'print_sizes' in list) {
    const size = list.print_sizes.find((s) => s.code === input.print_size);
    if (!size)
      fields[`${at}.print_size`] =
        `Choose a print size of ${listName}: ${list.print_sizes.map((s) => s.label).join(', ')}.`;
    else out.print_size = size.code;
  }
  return out;
}

/**
 * Checks each design against the catalogue (docs/decisions/0030-team-stores.md) and answers it ready to store: the
 * product exists; the colours and sizes offered are the product's; each location is one of its
 * print locations, with the inputs its price list asks; each file is checked and either already
 * on this store or a new upload of the admin's browser (its owner token) that nothing else
 * holds. Every problem is named at its field (designs.N.…), and nothing is stored: 400.
 */
export async function checkDesigns(
  db: Kysely<Database>,
  storeId: string | null,
  designs: StoreDesignInput[],
): Promise<CheckedDesign[]> {
  const fields: Fields = {};
  const checked: CheckedDesign[] = [];
  const productIds = [...new Set(designs.map((d) => d.product_id))];
  const products = productIds.length
    ? await db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute()
    : [];
  const colors = productIds.length
    ? await db
        .selectFrom('product_colors as pc')
        .innerJoin('colors as c', 'c.id', 'pc.color_id')
        .select(['pc.product_id', 'c.id', 'c.name'])
        .where('pc.product_id', 'in', productIds)
        .execute()
    : [];
  const sizes = productIds.length
    ? await db
        .selectFrom('product_sizes as ps')
        .innerJoin('sizes as s', 's.id', 'ps.size_id')
        .select(['ps.product_id', 's.id', 's.name'])
        .where('ps.product_id', 'in', productIds)
        .execute()
    : [];
  const locations = productIds.length
    ? await db
        .selectFrom('product_print_locations as l')
        .leftJoin('price_lists as pl', 'pl.id', 'l.price_list_id')
        .select(['l.product_id', 'l.code', 'l.name', 'pl.name as list_name', 'pl.data as list_data'])
        .where('l.product_id', 'in', productIds)
        .orderBy('l.sort_order')
        .execute()
    : [];
  const onThisStore = new Set(
    storeId
      ? (
          await db
            .selectFrom('store_design_locations as l')
            .innerJoin('store_designs as d', 'd.id', 'l.design_id')
            .select('l.artwork_id')
            .where('d.store_id', '=', storeId)
            .where('l.artwork_id', 'is not', null)
            .execute()
        ).map((r) => r.artwork_id!)
      : [],
  );

  for (const [i, design] of designs.entries()) {
    const at = `designs.${i}`;
    const product = products.find((p) => p.id === design.product_id);
    if (!product) {
      fields[`${at}.product_id`] = 'That product is not in the catalogue (any more): choose another.';
      continue;
    }
    const own = <T extends { product_id: string }>(rows: T[]) => rows.filter((r) => r.product_id === product.id);
    const productColors = own(colors);
    const productSizes = own(sizes);
    const strange = design.color_ids.filter((id) => !productColors.some((c) => c.id === id));
    if (strange.length) fields[`${at}.color_ids`] = `Offer ${product.name}'s colours only: ${names(productColors)}.`;
    else if (productColors.length && !design.color_ids.length) fields[`${at}.color_ids`] = 'Tick at least one colour.';
    const strangeSizes = design.size_ids.filter((id) => !productSizes.some((s) => s.id === id));
    if (strangeSizes.length) fields[`${at}.size_ids`] = `Offer ${product.name}'s sizes only: ${names(productSizes)}.`;
    else if (productSizes.length && !design.size_ids.length) fields[`${at}.size_ids`] = 'Tick at least one size.';

    const places = own(locations);
    const stored: CheckedDesign['locations'] = [];
    for (const [j, input] of design.locations.entries()) {
      const where = `${at}.locations.${j}`;
      const place = places.find((p) => p.code === input.code);
      if (!place) {
        fields[`${where}.code`] = places.length
          ? `${product.name} prints on: ${names(places)}.`
          : `${product.name} has no print locations.`;
        continue;
      }
      const list = (place.list_data as PriceListData | null) ?? null;
      const decoration =
        list && list.method !== 'garment' && list.method !== 'area' && list.method !== 'turnaround' ? list : null;
      const inputs = checkInputs(decoration as DecorationList | null, place.list_name, input, where, fields);
      const artworkId = input.artwork_id ?? null;
      if (artworkId) {
        const problem = await artworkProblem(db, artworkId, input.owner_token, onThisStore);
        if (problem) fields[`${where}.artwork_id`] = problem;
      }
      stored.push({ code: place.code, name: place.name, artwork_id: artworkId, ...inputs });
    }
    checked.push({ input: design, locations: stored });
  }
  if (Object.keys(fields).length > 0) {
    throw new Invalid('invalid_input', 'Some designs need a change.', { fields });
  }
  return checked;
}

/** Why a file cannot go on the store, or null when it can. */
async function artworkProblem(
  db: Kysely<Database>,
  artworkId: string,
  ownerToken: string | undefined,
  onThisStore: Set<string>,
): Promise<string | null> {
  if (onThisStore.has(artworkId)) return null;
  const file = ownerToken
    ? await db
        .selectFrom('artwork')
        .select(['id', 'status', 'order_id', 'quote_request_id', 'rejection'])
        .where('id', '=', artworkId)
        .where('owner_hash', '=', ownerHash(ownerToken))
        .executeTakeFirst()
    : undefined;
  const elsewhere = file
    ? await db
        .selectFrom('store_design_locations')
        .select('design_id')
        .where('artwork_id', '=', artworkId)
        .executeTakeFirst()
    : undefined;
  if (!file || file.order_id || file.quote_request_id || elsewhere)
    return 'That upload cannot be used. Upload the file again.';
  if (file.status === 'rejected') return `That file was refused: ${file.rejection ?? 'upload another one.'}`;
  if (file.status !== 'ready') return 'The file has not been checked yet. Upload it again.';
  return null;
}
