import type { Kysely } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { shopDateWords } from '../../lib/site/shop-time.ts';
import type { Database } from '../db/types.ts';
import { quotePageUrl } from '../links/signed-links.ts';
import { enqueueMail, isDeliverable } from '../mail/outbox.ts';

/** "Tue, Dec 8, 2026": a valid-until date as the customer reads it. */
export const longDay = (day: string) => (day ? shopDateWords(day) : '');

/**
 * Queues a quote's e-mail to its customer (quote ready, expiring tomorrow) on `db`: pass the
 * transaction that records the step. Every one carries the name, reference, what, total, the
 * valid-until date and the signed link to the quote page.
 */
export async function queueQuoteMail(
  db: Kysely<Database>,
  quote: { id: string; reference: string; what: string; full_name: string; email: string },
  template: 'quote-ready' | 'quote-expiring',
  revision: { total_cents: number; valid_until: string; message: string | null },
): Promise<string | null> {
  if (!isDeliverable(quote.email)) return null;
  return enqueueMail(db, {
    template,
    to: quote.email,
    values: {
      fullName: quote.full_name,
      reference: quote.reference,
      what: quote.what,
      total: formatUsd(revision.total_cents),
      message: revision.message ?? '',
      validUntil: longDay(revision.valid_until),
      quoteUrl: quotePageUrl(quote.id),
    },
  });
}
