import { chosenAreaSchema, fulfillmentSchema, listCode, shippingSpeedSchema } from '../cart/checkout-schema.ts';
import { oneLineText } from '../forms/one-line.ts';
import { BALANCE_DUE, type BalanceDue } from '../orders/order-balance.ts';
import type { PricedQuoteLine } from '../quotes/quote-pricing.ts';
import { z } from '../zod.ts';
import type { QuoteStatus } from './quote-statuses.ts';

const DAY_MS = 86_400_000;
const cents = (max: number, label: string) =>
  z
    .number(`Enter ${label} in cents.`)
    .int(`Enter ${label} in whole cents.`)
    .min(0, `${label[0]?.toUpperCase()}${label.slice(1)} cannot be negative.`)
    .max(max, `That ${label} is too large.`);
const quantity = z
  .number('Enter how many.')
  .int('Enter a whole number of pieces.')
  .min(1, 'At least 1 piece.')
  .max(100_000, 'At most 100,000 pieces on one line.');
const oneLine = oneLineText;

const locationCode = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a print location.');

/**
 * A chosen location's pricing inputs on a product priced by lists (docs/decisions/0027-price-lists.md): ink colours,
 * the stitch count (the owner may type the digitizer's exact count) or the print size's code.
 * The server checks them against the location's list.
 */
const locationInputs = z.strictObject({
  colors: z.int('Enter a whole number of ink colours.').min(1, 'At least 1 ink colour.').max(40).optional(),
  stitches: z
    .int('Enter the stitch count as a whole number.')
    .min(1, 'Enter the stitch count as a whole number above 0.')
    .max(1_000_000, 'At most 1,000,000 stitches.')
    .optional(),
  printSize: listCode.optional(),
});

/**
 * A line priced from the catalogue: the product's tiers and the chosen print locations, or for a
 * product priced by the owner's lists, its lists with each location's inputs, the area and
 * whether the garment is dark.
 */
const productLine = z.strictObject({
  kind: z.literal('product'),
  product_id: z.uuid('Choose a product.'),
  quantity,
  locations: z
    .array(locationCode)
    .max(8, 'At most 8 print locations.')
    .refine((codes) => new Set(codes).size === codes.length, 'Each location once.')
    .default([]),
  location_inputs: z.record(locationCode, locationInputs).optional(),
  area: chosenAreaSchema.nullable().optional(),
  dark_garment: z.boolean().default(false),
  note: oneLine(200, 'Describe the line.').nullable().optional(),
});

/** A line the owner prices by hand: a banner run, a wrap, numbered jerseys. */
const customLine = z.strictObject({
  kind: z.literal('custom'),
  description: oneLine(200, 'Describe the line.'),
  quantity,
  unit_price_cents: cents(10_000_000, 'price per piece'),
  setup_fee_cents: cents(10_000_000, 'setup fee').default(0),
});

/**
 * POST /api/quote-requests/{id}/revisions: a new revision of the quote (docs/decisions/0017-quotes.md). The server
 * prices it (the lines' amounts, shipping, tax and total); a price sent here is not taken.
 */
export const quoteRevisionSchema = z.strictObject({
  lines: z
    .array(z.discriminatedUnion('kind', [productLine, customLine], 'Each line is a product or a custom line.'))
    .min(1, 'Add at least one line.')
    .max(50, 'At most 50 lines.'),
  discount_cents: cents(100_000_000, 'discount').default(0),
  /** A rush option of the products' turnaround list (docs/decisions/0027-price-lists.md); null or absent: standard. */
  rush: listCode.nullable().optional(),
  fulfillment: fulfillmentSchema,
  shipping_speed: shippingSpeedSchema.nullable().optional(),
  valid_until: z.iso
    .date('Choose the last day the quote is valid.')
    .refine((day) => Date.parse(day) >= Date.now() - DAY_MS, 'Choose a date from today on.')
    .refine((day) => Date.parse(day) <= Date.now() + 366 * DAY_MS, 'At most a year ahead.'),
  message: z.string().trim().max(2000, 'Use at most 2000 characters.').nullable().optional(),
  /**
   * The share of the total paid on Accept (docs/decisions/0029-deposits.md); the editor offers the shop's default.
   * Absent: 100, the whole quote, as before deposits.
   */
  deposit_percent: z
    .number('Enter the deposit as a percentage.')
    .int('Enter the deposit as a whole percentage.')
    .min(1, 'A deposit is at least 1 %.')
    .max(100, 'At most 100 % (the whole quote).')
    .default(100),
  /** When the balance is asked: when the job is ready, or before printing. */
  balance_due: z.enum(BALANCE_DUE, 'Choose when the balance is due.').default('ready'),
});
export type QuoteRevisionInput = z.infer<typeof quoteRevisionSchema>;

/** POST /api/quote-requests/{id}/send: send (or resend) the newest revision, or withdraw the quote. */
export const quoteActionSchema = z.strictObject({
  action: z.enum(['send', 'withdraw'], 'Action must be send or withdraw.'),
});

/** A saved revision as the Quotes tab shows it. */
export interface AdminQuoteRevision {
  id: string;
  number: number;
  lines: PricedQuoteLine[];
  fulfillment: 'shipping' | 'local';
  shipping_speed: 'standard' | 'express' | 'overnight' | null;
  discount_cents: number;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  valid_until: string;
  message: string | null;
  /** The share paid on Accept, in percent (100: the whole quote). */
  deposit_percent: number;
  /** What Accept charges (null: the total). */
  deposit_cents: number | null;
  balance_due: BalanceDue;
  created_at: string;
  /** This revision is the one the customer was sent last. */
  sent: boolean;
}

/** The quote side of a request: revisions (newest first), what was sent, the answer, the order. */
export interface AdminQuote {
  status: QuoteStatus;
  revisions: AdminQuoteRevision[];
  sent_at: string | null;
  decline_reason: string | null;
  answered_at: string | null;
  order: { id: string; order_number: string; status: string } | null;
  artwork: { id: string; file_name: string; content_type: string | null; byte_size: number | null }[];
}
