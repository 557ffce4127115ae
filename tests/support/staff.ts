import type { Kysely } from 'kysely';
import { issueStaffToken } from '../../src/server/staff/admin-tokens.ts';
import type { Database } from '../../src/server/db/types.ts';
import type { RoleKey } from '../../src/server/staff/roles.ts';
import { openSession } from '../../src/server/staff/sessions.ts';

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
