import { z } from '../zod.ts';
import { optionalQuery, queryInt } from './fields.ts';
import type { AdminQuote } from './quote-revisions.ts';
import { QUOTE_STATUSES, type QuoteStatus } from './quote-statuses.ts';

/** GET /api/quote-requests: newest first, a page at a time, by status and by who or which. */
export const quoteRequestsQuerySchema = z.object({
  limit: queryInt(1, 100, 20),
  offset: queryInt(0, 1_000_000, 0),
  status: optionalQuery(z.enum(QUOTE_STATUSES, `Status must be one of ${QUOTE_STATUSES.join(', ')}.`)),
  /** A reference (Q-1001), or part of the customer's name or e-mail address. */
  q: optionalQuery(z.string().trim().max(200, 'Use at most 200 characters.')),
});
export type QuoteRequestsQuery = z.infer<typeof quoteRequestsQuerySchema>;

/** A quote request as the Quotes tab shows it (docs/decisions/0017-quotes.md). */
export interface AdminQuoteRequest {
  id: string;
  reference: string;
  status: QuoteStatus;
  what: string;
  quantity: number;
  sizes: string | null;
  colors: string | null;
  print_locations: string | null;
  in_hands_date: string | null;
  budget: string | null;
  notes: string | null;
  full_name: string;
  email: string;
  phone: string | null;
  /** The catalogue item the request was made from, if any. */
  product: { id: string; name: string; slug: string } | null;
  service: { id: string; name: string; slug: string } | null;
  created_at: string;
}

/** One request with its quote (GET /api/quote-requests/{id}). */
export interface AdminQuoteRequestDetail extends AdminQuoteRequest {
  quote: AdminQuote;
  /** The shop's deposit share (Payments settings) a new quote's editor starts at. */
  default_deposit_percent: number;
}
