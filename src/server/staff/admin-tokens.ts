import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { revokeSession, type SignedInStaff, sessionStaff } from './sessions.ts';
import { InvalidTokenError, type JwtClaims, signJwt, verifyJwt } from '../auth/jwt.ts';

/** Admin tokens live at most this long (the issue asks for 12 hours or less). */
export const ADMIN_TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const ADMIN_SUBJECT = 'admin';

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export function issueAdminToken(secret: Buffer, nowSeconds = Math.floor(Date.now() / 1000)): IssuedToken {
  const jti = randomUUID();
  const exp = nowSeconds + ADMIN_TOKEN_TTL_SECONDS;
  const token = signJwt({ sub: ADMIN_SUBJECT, jti, iat: nowSeconds, exp }, secret);
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/** A signed-in person's token: it names their account and the session row it belongs to. */
export function issueStaffToken(
  secret: Buffer,
  session: { staffId: string; sessionId: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): IssuedToken {
  const jti = randomUUID();
  const exp = nowSeconds + ADMIN_TOKEN_TTL_SECONDS;
  const claims = { sub: `staff:${session.staffId}`, sid: session.sessionId, jti, iat: nowSeconds, exp };
  return { token: signJwt(claims, secret), jti, expiresAt: new Date(exp * 1000) };
}

/** A verified token's claims and the person they sign in. */
export type AdminClaims = JwtClaims & { staff: SignedInStaff };

/**
 * The claims of a token that is genuine, unexpired, for the admin, whose session is not signed
 * out and whose person is active (staff/sessions.ts). Throws InvalidTokenError otherwise.
 */
export async function verifyAdminToken(
  db: Kysely<Database>,
  token: string,
  secret: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<AdminClaims> {
  const claims = await verifyJwt(token, secret, nowSeconds);
  const isStaff = claims.sub.startsWith('staff:') && typeof claims['sid'] === 'string';
  if (claims.sub !== ADMIN_SUBJECT && !isStaff) throw new InvalidTokenError('not an admin token');
  // A token minted with a longer life than ours (a leaked old secret, a bug) is refused too.
  if (claims.exp - claims.iat > ADMIN_TOKEN_TTL_SECONDS) throw new InvalidTokenError('lifetime too long');
  if (claims.sub === ADMIN_SUBJECT && claims['sid'] !== undefined) throw new InvalidTokenError('mixed claims');
  return { ...claims, staff: await sessionStaff(db, claims) };
}

/** Logout: the token's session is signed out (a tool's token: its id is refused until it expires). */
export async function revokeAdminToken(db: Kysely<Database>, claims: AdminClaims): Promise<void> {
  if (claims.staff.sessionId) {
    await revokeSession(db, claims.staff.sessionId, claims.staff.id);
    return;
  }
  await db
    .insertInto('admin_token_revocations')
    .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Housekeeping: a revocation is pointless once its token has expired.
  await db.deleteFrom('admin_token_revocations').where('expires_at', '<', new Date()).execute();
}
