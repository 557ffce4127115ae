import { Conflict } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import {
  type AdminSize,
  type SizeCreate,
  type SizeUpdate,
  sizeCreateSchema,
  sizeUpdateSchema,
} from '../../lib/admin-schemas/sizes.ts';
import type { Database } from '../db/types.ts';
import { referencedMessage } from './colors.ts';
import { translateDbError } from './db-errors.ts';
import type { CrudResource } from './route.ts';

const COLUMNS = ['id', 'name', 'is_active', 'sort_order'] as const;

const CONSTRAINTS = {
  sizes_name_key: {
    conflict: true,
    code: 'duplicate_name',
    field: 'name',
    message: 'Another size already has that name.',
  },
} as const;

export function listSizes(db: Kysely<Database>): Promise<AdminSize[]> {
  return db.selectFrom('sizes').select(COLUMNS).orderBy('sort_order').orderBy('name').execute();
}

export async function getSize(db: Kysely<Database>, id: string): Promise<AdminSize | null> {
  return (await db.selectFrom('sizes').select(COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function createSize(db: Kysely<Database>, input: SizeCreate): Promise<AdminSize> {
  try {
    return await db
      .insertInto('sizes')
      .values({ name: input.name, is_active: input.is_active ?? true, sort_order: input.sort_order ?? 0 })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

export async function updateSize(db: Kysely<Database>, id: string, input: SizeUpdate): Promise<AdminSize | null> {
  const { id: _id, ...changes } = input;
  if (Object.keys(changes).length === 0) return getSize(db, id);
  try {
    return (
      (await db.updateTable('sizes').set(changes).where('id', '=', id).returning(COLUMNS).executeTakeFirst()) ?? null
    );
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

/** Refused (409) while a product offers the size or an order line names it. */
export async function deleteSize(db: Kysely<Database>, id: string): Promise<boolean> {
  const { rows } = await sql<{ products: number; orders: number }>`
    select (select count(distinct product_id) from (
              select product_id from product_sizes where size_id = ${id}
              union all select product_id from product_variants where size_id = ${id}) p)::int as products,
           (select count(distinct order_id) from order_items where size_id = ${id})::int as orders
  `.execute(db);
  const { products, orders } = rows[0]!;
  if (products > 0 || orders > 0) {
    throw new Conflict('still_referenced', referencedMessage('size', products, orders));
  }
  try {
    const deleted = await db.deleteFrom('sizes').where('id', '=', id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  } catch (error) {
    return translateDbError(error, {});
  }
}

export const sizesResource: CrudResource<AdminSize, SizeCreate, SizeUpdate> = {
  label: 'size',
  rebuildEntity: 'size',
  createSchema: sizeCreateSchema,
  updateSchema: sizeUpdateSchema,
  list: (db) => listSizes(db),
  get: getSize,
  create: createSize,
  update: updateSize,
  remove: deleteSize,
};
