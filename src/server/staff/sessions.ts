import { type Kysely, sql } from 'kysely';
import { InvalidTokenError, type JwtClaims } from '../auth/jwt.ts';
import type { Database } from '../db/types.ts';
import { isRoleKey, type RoleKey } from './roles.ts';

/** The person behind an admin request, as the session row and their account say now. */
export interface SignedInStaff {
  id: string;
  name: string;
  email: string | null;
  role: RoleKey;
  /** The session row the token names; null for a tool's token minted with the signing key. */
  sessionId: string | null;
}

/** A session's last_seen_at is written at most this often: a read stays one query. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** A few words for a device, from its user agent: "Chrome on Android". Never the raw string. */
export function deviceWords(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

export async function openSession(
  db: Kysely<Database>,
  staffId: string,
  device: string,
  expiresAt: Date,
): Promise<string> {
  const row = await db
    .insertInto('staff_sessions')
    .values({ staff_id: staffId, device: device.slice(0, 80), expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const staffOf = (row: { id: string; name: string; email: string | null; role: string }, sessionId: string | null) => {
  if (!isRoleKey(row.role)) throw new InvalidTokenError('unknown role');
  return { id: row.id, name: row.name, email: row.email, role: row.role, sessionId } satisfies SignedInStaff;
};

/**
 * Who a verified token's claims sign in, checked against the rows on every request: one indexed
 * lookup (in place of the revocation lookup every admin request made before), so a suspended
 * person, a removed one or a signed-out device is refused on its very next request. Throws
 * InvalidTokenError when the session or the person may no longer act.
 */
export async function sessionStaff(db: Kysely<Database>, claims: JwtClaims): Promise<SignedInStaff> {
  const sid = claims['sid'];
  if (typeof sid !== 'string') return toolTokenStaff(db, claims);
  if (!/^[0-9a-f-]{36}$/.test(sid)) throw new InvalidTokenError('bad session id');
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
    .select(['a.id', 'a.name', 'a.email', 'a.role', 'a.status', 's.revoked_at', 's.last_seen_at'])
    .where('s.id', '=', sid)
    .executeTakeFirst();
  if (!row || `staff:${row.id}` !== claims.sub) throw new InvalidTokenError('no such session');
  if (row.revoked_at) throw new InvalidTokenError('session signed out');
  if (row.status !== 'active') throw new InvalidTokenError(`person is ${row.status}`);
  if (Date.now() - row.last_seen_at.getTime() > LAST_SEEN_EVERY_MS) {
    await db.updateTable('staff_sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sid).execute();
  }
  return staffOf(row, sid);
}

/**
 * A token without a session id is one a tool minted with the signing key (tests, bench:api): it
 * acts as the account of the shop password while that account is active, and logout still
 * revokes it by its id. Sign-in never issues one.
 */
async function toolTokenStaff(db: Kysely<Database>, claims: JwtClaims): Promise<SignedInStaff> {
  const row = await db
    .selectFrom('staff_accounts as a')
    .select(['a.id', 'a.name', 'a.email', 'a.role', 'a.status'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('admin_token_revocations as r').select('r.jti').where('r.jti', '=', claims.jti))
        .as('revoked'),
    )
    .where('a.uses_shop_password', '=', true)
    .executeTakeFirst();
  if (!row) throw new InvalidTokenError('the shop password has no account');
  if (row.revoked) throw new InvalidTokenError('revoked');
  if (row.status !== 'active') throw new InvalidTokenError(`person is ${row.status}`);
  return staffOf(row, null);
}

/** Signs one session out (its token is refused from its next request). */
export async function revokeSession(db: Kysely<Database>, sessionId: string, staffId: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Signs a person out everywhere. */
export async function revokeAllSessions(db: Kysely<Database>, staffId: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: sql`now()` })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A person's signed-in devices, newest first (signed-out and expired ones are history, not shown). */
export async function listSessions(db: Kysely<Database>, staffId: string) {
  return db
    .selectFrom('staff_sessions')
    .select(['id', 'device', 'created_at', 'last_seen_at'])
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}
