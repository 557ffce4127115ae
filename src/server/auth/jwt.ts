import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JSON Web Tokens with node:crypto: the admin token needs one algorithm and four
 * claims, which does not justify a dependency. Verification is deliberately narrow: the header
 * must name an algorithm on the allow-list (HS256 only, so `alg: none` and RS/HS confusion are
 * refused before any signature work), the signature is compared in constant time, and the
 * registered time claims are checked by the caller's clock.
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
const B64URL = /^[A-Za-z0-9_-]*$/;

function decodeJson(part: string, what: string): Record<string, unknown> {
  if (!B64URL.test(part)) throw new InvalidTokenError(`${what} is not base64url`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError(`${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidTokenError(`${what} is not an object`);
  }
  return value as Record<string, unknown>;
}

function sign(input: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signJwt(claims: JwtClaims, secret: Buffer): string {
  const head = encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = encode(JSON.stringify(claims));
  return `${head}.${body}.${encode(sign(`${head}.${body}`, secret))}`;
}

/**
 * The payload of a compact HS256 token whose signature matches `secret` (constant-time), with no
 * claim checked: for tokens whose claims are not ours (Netlify's deploy-notification JWS carries
 * only `iss` and `sha256`). Throws InvalidTokenError otherwise.
 */
export function verifyHs256(token: string, secret: Buffer): Record<string, unknown> {
  if (token.length > 4096) throw new InvalidTokenError('token too long');
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidTokenError('not a compact JWT');
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJson(head, 'header');
  if (!(ALLOWED_ALGORITHMS as readonly unknown[]).includes(header['alg'])) {
    throw new InvalidTokenError(`algorithm ${String(header['alg'])} is not allowed`);
  }
  if (header['crit'] !== undefined) throw new InvalidTokenError('critical header parameters are not supported');
  if (!B64URL.test(signature) || signature === '') throw new InvalidTokenError('signature missing');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(`${head}.${body}`, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidTokenError('bad signature');
  }
  return decodeJson(body, 'payload');
}

/** The claims of a genuine, unexpired token; throws InvalidTokenError otherwise. */
export function verifyJwt(token: string, secret: Buffer, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims {
  const claims = verifyHs256(token, secret);
  const { sub, jti, iat, exp } = claims;
  if (typeof sub !== 'string' || typeof jti !== 'string' || jti === '') throw new InvalidTokenError('claims missing');
  if (!Number.isInteger(iat) || !Number.isInteger(exp)) throw new InvalidTokenError('time claims missing');
  if ((exp as number) <= nowSeconds) throw new InvalidTokenError('expired');
  // A minute of clock skew between function instances; a token from further ahead is not ours.
  if ((iat as number) > nowSeconds + 60) throw new InvalidTokenError('issued in the future');
  return claims as JwtClaims;
}
