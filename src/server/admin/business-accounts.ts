import type { Kysely } from 'kysely';
import {
  type AdminBusinessAccount,
  type BusinessAccountCreate,
  type BusinessAccountUpdate,
  businessAccountCreateSchema,
  businessAccountUpdateSchema,
} from '../../lib/admin-schemas/business-accounts.ts';
import { pgError } from '../db/pg-error.ts';
import type { Database } from '../db/types.ts';
import { Conflict } from '../errors.ts';
import { translateDbError } from './db-errors.ts';
import type { CrudResource } from './route.ts';

const COLUMNS = [
  'id',
  'name',
  'email',
  'domain',
  'terms',
  'credit_limit_cents',
  'tax_exempt',
  'orders_shared',
  'exemption_certificate_artwork_id',
  'notes',
  'active',
  'created_at',
  'updated_at',
] as const;

const CONSTRAINTS = {
  business_accounts_one_match: {
    conflict: false,
    code: 'invalid_input',
    field: 'email',
    message: 'Type the e-mail address or the domain this account matches.',
  },
} as const;

type Row = Omit<AdminBusinessAccount, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const toApi = (row: Row): AdminBusinessAccount => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Active accounts first, then by name: the admin's list. */
export async function listBusinessAccounts(db: Kysely<Database>): Promise<AdminBusinessAccount[]> {
  const rows = await db
    .selectFrom('business_accounts')
    .select(COLUMNS)
    .orderBy('active', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toApi);
}

export async function getBusinessAccount(db: Kysely<Database>, id: string): Promise<AdminBusinessAccount | null> {
  const row = await db.selectFrom('business_accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toApi(row) : null;
}

/**
 * A match value another account holds: 409 naming that account, at the field the owner typed.
 * The unique constraints decide (two saves at once cannot both win); this only says who has it.
 */
async function matchTaken(
  db: Kysely<Database>,
  error: unknown,
  match: { email?: string | null | undefined; domain?: string | null | undefined },
) {
  const constraint = pgError(error)?.constraint;
  const field =
    constraint === 'business_accounts_email_key'
      ? 'email'
      : constraint === 'business_accounts_domain_key'
        ? 'domain'
        : null;
  const value = field ? match[field] : null;
  if (!field || !value) return;
  const other = await db
    .selectFrom('business_accounts')
    .select(['name', 'active'])
    .where(field, '=', value)
    .executeTakeFirst();
  const who = other ? `“${other.name}”${other.active ? '' : ' (inactive)'}` : 'another account';
  const message = `${who} already matches ${value}.`;
  throw new Conflict('match_taken', message, { fields: { [field]: message } });
}

export async function createBusinessAccount(
  db: Kysely<Database>,
  input: BusinessAccountCreate,
): Promise<AdminBusinessAccount> {
  try {
    const row = await db
      .insertInto('business_accounts')
      .values({
        name: input.name,
        email: input.email ?? null,
        domain: input.domain ?? null,
        terms: input.terms ?? 'due_on_receipt',
        credit_limit_cents: input.credit_limit_cents ?? 0,
        tax_exempt: input.tax_exempt ?? false,
        orders_shared: input.orders_shared ?? false,
        notes: input.notes ?? null,
        active: input.active ?? true,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toApi(row);
  } catch (error) {
    await matchTaken(db, error, input);
    return translateDbError(error, CONSTRAINTS);
  }
}

/**
 * Saves the fields sent. A new address replaces the domain match (and the other way round);
 * an account no longer exempt keeps no certificate. Deactivating is `active: false`: the row
 * stays for the orders and invoices that will name it.
 */
export async function updateBusinessAccount(
  db: Kysely<Database>,
  id: string,
  input: BusinessAccountUpdate,
): Promise<AdminBusinessAccount | null> {
  const { id: _id, ...changes } = input;
  const set: Record<string, unknown> = { ...changes };
  if (changes.email) set['domain'] = null;
  if (changes.domain) set['email'] = null;
  if (changes.tax_exempt === false) set['exemption_certificate_artwork_id'] = null;
  if (Object.keys(set).length === 0) return getBusinessAccount(db, id);
  try {
    const row = await db
      .updateTable('business_accounts')
      .set(set)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toApi(row) : null;
  } catch (error) {
    await matchTaken(db, error, changes);
    return translateDbError(error, CONSTRAINTS);
  }
}

export const businessAccountsResource: CrudResource<
  AdminBusinessAccount,
  BusinessAccountCreate,
  BusinessAccountUpdate
> = {
  label: 'business account',
  createSchema: businessAccountCreateSchema,
  updateSchema: businessAccountUpdateSchema,
  list: (db) => listBusinessAccounts(db),
  get: getBusinessAccount,
  create: createBusinessAccount,
  update: updateBusinessAccount,
};
