import { sql } from 'kysely';
import { shopToday } from '../catalog/collection-window.ts';
import { atomically } from '../db/transaction.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { queueQuoteMail } from './quote-mail.ts';
import { isoDay } from './revisions.ts';

const BATCH = 100;

/**
 * Quotes and their valid-until date (docs/decisions/0017-quotes.md), a job of the scheduled sweep: a quote out to
 * its customer whose last valid day is tomorrow gets the "expires tomorrow" e-mail once; one
 * whose last valid day has passed becomes expired (unless its payment page is open: the
 * customer may still finish paying what was valid when they started). Payment checks the date
 * itself, so a quote is never payable late because the sweep has not run yet. The claims are
 * conditional updates, so two sweeps at once send one e-mail.
 */
export const quoteValidity: SweepJob = {
  name: 'quote-validity',
  async run(db) {
    const expired = await db
      .updateTable('quote_requests as q')
      .set({ status: 'expired' })
      .from('quote_revisions as r')
      .whereRef('r.id', '=', 'q.sent_revision_id')
      .where('q.status', '=', 'quoted')
      .where(sql<boolean>`r.valid_until < ${shopToday()}`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('orders as o')
              .select('o.id')
              .whereRef('o.quote_request_id', '=', 'q.id')
              .where('o.status', '=', 'pending')
              .where('o.expires_at', '>', sql<Date>`now()`),
          ),
        ),
      )
      .returning('q.id')
      .execute();

    const due = await db
      .selectFrom('quote_requests as q')
      .innerJoin('quote_revisions as r', 'r.id', 'q.sent_revision_id')
      .select(['q.id'])
      .where('q.status', '=', 'quoted')
      .where('q.expiry_reminded_at', 'is', null)
      .where(sql<boolean>`r.valid_until = ${shopToday()} + 1`)
      .limit(BATCH)
      .execute();
    let reminded = 0;
    for (const { id } of due) {
      const sent = await atomically(db, async (trx) => {
        const quote = await trx
          .updateTable('quote_requests')
          .set({ expiry_reminded_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('status', '=', 'quoted')
          .where('expiry_reminded_at', 'is', null)
          .returning(['id', 'reference', 'what', 'full_name', 'email', 'sent_revision_id'])
          .executeTakeFirst();
        if (!quote?.sent_revision_id) return false;
        const revision = await trx
          .selectFrom('quote_revisions')
          .select(['total_cents', 'valid_until', 'message'])
          .where('id', '=', quote.sent_revision_id)
          .executeTakeFirstOrThrow();
        await queueQuoteMail(trx, quote, 'quote-expiring', { ...revision, valid_until: isoDay(revision.valid_until) });
        return true;
      });
      if (sent) reminded++;
    }
    const notes = [
      expired.length > 0 ? `${expired.length} quote(s) expired` : '',
      reminded > 0 ? `reminded ${reminded} customer(s) their quote expires tomorrow` : '',
    ].filter(Boolean);
    return notes.length > 0 ? notes.join(', ') : null;
  },
};
