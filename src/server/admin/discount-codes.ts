import { Conflict, Invalid } from '../errors.ts';
import type { Kysely } from 'kysely';
import {
  type AdminDiscountCode,
  type DiscountCodeCreate,
  type DiscountCodeUpdate,
  discountAmountProblem,
  discountCodeCreateSchema,
  discountCodeUpdateSchema,
} from '../../lib/admin-schemas/discount-codes.ts';
import type { Database } from '../db/types.ts';
import { translateDbError } from './db-errors.ts';
import type { CrudResource } from './route.ts';

const COLUMNS = [
  'id',
  'code',
  'name',
  'type',
  'amount_cents',
  'is_active',
  'max_uses',
  'total_uses',
  'email',
  'created_at',
] as const;

const CONSTRAINTS = {
  discount_codes_code_upper_key: {
    conflict: true,
    code: 'duplicate_code',
    field: 'code',
    message: 'Another discount already uses that code (codes are matched ignoring case).',
  },
  discount_codes_within_max_uses: {
    conflict: true,
    code: 'below_total_uses',
    field: 'max_uses',
    message: 'Max uses cannot be lower than the number of times the code has already been used.',
  },
  discount_codes_percentage_range: {
    conflict: false,
    code: 'invalid_input',
    field: 'amount_cents',
    message: 'Enter the percent off: more than 0 and at most 100.',
  },
} as const;

type Row = Omit<AdminDiscountCode, 'created_at'> & { created_at: Date };
const toApi = (row: Row): AdminDiscountCode => ({ ...row, created_at: row.created_at.toISOString() });

/** Every code, newest first: the list and GET /discount_codes/report (usage included). */
export async function listDiscountCodes(db: Kysely<Database>): Promise<AdminDiscountCode[]> {
  const rows = await db
    .selectFrom('discount_codes')
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('code')
    .execute();
  return rows.map(toApi);
}

export async function getDiscountCode(db: Kysely<Database>, id: string): Promise<AdminDiscountCode | null> {
  const row = await db.selectFrom('discount_codes').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toApi(row) : null;
}

export async function createDiscountCode(db: Kysely<Database>, input: DiscountCodeCreate): Promise<AdminDiscountCode> {
  try {
    const row = await db
      .insertInto('discount_codes')
      .values({
        code: input.code,
        name: input.name,
        type: input.type,
        amount_cents: input.type === 'free_shipping' ? 0 : (input.amount_cents ?? 0),
        is_active: input.is_active ?? true,
        max_uses: input.max_uses ?? null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toApi(row);
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

export async function updateDiscountCode(
  db: Kysely<Database>,
  id: string,
  input: DiscountCodeUpdate,
): Promise<AdminDiscountCode | null> {
  const { id: _id, ...changes } = input;
  if (Object.keys(changes).length === 0) return getDiscountCode(db, id);
  if (changes.type !== undefined || changes.amount_cents !== undefined) {
    const stored = await db
      .selectFrom('discount_codes')
      .select(['type', 'amount_cents'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!stored) return null;
    const type = changes.type ?? stored.type;
    if (type === 'free_shipping') changes.amount_cents = 0;
    const problem = discountAmountProblem(type, changes.amount_cents ?? stored.amount_cents);
    if (problem) throw new Invalid('invalid_input', problem, { fields: { amount_cents: problem } });
  }
  try {
    const row = await db
      .updateTable('discount_codes')
      .set(changes)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toApi(row) : null;
  } catch (error) {
    return translateDbError(error, CONSTRAINTS);
  }
}

/** Refused (409) once an order used the code: deactivate it instead, so reports stay whole. */
export async function deleteDiscountCode(db: Kysely<Database>, id: string): Promise<boolean> {
  const used = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('discount_code_id', '=', id)
    .executeTakeFirstOrThrow();
  const orders = Number(used.n);
  if (orders > 0) {
    throw new Conflict(
      'still_referenced',
      `This code was used by ${orders} order${orders === 1 ? '' : 's'}, so it cannot be deleted. Set it inactive instead.`,
    );
  }
  const deleted = await db.deleteFrom('discount_codes').where('id', '=', id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export const discountCodesResource: CrudResource<AdminDiscountCode, DiscountCodeCreate, DiscountCodeUpdate> = {
  label: 'discount code',
  createSchema: discountCodeCreateSchema,
  updateSchema: discountCodeUpdateSchema,
  list: (db) => listDiscountCodes(db),
  get: getDiscountCode,
  create: createDiscountCode,
  update: updateDiscountCode,
  remove: deleteDiscountCode,
};
