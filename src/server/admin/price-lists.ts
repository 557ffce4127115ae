import type { Kysely } from 'kysely';
import {
  type AdminPriceList,
  type AdminPriceListSummary,
  type PriceListCreate,
  type PriceListUpdate,
  type PriceListUse,
  priceListCreateSchema,
  priceListUpdateSchema,
} from '../../lib/admin-schemas/price-lists.ts';
import { priceListWarnings } from '../../lib/pricing/list-warnings.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Invalid } from '../errors.ts';
import { translateDbError } from './db-errors.ts';
import type { CrudResource } from './route.ts';
import { type StaffActor, whoWords } from '../orders/order-events.ts';

const CONSTRAINTS = {
  price_lists_name_key: {
    conflict: true,
    code: 'duplicate_name',
    field: 'name',
    message: 'Another price list already has that name.',
  },
} as const;

/** Every product link to a list, in words, for the "used by" of each list. */
async function usesOf(db: Kysely<Database>, id?: string): Promise<Map<string, PriceListUse[]>> {
  const links = db
    .selectFrom('products')
    .select(['id as product_id', 'name as product_name', 'garment_list_id', 'area_list_id', 'turnaround_list_id']);
  const products = await (id
    ? links.where((eb) =>
        eb.or([eb('garment_list_id', '=', id), eb('area_list_id', '=', id), eb('turnaround_list_id', '=', id)]),
      )
    : links.where((eb) =>
        eb.or([
          eb('garment_list_id', 'is not', null),
          eb('area_list_id', 'is not', null),
          eb('turnaround_list_id', 'is not', null),
        ]),
      )
  ).execute();
  let locations = db
    .selectFrom('product_print_locations as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.price_list_id', 'p.id as product_id', 'p.name as product_name', 'l.name as location'])
    .where('l.price_list_id', 'is not', null);
  if (id) locations = locations.where('l.price_list_id', '=', id);
  const uses = new Map<string, PriceListUse[]>();
  const add = (listId: string | null, use: PriceListUse) => {
    if (!listId) return;
    uses.set(listId, [...(uses.get(listId) ?? []), use]);
  };
  for (const p of products) {
    const base = { product_id: p.product_id, product_name: p.product_name };
    add(p.garment_list_id, { ...base, as: 'Size upcharges' });
    add(p.area_list_id, { ...base, as: 'Price by area' });
    add(p.turnaround_list_id, { ...base, as: 'Turnaround' });
  }
  for (const l of await locations.orderBy('p.name').orderBy('l.sort_order').execute()) {
    add(l.price_list_id, { product_id: l.product_id, product_name: l.product_name, as: `${l.location} print` });
  }
  for (const list of uses.values()) list.sort((a, b) => a.product_name.localeCompare(b.product_name));
  return uses;
}

const countProducts = (uses: PriceListUse[]) => new Set(uses.map((u) => u.product_id)).size;

export async function listAdminPriceLists(db: Kysely<Database>): Promise<AdminPriceListSummary[]> {
  const [rows, uses] = await Promise.all([
    db.selectFrom('price_lists').select(['id', 'name', 'method', 'version', 'updated_at']).orderBy('name').execute(),
    usesOf(db),
  ]);
  return rows.map((row) => {
    const used_by = uses.get(row.id) ?? [];
    return { ...row, used_by, used_by_count: countProducts(used_by), updated_at: row.updated_at.toISOString() };
  });
}

export async function getAdminPriceList(db: Kysely<Database>, id: string): Promise<AdminPriceList | null> {
  const row = await db.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const used_by = (await usesOf(db, id)).get(id) ?? [];
  const versions = await db
    .selectFrom('price_list_versions as v')
    .leftJoin('staff_accounts as s', 's.id', 'v.staff_id')
    .select(['v.version', 'v.created_at', 's.name'])
    .where('v.price_list_id', '=', id)
    .orderBy('v.version', 'desc')
    .limit(20)
    .execute();
  return {
    ...row,
    used_by,
    used_by_count: countProducts(used_by),
    warnings: priceListWarnings(row.data),
    versions: versions.map((v) => ({
      version: v.version,
      saved_at: v.created_at.toISOString(),
      saved_by: whoWords('owner', v.name),
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A new list at version 1, its first version kept as every later one is. */
export async function createAdminPriceList(
  db: Kysely<Database>,
  input: PriceListCreate,
  who: StaffActor,
): Promise<AdminPriceList> {
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('price_lists')
        .values({ name: input.name, method: input.data.method, data: jsonb(input.data) })
        .returning(['id', 'version', 'data'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('price_list_versions')
        .values({ price_list_id: row.id, version: row.version, data: jsonb(row.data), staff_id: who.staffId })
        .execute();
      return row.id;
    });
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
  return (await getAdminPriceList(db, id))!;
}

export const CHANGED_ELSEWHERE = 'Changed by someone else, reload.';

/**
 * A save based on the stored version becomes the next version; one based on an older version
 * is refused (409) so two people editing never silently lose each other's changes.
 */
export async function updateAdminPriceList(
  db: Kysely<Database>,
  id: string,
  input: PriceListUpdate,
  who: StaffActor,
): Promise<AdminPriceList | null> {
  const current = await db
    .selectFrom('price_lists')
    .select(['method', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return null;
  if (input.data && input.data.method !== current.method) {
    throw new Invalid('method_fixed', 'A list keeps its method; make a new list for another method.', {
      fields: { 'data.method': 'A list keeps its method; make a new list for another method.' },
    });
  }
  if (input.version !== current.version) throw new Conflict('version_conflict', CHANGED_ELSEWHERE);
  try {
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('price_lists')
        .set((eb) => ({
          version: eb('version', '+', 1),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.data !== undefined ? { data: jsonb(input.data) } : {}),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning(['version', 'data'])
        .executeTakeFirst();
      if (!row) return false;
      await trx
        .insertInto('price_list_versions')
        .values({ price_list_id: id, version: row.version, data: jsonb(row.data), staff_id: who.staffId })
        .execute();
      return true;
    });
    if (!saved) throw new Conflict('version_conflict', CHANGED_ELSEWHERE);
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
  return getAdminPriceList(db, id);
}

/** A list products still use is kept (409 naming them); the others go with their versions. */
export async function deleteAdminPriceList(db: Kysely<Database>, id: string): Promise<boolean> {
  const uses = (await usesOf(db, id)).get(id) ?? [];
  if (uses.length > 0) {
    const names = [...new Set(uses.map((u) => u.product_name))];
    throw new Conflict(
      'in_use',
      `Used by ${names.length === 1 ? '1 product' : `${names.length} products`}: ${names.join(', ')}. Choose another list for ${names.length === 1 ? 'it' : 'them'} first.`,
    );
  }
  try {
    const deleted = await db.deleteFrom('price_lists').where('id', '=', id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

export const priceListsResource: CrudResource<AdminPriceList, PriceListCreate, PriceListUpdate> = {
  label: 'price list',
  createSchema: priceListCreateSchema,
  updateSchema: priceListUpdateSchema,
  bodyLimit: 256 * 1024,
  list: (db) => listAdminPriceLists(db),
  get: getAdminPriceList,
  create: createAdminPriceList,
  update: (db, id, input, _by, who) => updateAdminPriceList(db, id, input, who),
  remove: deleteAdminPriceList,
};
