import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { readShopDetails } from '../settings/shop-settings.ts';
import { isPermanentFailure, type MailTransport } from './transport.ts';

export const MAX_ATTEMPTS = 6;
/** First retry after 1 minute, then 3, 9, 27, 81: about two hours before giving up. */
export const RETRY_BASE_MS = 60_000;
const RETRY_FACTOR = 3;
/** A claimed row whose sender died is claimable again after this long (at-least-once delivery). */
const LEASE_MS = 5 * 60_000;

export interface SendOptions {
  /** Only these rows (the mail a request just queued); default: anything due. */
  ids?: readonly string[];
  /** Rows per run; a scheduled run has a time limit. */
  limit?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
}

export interface SendReport {
  sent: number;
  /** Failed this time, queued again for later. */
  retrying: number;
  /** Failed for good (out of attempts, or refused permanently by the server). */
  failed: number;
}

/** Delay before the next try after `attempts` failed ones: base × 3^(attempts-1). */
export function retryDelayMs(attempts: number, base = RETRY_BASE_MS): number {
  return base * RETRY_FACTOR ** Math.max(0, attempts - 1);
}

/**
 * Sends due outbox rows. Each row is first claimed in a short transaction (status sending,
 * attempts + 1, a lease in next_attempt_at) with `for update skip locked`, so concurrent senders
 * (a scheduled run and a request's own send) never take the same row; then sent outside any
 * transaction; then marked sent, or queued again with exponential backoff, or failed once the
 * attempts run out. The message, order or subscriber a mail is about is never touched here.
 */
export async function sendQueuedMail(
  db: Kysely<Database>,
  transport: MailTransport,
  options: SendOptions = {},
): Promise<SendReport> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  if (options.ids && options.ids.length === 0) return report;

  await expireAbandoned(db, maxAttempts);
  const claimed = await db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('email_outbox')
      .select('id')
      .where('status', 'in', ['queued', 'sending'])
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where('attempts', '<', maxAttempts)
      .orderBy('next_attempt_at')
      .limit(options.limit ?? 50)
      .forUpdate()
      .skipLocked();
    if (options.ids) due = due.where('id', 'in', [...options.ids]);
    return trx
      .updateTable('email_outbox')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        next_attempt_at: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      })
      .where('id', 'in', due)
      .returning(['id', 'to_address', 'reply_to', 'subject', 'text_body', 'html_body', 'attempts', 'created_at'])
      .execute();
  });
  // RETURNING keeps no order: sent in the order queued, a confirmation goes before what follows it.
  claimed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  // The sender's name is the shop's as Shop settings holds it now (issue 44).
  const fromName = claimed.length > 0 ? (await readShopDetails(db)).name : '';

  for (const row of claimed) {
    try {
      await transport.send({
        id: row.id,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        fromName,
      });
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: sql`now()`, last_error: null })
        .where('id', '=', row.id)
        .execute();
      report.sent += 1;
    } catch (error) {
      const message = describe(error);
      const giveUp = row.attempts >= maxAttempts || isPermanentFailure(error);
      const delay = retryDelayMs(row.attempts, options.retryBaseMs);
      await db
        .updateTable('email_outbox')
        .set({
          status: giveUp ? 'failed' : 'queued',
          last_error: message.slice(0, 1000),
          ...(giveUp ? {} : { next_attempt_at: sql`now() + ${`${delay} milliseconds`}::interval` }),
        })
        .where('id', '=', row.id)
        .execute();
      if (giveUp) report.failed += 1;
      else report.retrying += 1;
      console.error(
        `[mail] ${row.id} to ${row.to_address}: attempt ${row.attempts} failed (${message})${
          giveUp ? '; giving up' : `; next try in ${Math.round(delay / 1000)} s`
        }`,
      );
    }
  }
  return report;
}

/** Rows claimed by a sender that died mid-send on their last attempt: failed, with the reason. */
async function expireAbandoned(mdb: Kysely<Database>, maxAttempts: number) {
  await mdb
    .updateTable('email_outbox')
    .set({ status: 'failed', last_error: 'the sender stopped while sending the last attempt' })
    .where('status', '=', 'sending')
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .where('attempts', '>=', maxAttempts)
    .execute();
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
