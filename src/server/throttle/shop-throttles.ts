import type { Kysely } from 'kysely';
import { config, type ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { clientKey, enforceThrottle, type ThrottleRule } from './throttle.ts';

/*
 * The per-client throttles of the shop's public money paths, in one place so two endpoints
 * that must share a budget use the very same key and rule. Every key is the peer address
 * (Netlify's context.ip; the local server's socket address), never a forwarded header; an IPv6
 * peer counts by its /64 (client-address.ts).
 */

/** Enough for a person trying a few promo codes; too few to guess codes by trying many. */
export const DISCOUNT_ATTEMPT_THROTTLE: ThrottleRule = { limit: 20, windowSeconds: 10 * 60 };

/**
 * Counts one promo-code attempt of a client: a check at /api/discount-codes/validate and a code
 * sent with a checkout draw on the same budget, so checkout cannot be used to keep guessing
 * codes once the validate endpoint refuses. 429 past the limit.
 */
export function enforceDiscountAttempt(db: Kysely<Database>, ip: string | undefined): Promise<void> {
  return enforceThrottle(
    db,
    clientKey(ip, 'discount-validate'),
    DISCOUNT_ATTEMPT_THROTTLE,
    'Too many promo code attempts. Please try again in a few minutes.',
  );
}

/** Cart checkout and Buy Now together: CHECKOUT_RATE_LIMIT per client in 10 minutes. */
export function checkoutThrottle(cfg: Pick<ServerConfig, 'CHECKOUT_RATE_LIMIT'> = config()): ThrottleRule {
  return { limit: cfg.CHECKOUT_RATE_LIMIT, windowSeconds: 10 * 60 };
}

/** Counts one checkout of a client on either endpoint (one shared key); 429 past the limit. */
export function enforceCheckoutThrottle(db: Kysely<Database>, ip: string | undefined): Promise<void> {
  return enforceThrottle(
    db,
    clientKey(ip, 'checkout'),
    checkoutThrottle(),
    'Too many checkouts from your connection. Please try again in a few minutes.',
  );
}

/** Who is asking to hold stock, and how many unpaid holds they may keep open at once. */
export interface HoldClient {
  /** The client key of the peer address (a hash). */
  key: string;
  maxOpenHolds: number;
}

/** The client holding stock with a checkout: its hashed address and its bound on open holds. */
export function holdClientOf(
  ip: string | undefined,
  cfg: Pick<ServerConfig, 'CHECKOUT_MAX_OPEN_HOLDS'> = config(),
): HoldClient {
  return { key: clientKey(ip, 'checkout-hold'), maxOpenHolds: cfg.CHECKOUT_MAX_OPEN_HOLDS };
}

/** A whole number from the environment, else the fallback (the browser tests raise per-client limits). */
function limitFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Artwork uploads one client may start in 10 minutes: a large order's files, not a flood of rows
 * and URLs. ARTWORK_UPLOADS_PER_CLIENT raises it where one address is many people (the browser tests).
 */
export const ARTWORK_UPLOAD_THROTTLE: ThrottleRule = {
  limit: limitFromEnv('ARTWORK_UPLOADS_PER_CLIENT', 30),
  windowSeconds: 10 * 60,
};
/**
 * Artwork checks (each reads and decodes a file of up to 50 MB) one client may ask for in 10
 * minutes; ARTWORK_CHECKS_PER_CLIENT raises it as above.
 */
export const ARTWORK_CHECK_THROTTLE: ThrottleRule = {
  limit: limitFromEnv('ARTWORK_CHECKS_PER_CLIENT', 60),
  windowSeconds: 10 * 60,
};

/** Counts one artwork upload (`upload`) or check (`check`) of a client by its peer address; 429 past the limit. */
export function enforceArtworkThrottle(db: Kysely<Database>, ip: string | undefined, step: 'upload' | 'check') {
  return enforceThrottle(
    db,
    clientKey(ip, `artwork-${step}`),
    step === 'upload' ? ARTWORK_UPLOAD_THROTTLE : ARTWORK_CHECK_THROTTLE,
    'Too many artwork uploads from your connection. Please try again in a few minutes.',
  );
}
