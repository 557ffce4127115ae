import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { passwordHashLimiter } from './hash-limiter.ts';

/**
 * Admin password hashes: `scrypt$N$r$p$saltB64$hashB64` (N the CPU/memory cost, a power of two;
 * r the block size; p the parallelism; salt and derived key in standard base64). This is the
 * format of ADMIN_PASSWORD_HASH; `npm run hash-password` makes one.
 */
export const SCRYPT_DEFAULTS = { N: 2 ** 15, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

export interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Parses a stored hash; throws a readable error for a malformed one (bad config, not bad input). */
export function parsePasswordHash(encoded: string): ScryptHash {
  const parts = encoded.trim().split('$');
  const fail = (why: string): never => {
    throw new Error(`ADMIN_PASSWORD_HASH is not a valid scrypt hash (${why}); expected scrypt$N$r$p$saltB64$hashB64`);
  };
  if (parts.length !== 6 || parts[0] !== 'scrypt') fail('wrong number of parts or not scrypt');
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d+$/.test(v!) ? Number(v) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  // Bounds keep a stored hash from asking for gigabytes of memory or a minute of CPU per login.
  if (!(N >= 2 ** 14 && N <= 2 ** 20 && (N & (N - 1)) === 0)) fail('N must be a power of two from 16384 to 1048576');
  if (!(r >= 1 && r <= 32)) fail('r must be 1-32');
  if (!(p >= 1 && p <= 16)) fail('p must be 1-16');
  if (!B64.test(parts[4]!) || !B64.test(parts[5]!)) fail('salt and hash must be base64');
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 16) fail('salt must be at least 16 bytes');
  if (hash.length < 16 || hash.length > 128) fail('hash must be 16-128 bytes');
  return { N, r, p, salt, hash };
}

/**
 * Every hash (admin sign-in, store passwords, a new password saved) waits its turn on the one
 * limiter (docs/decisions/0041-password-checks.md); past its queue or deadline it throws
 * Unavailable (503 with Retry-After) without hashing.
 */
function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  return passwordHashLimiter.run(() => scryptKey(password, salt, N, r, p, keyBytes));
}

function scryptKey(password: string, salt: Buffer, N: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above the 128*N*r bytes scrypt needs (Node's default of 32 MiB is exactly N=2^15, r=8).
    scrypt(password.normalize('NFC'), salt, keyBytes, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, options: Partial<typeof SCRYPT_DEFAULTS> = {}): Promise<string> {
  const { N, r, p, saltBytes, keyBytes } = { ...SCRYPT_DEFAULTS, ...options };
  const salt = randomBytes(saltBytes);
  const hash = await derive(password, salt, N, r, p, keyBytes);
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** True when `password` matches; the comparison takes the same time wherever the bytes differ. */
export async function verifyPassword(password: string, stored: ScryptHash | string): Promise<boolean> {
  const { N, r, p, salt, hash } = typeof stored === 'string' ? parsePasswordHash(stored) : stored;
  const candidate = await derive(password, salt, N, r, p, hash.length);
  return timingSafeEqual(candidate, hash);
}
