import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { mailboxKey } from '../../lib/forms/mailbox.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { isUuid } from '../../lib/identifiers.ts';

/** docs/decisions/spec-rules.md#s9: 10% off the first order, as basis points. */
export const WELCOME_DISCOUNT_BASIS_POINTS = 1000;
// No 0/O, 1/I/L: the code is read off an e-mail and typed into the cart.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh personal code such as WT-7KQ4ZP (same shape as the demo data's). */
export function welcomeCode(): string {
  let code = 'WT-';
  for (let i = 0; i < 6; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface SubscribeResult {
  /** True only for an address not on the list before: it gets a code and the welcome e-mail. */
  created: boolean;
  mailIds: string[];
}

/**
 * Puts a mailbox on the mailing list, once. Addresses are compared by mailbox (mailboxKey: case
 * and +tag folded), under a transaction-scoped advisory lock on that key, so signing up again,
 * with another +tag, or twice at the same moment changes nothing, except that a mailbox that had
 * unsubscribed is subscribed again. A new mailbox gets a personal single-use 10% code
 * (discount_codes.email, max_uses 1) and the welcome e-mail, queued in the same transaction;
 * a mailbox never gets a second code. The caller answers the same either way, so the endpoint
 * tells nobody who is subscribed.
 */
export async function subscribe(
  db: Kysely<Database>,
  email: string,
  options: { siteUrl: string },
): Promise<SubscribeResult> {
  const mailbox = mailboxKey(email);
  return db.transaction().execute(async (trx) => {
    // Sign-ups of one mailbox queue here until the first one commits (released at commit).
    await sql`select pg_advisory_xact_lock(hashtextextended(${`newsletter:${mailbox}`}, 0))`.execute(trx);
    const known = await trx
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where(sql`public.mailbox_key(email)`, '=', mailbox)
      .execute();
    if (known.length > 0) {
      await trx
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: null })
        .where(sql`public.mailbox_key(email)`, '=', mailbox)
        .where('unsubscribed_at', 'is not', null)
        .execute();
      return { created: false, mailIds: [] };
    }
    // lower(email) is unique too; it can only clash where lower() folds more than A-Z.
    const inserted = await trx
      .insertInto('newsletter_subscribers')
      .values({ email })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { created: false, mailIds: [] };

    // A mailbox whose subscriber row was removed keeps the code it was sent: no second one.
    const earlier = await trx
      .selectFrom('discount_codes')
      .select('id')
      .where(sql`public.mailbox_key(email)`, '=', mailbox)
      .orderBy('created_at')
      .executeTakeFirst();
    if (earlier) {
      await trx
        .updateTable('newsletter_subscribers')
        .set({ discount_code_id: earlier.id })
        .where('id', '=', inserted.id)
        .execute();
      return { created: false, mailIds: [] };
    }

    const discount = await createWelcomeCode(trx, email);
    await trx
      .updateTable('newsletter_subscribers')
      .set({ discount_code_id: discount.id })
      .where('id', '=', inserted.id)
      .execute();
    const site = options.siteUrl.replace(/\/+$/, '');
    const mailId = await enqueueMail(trx, {
      template: 'newsletter-welcome',
      to: email,
      values: {
        discountCode: discount.code,
        shopUrl: `${site}/`,
        unsubscribeUrl: `${site}/newsletter/unsubscribe?token=${inserted.id}`,
      },
    });
    return { created: true, mailIds: mailId ? [mailId] : [] };
  });
}

async function createWelcomeCode(trx: Kysely<Database>, email: string) {
  // Codes are unique on upper(code); a clash (one in hundreds of millions) just draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await trx
      .insertInto('discount_codes')
      .values({
        code: welcomeCode(),
        name: `Newsletter welcome: ${email}`.slice(0, 200),
        type: 'percentage',
        amount_cents: WELCOME_DISCOUNT_BASIS_POINTS,
        max_uses: 1,
        email,
      })
      .onConflict((oc) => oc.expression(sql`upper(code)`).doNothing())
      .returning(['id', 'code'])
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error('could not draw a unique welcome code');
}

/**
 * The unsubscribe link of the welcome e-mail carries the subscriber's id (a random UUID, not
 * guessable). Answers whether the token names a subscriber; unsubscribing twice is harmless.
 */
export async function unsubscribe(db: Kysely<Database>, token: string): Promise<boolean> {
  if (!isUuid(token)) return false;
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({ unsubscribed_at: sql`coalesce(unsubscribed_at, now())` })
    .where('id', '=', token)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether a token names a subscriber (the confirmation page checks before offering the button). */
export async function isSubscriberToken(db: Kysely<Database>, token: string): Promise<boolean> {
  if (!isUuid(token)) return false;
  const row = await db.selectFrom('newsletter_subscribers').select('id').where('id', '=', token).executeTakeFirst();
  return Boolean(row);
}
