import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../auth/password-hash.ts';
import type { Database } from '../db/types.ts';
import { Forbidden, Throttled } from '../errors.ts';
import { LINK_LIFETIME_DAYS, linkSecret, signLink, verifyLink } from '../links/signed-links.ts';
import { clientKey, countRequest, peekRequests, subjectKey, type ThrottleRule } from '../throttle/throttle.ts';

/*
 * A store's password, checked without stalling the shop (docs/decisions/0041-password-checks.md):
 * a buyer's pass skips the hash, the wrong-password budgets are read before it, and the hash
 * itself waits its turn on the shop's one limiter (verifyPassword).
 */

/** Wrong passwords one address may give one store in a window. */
export const STORE_PASSWORD_ADDRESS_THROTTLE: ThrottleRule = { limit: 5, windowSeconds: 10 * 60 };
/** Wrong passwords one store may be given from all addresses in a window. */
export const STORE_PASSWORD_STORE_THROTTLE: ThrottleRule = { limit: 30, windowSeconds: 10 * 60 };

export const STORE_PASS_COOKIE = 'store_pass';
const DAY_SECONDS = 86_400;

/** What a buyer offers: a password typed, the passes their browser sends, their address. */
export interface StoreAccess {
  password?: string | undefined;
  passes?: string[];
  ip?: string | undefined;
}

/** A pass issued after a right password: the cookie's value and how long it lasts. */
export interface StorePass {
  token: string;
  maxAgeSeconds: number;
}

/** The keys a store's wrong passwords are counted under: this address at this store, and the store. */
export function storePasswordKeys(storeId: string, ip: string | undefined) {
  return { address: clientKey(ip, `store-password:${storeId}`), store: subjectKey(storeId, 'store-password') };
}

/** A pass opens one store while its password is the one it was issued under: a new password ends it. */
const passSecret = (passwordHash: string) =>
  createHmac('sha256', linkSecret()).update(`store-pass\n${passwordHash}`).digest();

export function signStorePass(storeId: string, passwordHash: string, now = new Date()): StorePass {
  const days = LINK_LIFETIME_DAYS['store-pass'];
  return {
    token: signLink('store-pass', storeId, { now, lifetimeDays: days, secret: passSecret(passwordHash) }),
    maxAgeSeconds: days * DAY_SECONDS,
  };
}

const wrongPassword = (given: boolean) =>
  new Forbidden('wrong_password', 'That is not this store’s password.', {
    fields: { password: given ? 'That is not this store’s password.' : 'Enter the store’s password.' },
  });

/**
 * Lets a buyer into a store with a password: a valid pass for this store lets them in without
 * hashing; otherwise the password must be given (403), the wrong-password budgets of their address
 * and of the store must not be spent (429 with Retry-After), and it must match (403, counted on
 * both budgets). Answers a new pass after a right password, null when none is needed.
 */
export async function admitStoreBuyer(
  db: Kysely<Database>,
  store: { id: string; password_hash: string | null },
  access: StoreAccess,
): Promise<StorePass | null> {
  if (!store.password_hash) return null;
  const secret = passSecret(store.password_hash);
  if ((access.passes ?? []).some((token) => verifyLink('store-pass', token, { secret }) === store.id)) return null;
  if (!access.password) throw wrongPassword(false);
  const keys = storePasswordKeys(store.id, access.ip);
  for (const [key, rule] of [
    [keys.address, STORE_PASSWORD_ADDRESS_THROTTLE],
    [keys.store, STORE_PASSWORD_STORE_THROTTLE],
  ] as const) {
    const spent = await peekRequests(db, key, rule);
    if (!spent.allowed) {
      throw new Throttled(
        'too_many_attempts',
        'Too many wrong passwords for this store. Please wait a few minutes and try again.',
        spent.retryAfterSeconds,
      );
    }
  }
  if (!(await verifyPassword(access.password, store.password_hash))) {
    await countRequest(db, keys.address, STORE_PASSWORD_ADDRESS_THROTTLE);
    await countRequest(db, keys.store, STORE_PASSWORD_STORE_THROTTLE);
    throw wrongPassword(true);
  }
  return signStorePass(store.id, store.password_hash);
}

/** The passes in a request's Cookie header (a browser may send several; each is tried). */
export function storePassesOf(cookieHeader: string | null): string[] {
  return (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${STORE_PASS_COOKIE}=`))
    .map((part) => part.slice(STORE_PASS_COOKIE.length + 1));
}

/**
 * The Set-Cookie of a pass: sent back only to this store's API (its path), never read by scripts,
 * never sent from another site; Secure wherever the shop is served over https.
 */
export function storePassCookie(slug: string, pass: StorePass, secure: boolean): string {
  return [
    `${STORE_PASS_COOKIE}=${pass.token}`,
    `Path=/api/stores/${slug}`,
    `Max-Age=${pass.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
