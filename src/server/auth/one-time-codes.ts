import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isEmail } from '../../lib/identifiers.ts';
import type { Database } from '../db/types.ts';
import { Invalid } from '../errors.ts';
import { linkSecret } from './link-secret.ts';
import { clientKey, enforceThrottle, subjectKey, type ThrottleRule } from '../throttle/throttle.ts';

/**
 * One-time codes e-mailed to an address (issue 48), for any purpose that signs someone in by
 * address: customers now, staff later. One live code per purpose and address (asking again
 * replaces it); only a keyed hash is stored; it lives CODE_LIFETIME_MINUTES, allows
 * CODE_MAX_TRIES wrong tries and opens once. An address the purpose does not know gets the very
 * same answer and the same throttles, and nothing is stored or sent for it.
 */
export type CodePurpose = 'customer' | 'staff';

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
/** Codes one address may be sent per hour, from anywhere: a mailbox is not flooded. */
export const CODES_PER_ADDRESS: ThrottleRule = { limit: 5, windowSeconds: 60 * 60 };
/** Codes one client may ask for per hour, for any addresses: nobody probes or mails the world. */
export const CODES_PER_CLIENT: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };
/** Codes one client may type per 15 minutes, for any addresses: guessing across addresses is bounded too. */
export const CHECKS_PER_CLIENT: ThrottleRule = { limit: 30, windowSeconds: 15 * 60 };

/** What a purpose decides: whether it knows an address, and the e-mail that carries the code. */
export interface CodeDelivery {
  knows(db: Kysely<Database>, email: string): Promise<boolean>;
  /** Queues the e-mail on the caller's transaction, so the code exists exactly when its mail does. */
  send(trx: Kysely<Database>, mail: { email: string; code: string; expiresAt: Date }): Promise<void>;
}

/** An address as codes are keyed: trimmed and lower-case; 400 when it is not an address. */
export function codeAddress(input: string): string {
  const email = input.trim().toLowerCase();
  if (!isEmail(email)) {
    throw new Invalid('invalid_input', 'Type the e-mail address you ordered with.', {
      fields: { email: 'Type an e-mail address, like name@example.com.' },
    });
  }
  return email;
}

const codeKey = () => createHmac('sha256', linkSecret()).update('one-time-codes').digest();
const digest = (purpose: CodePurpose, email: string, code: string) =>
  createHmac('sha256', codeKey()).update(`${purpose}\n${email}\n${code}`).digest('base64url');

/** Six digits, every one equally likely. */
const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Sends a fresh code to `emailInput` when the purpose knows it; the same (empty) answer either
 * way. Throttled per client (its peer address) and per address before anything else: 429.
 */
export async function requestCode(
  db: Kysely<Database>,
  purpose: CodePurpose,
  emailInput: string,
  ip: string | undefined,
  delivery: CodeDelivery,
): Promise<void> {
  const email = codeAddress(emailInput);
  const wait = 'Too many codes asked for. Wait a while, then ask again.';
  await enforceThrottle(db, clientKey(ip, `one-time-code:${purpose}`), CODES_PER_CLIENT, wait);
  await enforceThrottle(db, subjectKey(email, `one-time-code:${purpose}`), CODES_PER_ADDRESS, wait);
  if (!(await delivery.knows(db, email))) return;
  const code = newCode();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('one_time_codes')
      .values({
        purpose,
        email,
        code_hash: digest(purpose, email, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${CODE_LIFETIME_MINUTES})`,
      })
      .onConflict((oc) =>
        oc.columns(['purpose', 'email']).doUpdateSet({
          code_hash: (eb) => eb.ref('excluded.code_hash'),
          created_at: sql<Date>`now()`,
          expires_at: (eb) => eb.ref('excluded.expires_at'),
          tries: 0,
          used_at: null,
        }),
      )
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    await delivery.send(trx, { email, code, expiresAt: row.expires_at });
  });
}

/**
 * Whether `code` is the live code of `emailInput` for `purpose`, using it up when it is. A wrong
 * code counts a try; after CODE_MAX_TRIES, or once expired or used, no code opens it (ask for a
 * new one). Throttled per client first (429). Every refusal is the same false.
 */
export async function checkCode(
  db: Kysely<Database>,
  purpose: CodePurpose,
  emailInput: string,
  codeInput: string,
  ip: string | undefined,
): Promise<boolean> {
  const email = codeAddress(emailInput);
  await enforceThrottle(
    db,
    clientKey(ip, `one-time-code-check:${purpose}`),
    CHECKS_PER_CLIENT,
    'Too many codes typed. Wait a few minutes, then try again.',
  );
  const code = codeInput.replace(/\s+/g, '');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('one_time_codes')
      .select(['code_hash', 'tries', sql<boolean>`used_at is null and expires_at > now()`.as('live')])
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst();
    if (!row?.live || row.tries >= CODE_MAX_TRIES) return false;
    const given = Buffer.from(digest(purpose, email, code));
    const right = given.length === row.code_hash.length && timingSafeEqual(given, Buffer.from(row.code_hash));
    await trx
      .updateTable('one_time_codes')
      .set(right ? { used_at: sql<Date>`now()` } : { tries: sql<number>`tries + 1` })
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .execute();
    return right;
  });
}
