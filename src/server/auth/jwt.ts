import { createHmac } from 'node:crypto';
import { errors, jwtVerify } from 'jose';

/**
 * HS256 JSON Web Tokens for the admin. Verification, the part an attacker talks to, is jose's
 * `jwtVerify` with an algorithm allow-list (HS256 only: `alg: none`, HS512 and RS/HS confusion
 * are refused before any signature work), constant-time signatures and its `exp` check; our own
 * rules (the claims an admin token must carry, no token from the future) come after. Signing
 * stays one HMAC (synchronous, so a token can be made where no await is possible).
 */
export const ALLOWED_ALGORITHMS = ['HS256'] as const;

export interface JwtClaims {
  sub: string;
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export class InvalidTokenError extends Error {}

const encode = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signJwt(claims: JwtClaims, secret: Buffer): string {
  const head = encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = encode(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${encode(signature)}`;
}

/** jose's refusal in the words our callers and logs use. */
function refusal(error: unknown): InvalidTokenError {
  if (error instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError('algorithm is not allowed');
  if (error instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('bad signature');
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('expired');
  if (error instanceof errors.JOSEError) return new InvalidTokenError(`invalid token (${error.code})`);
  return new InvalidTokenError('invalid token');
}

/**
 * The payload of a compact HS256 token whose signature matches `secret`, with only `exp` (when
 * present) checked at `nowSeconds`: for tokens whose claims are not ours (Netlify's
 * deploy-notification JWS carries only `iss` and `sha256`). Throws InvalidTokenError otherwise.
 */
export async function verifyHs256(
  token: string,
  secret: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Record<string, unknown>> {
  if (token.length > 4096) throw new InvalidTokenError('token too long');
  try {
    const { payload } = await jwtVerify(token, new Uint8Array(secret), {
      algorithms: [...ALLOWED_ALGORITHMS],
      currentDate: new Date(nowSeconds * 1000),
      clockTolerance: 0,
    });
    return payload as Record<string, unknown>;
  } catch (error) {
    throw refusal(error);
  }
}

/** The claims of a genuine, unexpired admin-shaped token; throws InvalidTokenError otherwise. */
export async function verifyJwt(
  token: string,
  secret: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<JwtClaims> {
  const claims = await verifyHs256(token, secret, nowSeconds);
  const { sub, jti, iat, exp } = claims;
  if (typeof sub !== 'string' || typeof jti !== 'string' || jti === '') throw new InvalidTokenError('claims missing');
  if (!Number.isInteger(iat) || !Number.isInteger(exp)) throw new InvalidTokenError('time claims missing');
  if ((exp as number) <= nowSeconds) throw new InvalidTokenError('expired');
  // A minute of clock skew between function instances; a token from further ahead is not ours.
  if ((iat as number) > nowSeconds + 60) throw new InvalidTokenError('issued in the future');
  return claims as JwtClaims;
}
