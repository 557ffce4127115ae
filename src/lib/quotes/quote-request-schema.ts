import * as z from 'zod/mini';
import { emailField, formObjectError } from '../forms/newsletter-schema.ts';

/**
 * Limits of the quote request form (docs/decisions/0017-quotes.md), shared by the page, the schema
 * and the database.
 */
export const QUOTE_LIMITS = {
  what: 200,
  quantity: 100_000,
  sizes: 500,
  colors: 200,
  printLocations: 300,
  budget: 60,
  notes: 5000,
  name: 200,
  phone: 40,
} as const;

export const QUOTE_MESSAGES = {
  whatRequired: 'Tell us what you need printed',
  quantityRequired: 'Enter how many you need',
  quantityInvalid: `Enter a whole number from 1 to ${QUOTE_LIMITS.quantity.toLocaleString('en-US')}`,
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  phoneInvalid: 'Use digits, spaces and + ( ) - only',
  dateInvalid: 'Choose a date from today to a year ahead',
  tooLong: (max: number) => `Use at most ${max} characters`,
  oneLine: 'Keep this on one line',
} as const;

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const oneLine = (v: string) => !/[\r\n\u2028\u2029]/.test(v);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional free-text field: blank is left out, the rest trimmed and bounded. */
const optionalText = (max: number, singleLine = true) =>
  z.optional(
    z.pipe(
      z.transform(blankToUndefined),
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(max, QUOTE_MESSAGES.tooLong(max)),
          z.refine((v: string) => !singleLine || oneLine(v), QUOTE_MESSAGES.oneLine),
        ),
      ),
    ),
  );

/** The slug of the catalogue item the page was opened from; blank when it was not. */
const optionalSlug = z.optional(
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a catalogue item'), z.maxLength(120))),
  ),
);

/**
 * POST /api/quote-requests: a request for a quote on a custom job (docs/decisions/0017-quotes.md), from the /quote
 * page as a plain form post (strings) or JSON. Quantity comes as digits; the in-hands date as
 * YYYY-MM-DD from today to a year ahead; product or service names the catalogue item the page
 * was opened from (a slug), when it was.
 */
export const quoteRequestSchema = z.strictObject(
  {
    what: z
      .string({ error: QUOTE_MESSAGES.whatRequired })
      .check(
        z.trim(),
        z.minLength(1, QUOTE_MESSAGES.whatRequired),
        z.maxLength(QUOTE_LIMITS.what, QUOTE_MESSAGES.tooLong(QUOTE_LIMITS.what)),
        z.refine(oneLine, QUOTE_MESSAGES.oneLine),
      ),
    quantity: z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v)),
      z
        .int({
          error: (issue) =>
            issue.input === undefined || issue.input === ''
              ? QUOTE_MESSAGES.quantityRequired
              : QUOTE_MESSAGES.quantityInvalid,
        })
        .check(
          z.minimum(1, QUOTE_MESSAGES.quantityInvalid),
          z.maximum(QUOTE_LIMITS.quantity, QUOTE_MESSAGES.quantityInvalid),
        ),
    ),
    sizes: optionalText(QUOTE_LIMITS.sizes),
    colors: optionalText(QUOTE_LIMITS.colors),
    printLocations: optionalText(QUOTE_LIMITS.printLocations),
    inHandsDate: z.optional(
      z.pipe(
        z.transform(blankToUndefined),
        z.optional(
          z.iso.date({ error: QUOTE_MESSAGES.dateInvalid }).check(
            z.refine((day) => Date.parse(day) >= Date.now() - DAY_MS, QUOTE_MESSAGES.dateInvalid),
            z.refine((day) => Date.parse(day) <= Date.now() + 366 * DAY_MS, QUOTE_MESSAGES.dateInvalid),
          ),
        ),
      ),
    ),
    budget: optionalText(QUOTE_LIMITS.budget),
    notes: optionalText(QUOTE_LIMITS.notes, false),
    product: optionalSlug,
    service: optionalSlug,
    /** A checked upload the page's script sent straight to storage, and this browser's owner token. */
    artworkId: z.optional(
      z.pipe(
        z.transform(blankToUndefined),
        z.optional(z.string().check(z.regex(UUID, 'Choose the file again'), z.toLowerCase())),
      ),
    ),
    artworkOwner: z.optional(
      z.pipe(
        z.transform(blankToUndefined),
        z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, 'Choose the file again'))),
      ),
    ),
    fullName: z
      .string({ error: QUOTE_MESSAGES.nameRequired })
      .check(
        z.trim(),
        z.minLength(1, QUOTE_MESSAGES.nameRequired),
        z.maxLength(QUOTE_LIMITS.name, QUOTE_MESSAGES.tooLong(QUOTE_LIMITS.name)),
        z.refine(oneLine, QUOTE_MESSAGES.oneLine),
      ),
    emailAddress: emailField(QUOTE_MESSAGES.emailRequired, QUOTE_MESSAGES.emailInvalid),
    phone: z.optional(
      z.pipe(
        z.transform(blankToUndefined),
        z.optional(
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(QUOTE_LIMITS.phone, QUOTE_MESSAGES.tooLong(QUOTE_LIMITS.phone)),
              z.regex(/^[0-9+()\-. ]+$/, QUOTE_MESSAGES.phoneInvalid),
            ),
        ),
      ),
    ),
  },
  formObjectError,
);

export type QuoteRequestInput = z.infer<typeof quoteRequestSchema>;
