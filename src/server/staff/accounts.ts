import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, StaffStatusColumn } from '../db/types.ts';
import { Conflict, NotFound } from '../errors.ts';
import { ROLES, type RoleKey } from './roles.ts';
import { revokeAllSessions } from './sessions.ts';

/** The account an e-mail (or, without one, the shop password) signs in; null when none may. */
export async function findSignInAccount(db: Kysely<Database>, email: string | undefined) {
  let query = db.selectFrom('staff_accounts').select(['id', 'status', 'password_hash']);
  query = email
    ? query.where(sql<string>`lower(email)`, '=', email.toLowerCase()).where('password_hash', 'is not', null)
    : query.where('uses_shop_password', '=', true);
  query = query.where('status', '!=', 'removed');
  return (await query.executeTakeFirst()) ?? null;
}

/** One person as the Staff screen lists them: role and status in words beside their keys. */
export interface StaffRow {
  id: string;
  name: string;
  email: string | null;
  role: RoleKey;
  role_name: string;
  status: StaffStatusColumn;
  uses_shop_password: boolean;
  created_at: Date;
}

const STATUS_WORDS: Record<StaffStatusColumn, string> = {
  invited: 'Invited (no password yet)',
  active: 'Active',
  suspended: 'Suspended',
  removed: 'Removed',
};

const COLUMNS = ['id', 'name', 'email', 'role', 'status', 'uses_shop_password', 'created_at'] as const;

const toRow = (row: Omit<StaffRow, 'role_name'>) => ({
  ...row,
  role_name: ROLES[row.role].name,
  status_words: STATUS_WORDS[row.status],
});

export async function listStaff(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('staff_accounts')
    .select(COLUMNS)
    .where('status', '!=', 'removed')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

export async function getStaff(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('staff_accounts')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('status', '!=', 'removed')
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

const noSuchPerson = (id: string) => new NotFound('not_found', `There is no staff member with id ${id}.`);

/**
 * Runs `change` on a person, after every change that could leave the shop without an active owner
 * takes its turn on one lock: two owners removing each other at once cannot both succeed.
 */
async function changeGuardingOwners(
  db: Kysely<Database>,
  id: string,
  change: (trx: Transaction<Database>) => Promise<void>,
) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('staff:owners', 0))`.execute(trx);
    // A removed person is gone from the Staff screen: nothing more can be done to them.
    const before = await trx
      .selectFrom('staff_accounts')
      .select(['id'])
      .where('id', '=', id)
      .where('status', '!=', 'removed')
      .executeTakeFirst();
    if (!before) throw noSuchPerson(id);
    await change(trx);
    const owners = await trx
      .selectFrom('staff_accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    if (Number(owners.n) === 0) {
      throw new Conflict('last_owner', 'The shop needs at least one active owner: make someone else an owner first.');
    }
  });
}

export async function changeRole(
  db: Kysely<Database>,
  id: string,
  input: { role: RoleKey; name?: string | undefined },
) {
  await changeGuardingOwners(db, id, async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ role: input.role, ...(input.name ? { name: input.name } : {}), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
  return getStaff(db, id);
}

/** Suspends a person: they cannot sign in, and every session of theirs ends now (next request 401). */
export async function suspendStaff(db: Kysely<Database>, id: string) {
  await changeGuardingOwners(db, id, async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ status: 'suspended', updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await revokeAllSessions(trx, id);
  });
  return getStaff(db, id);
}

/**
 * Signs a person out on every device without suspending them (a lost phone, a shared computer):
 * each of their tokens is refused from its next request, and they may sign in again at once.
 */
export async function signOutEverywhere(db: Kysely<Database>, id: string) {
  const person = await getStaff(db, id);
  if (!person) throw noSuchPerson(id);
  await revokeAllSessions(db, id);
  return person;
}

/** Lets a suspended person sign in again (an invited one stays invited until they set a password). */
export async function reinstateStaff(db: Kysely<Database>, id: string) {
  const row = await db
    .updateTable('staff_accounts')
    .set({
      status: sql<StaffStatusColumn>`case when password_hash is null and not uses_shop_password then 'invited' else 'active' end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'suspended')
    .returning('id')
    .executeTakeFirst();
  if (!row && !(await getStaff(db, id))) throw noSuchPerson(id);
  return getStaff(db, id);
}

/**
 * Removes a person, softly: their row stays, so their name stays on everything they did (the
 * timelines, the activity log), but they are gone from the Staff screen, cannot sign in, every
 * session of theirs ends now and their open invitations stop working; their e-mail address may
 * be invited again. Never the last active owner (two owners removing each other: one wins).
 */
export async function removeStaff(db: Kysely<Database>, id: string) {
  await changeGuardingOwners(db, id, async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ status: 'removed', removed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await revokeAllSessions(trx, id);
    await trx
      .updateTable('staff_invitations')
      .set({ used_at: sql`now()` })
      .where('staff_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
  });
}
