import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { InvalidTokenError, type JwtClaims, signJwt, verifyJwt } from './jwt.ts';

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

/**
 * The claims of a token that is genuine, unexpired, for the admin and not revoked by logout.
 * Throws InvalidTokenError otherwise.
 */
export async function verifyAdminToken(
  db: Kysely<Database>,
  token: string,
  secret: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<JwtClaims> {
  const claims = await verifyJwt(token, secret, nowSeconds);
  if (claims.sub !== ADMIN_SUBJECT) throw new InvalidTokenError('not an admin token');
  // A token minted with a longer life than ours (a leaked old secret, a bug) is refused too.
  if (claims.exp - claims.iat > ADMIN_TOKEN_TTL_SECONDS) throw new InvalidTokenError('lifetime too long');
  const revoked = await db
    .selectFrom('admin_token_revocations')
    .select('jti')
    .where('jti', '=', claims.jti)
    .executeTakeFirst();
  if (revoked) throw new InvalidTokenError('revoked');
  return claims;
}

/** Logout: the token's id is refused from now until it would have expired anyway. */
export async function revokeAdminToken(db: Kysely<Database>, claims: Pick<JwtClaims, 'jti' | 'exp'>): Promise<void> {
  await db
    .insertInto('admin_token_revocations')
    .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Housekeeping: a revocation is pointless once its token has expired.
  await db.deleteFrom('admin_token_revocations').where('expires_at', '<', new Date()).execute();
}
