import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { SHOP } from '../../lib/site.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** Spec §9: 10% off the first order, as basis points. */
export const WELCOME_DISCOUNT_BASIS_POINTS = 1000;
// No 0/O, 1/I/L: the code is read off an e-mail and typed into the cart.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * Puts an address on the mailing list, once: the row is unique on lower(email), so signing up
 * again (or twice at the same moment) changes nothing, except that an address that had
 * unsubscribed is subscribed again. A new subscriber gets a personal single-use 10% code
 * (discount_codes.email, max_uses 1) and the welcome e-mail, queued in the same transaction.
 * The caller answers the same either way, so the endpoint tells nobody who is subscribed.
 */
export async function subscribe(
  db: Kysely<Database>,
  email: string,
  options: { siteUrl: string },
): Promise<SubscribeResult> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('newsletter_subscribers')
      .values({ email })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      await trx
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: null })
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('unsubscribed_at', 'is not', null)
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
        shopName: SHOP.name,
        discountCode: discount.code,
        shopUrl: `${site}/`,
        unsubscribeUrl: `${site}/api/newsletter/unsubscribe?token=${inserted.id}`,
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
  if (!UUID.test(token)) return false;
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
  if (!UUID.test(token)) return false;
  const row = await db.selectFrom('newsletter_subscribers').select('id').where('id', '=', token).executeTakeFirst();
  return Boolean(row);
}
