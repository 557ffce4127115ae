import type { Kysely } from 'kysely';
import type { QuoteRequestInput } from '../../lib/quotes/quote-request-schema.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  type CheckedRequestFile,
  claimUploadForRequest,
  forgetRequestFile,
  insertRequestFile,
  storeRequestFile,
} from './request-artwork.ts';

export interface StoredQuoteRequest {
  id: string;
  reference: string;
  mailIds: string[];
}

/**
 * Stores a quote request (docs/decisions/0017-quotes.md) and queues its two e-mails in the same transaction: the
 * customer's acknowledgement with the reference number, and the shop's copy (reply-to the
 * customer) with every detail. The catalogue item the page was opened from is linked when it
 * still exists.
 */
export async function submitQuoteRequest(
  db: Kysely<Database>,
  input: QuoteRequestInput,
  options: { shopEmail: string; file?: CheckedRequestFile | null },
): Promise<StoredQuoteRequest> {
  const file = options.file ?? null;
  if (file) await storeRequestFile(file);
  try {
    return await store(db, input, options.shopEmail, file);
  } catch (error) {
    if (file) await forgetRequestFile(file);
    throw error;
  }
}

async function store(
  db: Kysely<Database>,
  input: QuoteRequestInput,
  shopEmail: string,
  file: CheckedRequestFile | null,
): Promise<StoredQuoteRequest> {
  return atomically(db, async (trx) => {
    const product = input.product
      ? await trx.selectFrom('products').select('id').where('slug', '=', input.product).executeTakeFirst()
      : undefined;
    const service = input.service
      ? await trx.selectFrom('services').select('id').where('slug', '=', input.service).executeTakeFirst()
      : undefined;
    const row = await trx
      .insertInto('quote_requests')
      .values({
        what: input.what,
        product_id: product?.id ?? null,
        service_id: service?.id ?? null,
        quantity: input.quantity,
        sizes: input.sizes ?? null,
        colors: input.colors ?? null,
        print_locations: input.printLocations ?? null,
        in_hands_date: input.inHandsDate ?? null,
        budget: input.budget ?? null,
        notes: input.notes ?? null,
        full_name: input.fullName,
        email: input.emailAddress,
        phone: input.phone ?? null,
      })
      .returning(['id', 'reference'])
      .executeTakeFirstOrThrow();
    if (file) await insertRequestFile(trx, file, { quoteRequestId: row.id });
    if (input.artworkId && input.artworkOwner) {
      await claimUploadForRequest(trx, { artworkId: input.artworkId, ownerToken: input.artworkOwner }, row.id);
    }
    const values = {
      reference: row.reference,
      what: input.what,
      quantity: input.quantity,
      sizes: input.sizes ?? '—',
      colors: input.colors ?? '—',
      printLocations: input.printLocations ?? '—',
      inHandsDate: input.inHandsDate ?? '—',
      budget: input.budget ?? '—',
      notes: input.notes ?? '',
      artwork: file || input.artworkId ? 'sent with the request (in the Quotes tab)' : 'none sent',
      fullName: input.fullName,
      emailAddress: input.emailAddress,
      phone: input.phone ?? '',
    };
    const mailIds = [
      await enqueueMail(trx, { template: 'quote-request-received', to: input.emailAddress, values }),
      await enqueueMail(trx, {
        template: 'quote-request-notification',
        to: shopEmail,
        replyTo: input.emailAddress,
        values,
      }),
    ].filter((id): id is string => id !== null);
    return { id: row.id, reference: row.reference, mailIds };
  });
}
