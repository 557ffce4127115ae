/** Where a quote request stands (docs/decisions/0017-quotes.md), for the Quotes tab's filter and the quote's API. */
export const QUOTE_STATUSES = ['new', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
