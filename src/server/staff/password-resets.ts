import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { shopDateTimeWords } from '../../lib/site/shop-time.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { Database } from '../db/types.ts';
import { LINK_LIFETIME_DAYS, shopOrigin, signLink, verifyLink } from '../links/signed-links.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { clientKey, enforceThrottle, subjectKey, type ThrottleRule } from '../throttle/throttle.ts';
import { linkDigest, useOneUseLink } from './one-use-links.ts';
import { revokeAllSessions } from './sessions.ts';

const LIFETIME_MS = LINK_LIFETIME_DAYS['staff-reset'] * 86_400_000;

/** Resets one connection may ask for: a person who mistypes their address, not a mail cannon. */
export const RESET_CLIENT_THROTTLE: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };
/** Resets one address (known or not) may be sent an hour, from any connection: no inbox flooding. */
export const RESET_ACCOUNT_THROTTLE: ThrottleRule = { limit: 3, windowSeconds: 60 * 60 };
/**
 * Every request is answered no sooner than this after it arrived, found or not: the few queries
 * and the outbox row of a known address hide inside it, so the time tells nothing either.
 */
export const RESET_ANSWER_MS = 250;

/** What every reset request is told, whoever the address belongs to. */
export const RESET_ANSWER =
  'If that address belongs to someone on the staff, we sent it a link to set a new password. It works once, for one hour.';

/** The page a reset's link opens (src/pages/staff/password-reset/[token].astro). */
export const resetUrl = (token: string, origin = shopOrigin()) => `${origin}/staff/password-reset/${token}`;

/**
 * "Forgot password" on the admin's sign-in: throttled per connection and per address, then, when
 * the address is an active person's, a one-hour, one-use link by e-mail through the outbox (a new
 * one makes their earlier ones unusable). A suspended or invited person, an unknown address and a
 * known one get the same answer after the same time.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  input: { email: string; ip: string | undefined },
  now = new Date(),
): Promise<void> {
  const started = performance.now();
  const email = input.email.trim().toLowerCase();
  try {
    const wait = 'Too many password resets asked for. Wait a while and try again.';
    await enforceThrottle(db, clientKey(input.ip, 'staff-password-reset'), RESET_CLIENT_THROTTLE, wait);
    await enforceThrottle(db, subjectKey(email, 'staff-password-reset'), RESET_ACCOUNT_THROTTLE, wait);
    await db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('staff_accounts')
        .select(['id', 'name', 'email'])
        .where(sql<string>`lower(email)`, '=', email)
        .where('status', '=', 'active')
        .where('password_hash', 'is not', null)
        .executeTakeFirst();
      if (!person?.email) return;
      await trx
        .deleteFrom('staff_password_resets')
        .where('staff_id', '=', person.id)
        .where('used_at', 'is', null)
        .execute();
      const expiresAt = new Date(now.getTime() + LIFETIME_MS);
      const row = await trx
        .insertInto('staff_password_resets')
        .values({ staff_id: person.id, token_hash: 'pending', expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = signLink('staff-reset', row.id, { now });
      await trx
        .updateTable('staff_password_resets')
        .set({ token_hash: linkDigest(token) })
        .where('id', '=', row.id)
        .execute();
      await enqueueMail(trx, {
        template: 'staff-password-reset',
        to: person.email,
        values: { staffName: person.name, resetUrl: resetUrl(token), expiresAt: shopDateTimeWords(expiresAt) },
      });
    });
  } finally {
    const left = RESET_ANSWER_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

/** The person a reset link is for while it is genuine, unexpired, unused and they are active; else null (404). */
export async function openPasswordReset(db: Kysely<Database>, token: string) {
  const id = verifyLink('staff-reset', token);
  if (!id) return null;
  const row = await db
    .selectFrom('staff_password_resets as r')
    .innerJoin('staff_accounts as a', 'a.id', 'r.staff_id')
    .select(['a.name', 'a.email'])
    .where('r.id', '=', id)
    .where('r.token_hash', '=', linkDigest(token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', sql<Date>`now()`)
    .where('a.status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Sets the new password and uses the link up at once (of two posts only one sets it), and signs
 * the person out on every device: whoever knew the old password is out. False when the link does
 * not open (the page's 404).
 */
export async function completePasswordReset(db: Kysely<Database>, token: string, password: string): Promise<boolean> {
  if (!(await openPasswordReset(db, token))) return false;
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const staffId = await useOneUseLink(trx, 'staff_password_resets', 'staff-reset', token);
    if (!staffId) return false;
    const person = await trx
      .updateTable('staff_accounts')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', staffId)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    if (!person) return false;
    await revokeAllSessions(trx, person.id);
    return true;
  });
}
