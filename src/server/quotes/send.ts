import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { atomically } from '../db/transaction.ts';
import { shopToday } from '../catalog/collection-window.ts';
import { Conflict } from '../errors.ts';
import { lockQuoteRequest } from './lock.ts';
import { queueQuoteMail } from './quote-mail.ts';
import { isoDay } from './revisions.ts';

/** A payment of this quote that is open (pending, not past its hold) or done. */
export function liveOrderOf(trx: Kysely<Database>, quoteRequestId: string) {
  return trx
    .selectFrom('orders')
    .select(['id', 'status', 'payment_session_id', 'checkout_url', 'expires_at'])
    .where('quote_request_id', '=', quoteRequestId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'paid'),
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', sql<Date>`now()`)]),
      ]),
    )
    .executeTakeFirst();
}

const payingNow = () =>
  new Conflict(
    'quote_being_paid',
    'The customer has the payment page of this quote open. Try again when that payment is done or its 30 minutes are up.',
  );

/**
 * Sends the newest revision to the customer (docs/decisions/0017-quotes.md), or sends the same one again: the quote
 * becomes "quoted" and the customer gets the quote-ready e-mail with the signed link. Refused
 * (409) when there is no revision, its valid-until date is past, the quote is paid, or the
 * customer is on the payment page of the revision sent before.
 */
export async function sendQuote(db: Kysely<Database>, requestId: string): Promise<{ mailIds: string[] }> {
  return atomically(db, async (trx) => {
    const request = await lockQuoteRequest(trx, requestId);
    if (request.status === 'accepted') throw new Conflict('quote_paid', 'This quote was accepted and paid already.');
    const newest = await trx
      .selectFrom('quote_revisions')
      .selectAll()
      .select(sql<boolean>`valid_until < ${shopToday()}`.as('past'))
      .where('quote_request_id', '=', requestId)
      .orderBy('number', 'desc')
      .executeTakeFirst();
    if (!newest) throw new Conflict('no_revision', 'Save the quote before sending it.');
    if (newest.past) {
      throw new Conflict('quote_past_valid_until', 'Its valid-until date is past: save a revision with a later date.');
    }
    const live = await liveOrderOf(trx, requestId);
    if (live?.status === 'pending' && request.sent_revision_id !== newest.id) throw payingNow();
    await trx
      .updateTable('quote_requests')
      .set({
        status: 'quoted',
        sent_revision_id: newest.id,
        sent_at: sql<Date>`now()`,
        decline_reason: null,
        answered_at: null,
        expiry_reminded_at: null,
      })
      .where('id', '=', requestId)
      .execute();
    const mailId = await queueQuoteMail(trx, request, 'quote-ready', {
      total_cents: newest.total_cents,
      valid_until: isoDay(newest.valid_until),
      message: newest.message,
    });
    return { mailIds: mailId ? [mailId] : [] };
  });
}

/**
 * The owner takes a quote back (docs/decisions/0017-quotes.md): its page says so and it cannot be
 * paid. 409 once paid or while being paid.
 */
export async function withdrawQuote(db: Kysely<Database>, requestId: string): Promise<void> {
  await atomically(db, async (trx) => {
    const request = await lockQuoteRequest(trx, requestId);
    if (request.status === 'accepted') throw new Conflict('quote_paid', 'This quote was accepted and paid already.');
    if (request.status === 'withdrawn') return;
    if ((await liveOrderOf(trx, requestId))?.status === 'pending') throw payingNow();
    await trx.updateTable('quote_requests').set({ status: 'withdrawn' }).where('id', '=', requestId).execute();
  });
}
