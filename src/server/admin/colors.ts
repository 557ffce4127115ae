import { Conflict } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import {
  type AdminColor,
  type ColorCreate,
  type ColorUpdate,
  colorCreateSchema,
  colorUpdateSchema,
} from '../../lib/admin-schemas/colors.ts';
import type { Database } from '../db/types.ts';
import { translateDbError } from './db-errors.ts';
import type { CrudResource } from './route.ts';

const COLUMNS = ['id', 'name', 'hex', 'is_active', 'sort_order'] as const;

const CONSTRAINTS = {
  colors_name_key: {
    conflict: true,
    code: 'duplicate_name',
    field: 'name',
    message: 'Another colour already has that name.',
  },
} as const;

export function listColors(db: Kysely<Database>): Promise<AdminColor[]> {
  return db.selectFrom('colors').select(COLUMNS).orderBy('sort_order').orderBy('name').execute();
}

export async function getColor(db: Kysely<Database>, id: string): Promise<AdminColor | null> {
  return (await db.selectFrom('colors').select(COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function createColor(db: Kysely<Database>, input: ColorCreate): Promise<AdminColor> {
  try {
    return await db
      .insertInto('colors')
      .values({
        name: input.name,
        hex: input.hex,
        is_active: input.is_active ?? true,
        sort_order: input.sort_order ?? 0,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

export async function updateColor(db: Kysely<Database>, id: string, input: ColorUpdate): Promise<AdminColor | null> {
  const { id: _id, ...changes } = input;
  if (Object.keys(changes).length === 0) return getColor(db, id);
  try {
    return (
      (await db.updateTable('colors').set(changes).where('id', '=', id).returning(COLUMNS).executeTakeFirst()) ?? null
    );
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

/**
 * Refused (409) while a product offers the colour or an order line names it: order history
 * keeps its links, and the admin is told to deactivate the colour instead.
 */
export async function deleteColor(db: Kysely<Database>, id: string): Promise<boolean> {
  const { rows } = await sql<{ products: number; orders: number }>`
    select (select count(distinct product_id) from (
              select product_id from product_colors where color_id = ${id}
              union all select product_id from product_variants where color_id = ${id}) p)::int as products,
           (select count(distinct order_id) from order_items where color_id = ${id})::int as orders
  `.execute(db);
  const { products, orders } = rows[0]!;
  if (products > 0 || orders > 0) {
    throw new Conflict('still_referenced', referencedMessage('colour', products, orders));
  }
  try {
    const deleted = await db.deleteFrom('colors').where('id', '=', id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  } catch (error) {
    // A product added the colour between the check and the delete: the foreign key refuses it.
    return translateDbError(error, {});
  }
}

/** "This colour is offered by 3 products and appears in 2 orders. ..." */
export function referencedMessage(label: string, products: number, orders: number): string {
  const uses: string[] = [];
  if (products > 0) uses.push(`is offered by ${products} product${products === 1 ? '' : 's'}`);
  if (orders > 0) uses.push(`appears in ${orders} order${orders === 1 ? '' : 's'}`);
  const fix =
    products > 0
      ? `Remove it from ${products === 1 ? 'that product' : 'those products'} first, or set it inactive instead.`
      : 'Set it inactive instead, so past orders keep their details.';
  return `This ${label} ${uses.join(' and ')}, so it cannot be deleted. ${fix}`;
}

export const colorsResource: CrudResource<AdminColor, ColorCreate, ColorUpdate> = {
  label: 'colour',
  rebuildEntity: 'color',
  createSchema: colorCreateSchema,
  updateSchema: colorUpdateSchema,
  list: (db) => listColors(db),
  get: getColor,
  create: createColor,
  update: updateColor,
  remove: deleteColor,
};
