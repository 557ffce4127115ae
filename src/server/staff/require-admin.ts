import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { Forbidden, Unauthorized } from '../errors.ts';
import { permissionsFor } from './route-permissions.ts';
import { PERMISSIONS, ROLES, roleAllows } from './roles.ts';
import { adminCredentials } from '../auth/admin-credentials.ts';
import { type AdminClaims, verifyAdminToken } from './admin-tokens.ts';
import { InvalidTokenError } from '../auth/jwt.ts';

const CHALLENGE = 'Bearer realm="admin"';

/** The Bearer token of a request, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Every admin call starts here: 401 unless the request carries a valid token of a signed-in,
 * active person, then 403 unless their role has the permission the route needs
 * (staff/route-permissions.ts; a route without an entry is refused). The reason a token was
 * refused is logged, not told: a caller learns only that it must sign in again.
 */
export async function requireAdmin(req: Request, db: Kysely<Database>): Promise<AdminClaims> {
  const token = bearerToken(req);
  if (!token) throw new Unauthorized('unauthorized', 'Sign in as the admin to do this.', CHALLENGE);
  const { tokenSecret } = await adminCredentials();
  let claims: AdminClaims;
  try {
    claims = await verifyAdminToken(db, token, tokenSecret);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    console.warn(`[admin] token refused: ${error.message}`);
    throw new Unauthorized(
      'invalid_token',
      'Your admin session is invalid or has expired. Sign in again.',
      'Bearer realm="admin", error="invalid_token"',
    );
  }
  const needed = permissionsFor(req.method, new URL(req.url).pathname);
  if (!needed) throw new Forbidden('forbidden', 'This part of the back office is not open to anyone yet.');
  const missing = needed.find((permission) => !roleAllows(claims.staff.role, permission));
  if (missing) {
    const what = PERMISSIONS[missing].toLowerCase();
    throw new Forbidden('forbidden', `Your role (${ROLES[claims.staff.role].name}) may not do this: ${what}.`);
  }
  return claims;
}
