import type { Kysely } from 'kysely';
import { issueStaffToken } from '../../src/server/staff/admin-tokens.ts';
import type { Database } from '../../src/server/db/types.ts';
import type { RoleKey } from '../../src/server/staff/roles.ts';
import { openSession } from '../../src/server/staff/sessions.ts';
import { callFunction } from './call-function.ts';

let people = 0;

/** A signed-in person of `role`: an active account, a session row, and that session's Bearer header. */
export async function signedInStaff(db: Kysely<Database>, secret: Buffer, role: RoleKey, name = `${role} person`) {
  people++;
  const account = await db
    .insertInto('staff_accounts')
    .values({ email: `${role}-${people}-${Date.now()}@staff.test`, name, role, status: 'active' })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  const sessionId = await openSession(db, account.id, 'Chrome on Linux', new Date(Date.now() + 3_600_000));
  const { token } = issueStaffToken(secret, { staffId: account.id, sessionId });
  return { id: account.id, email: account.email!, sessionId, authorization: `Bearer ${token}` };
}

/** The Owner account of the shop password, as the records that name who did what take it. */
export async function shopOwnerActor(db: Kysely<Database>): Promise<{ staffId: string }> {
  const row = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where('uses_shop_password', '=', true)
    .executeTakeFirstOrThrow();
  return { staffId: row.id };
}

/** An admin function called with a person's Bearer header: JSON in, the Response out. */
export const staffCall = (
  fn: unknown,
  path: string,
  authorization: string,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
) =>
  callFunction(fn as Parameters<typeof callFunction>[0], path, {
    method: init.method ?? 'GET',
    params: init.params ?? {},
    headers: { authorization, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

/** A paid pickup order of `totalCents` with nothing printed (its first move, to production, is open). */
export async function paidPlainOrder(db: Kysely<Database>, totalCents = 5_000) {
  const row = await db
    .insertInto('orders')
    .values({
      email: `staff-names-${++people}@example.com`,
      status: 'paid',
      paid_at: new Date(),
      fulfillment: 'local',
      subtotal_cents: totalCents,
      total_cents: totalCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
