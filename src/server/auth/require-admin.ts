import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { Unauthorized } from '../errors.ts';
import { adminCredentials } from './admin-credentials.ts';
import { verifyAdminToken } from './admin-tokens.ts';
import { InvalidTokenError, type JwtClaims } from './jwt.ts';

const CHALLENGE = 'Bearer realm="admin"';

/** The Bearer token of a request, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Every admin call starts here: 401 unless the request carries a valid admin token. The reason
 * a token was refused is logged, not told: a caller learns only that it must sign in again.
 */
export async function requireAdmin(req: Request, db: Kysely<Database>): Promise<JwtClaims> {
  const token = bearerToken(req);
  if (!token) throw new Unauthorized('unauthorized', 'Sign in as the admin to do this.', CHALLENGE);
  const { tokenSecret } = await adminCredentials();
  try {
    return await verifyAdminToken(db, token, tokenSecret);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    console.warn(`[admin] token refused: ${error.message}`);
    throw new Unauthorized(
      'invalid_token',
      'Your admin session is invalid or has expired. Sign in again.',
      'Bearer realm="admin", error="invalid_token"',
    );
  }
}
