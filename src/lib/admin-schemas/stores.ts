import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';
import { LOCAL_DATE_TIME } from '../site/shop-time.ts';
import { z } from '../zod.ts';
import { idSchema, nameSchema, toNumber } from './fields.ts';

/**
 * The owner's store setup (docs/decisions/0030-team-stores.md), shared by the Stores tab and
 * /api/admin/stores. Money is whole cents (the tab types dollars); the open and close are typed on the shop's clock
 * ('YYYY-MM-DDTHH:mm', America/Chicago) and answered as instants. A store open longer than
 * STORE_MAX_OPEN_DAYS is refused: shops run them 3 to 14 days, and buyers wait for the close.
 */
export const STORE_MAX_OPEN_DAYS = 30;
export const STORE_MAX_DESIGNS = 20;

const int = (message: string, min: number, max: number, range: string) =>
  z.preprocess(toNumber, z.number(message).int(message).min(min, range).max(max, range));

const cents = (what: string, min = 0) =>
  z.preprocess(
    toNumber,
    z
      .number(`Type ${what} in dollars.`)
      .int('Use whole cents: at most two decimals.')
      .min(min, min > 0 ? `${what[0]!.toUpperCase()}${what.slice(1)} is more than $0.00.` : 'Must be $0.00 or more.')
      .max(10_000_000, 'That amount is too large.'),
  );

const shopDateTime = (what: string) =>
  z.string(`Type when the store ${what}.`).regex(LOCAL_DATE_TIME, `Type the date and time the store ${what}.`);

const email = z
  .string('Type the organiser’s e-mail address.')
  .trim()
  .max(EMAIL_MAX_LENGTH, 'That address is too long.')
  .regex(EMAIL_PATTERN, 'Type one e-mail address, e.g. coach@school.org.');

/** A print location of the design's product, with its artwork and the inputs its price list asks. */
const locationSchema = z.strictObject({
  code: z.string('Choose a print location.').trim().min(1, 'Choose a print location.').max(40),
  /** A checked upload: one already on this store, or a new one claimed with the admin browser's owner token. */
  artwork_id: idSchema.nullable().optional(),
  owner_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not a valid owner token.')
    .optional(),
  colors: int('Type the number of ink colours.', 1, 40, 'Use 1 to 40 ink colours.').nullable().optional(),
  stitches: int('Type the stitch count.', 1, 1_000_000, 'Use 1 to 1,000,000 stitches.').nullable().optional(),
  print_size: z.string().trim().max(40).nullable().optional(),
});

const personaliseName = z.strictObject({
  price_cents: cents('the name’s price'),
  max_length: int('Type the longest name, in letters.', 1, 20, 'A name is 1 to 20 letters at most.'),
});
const personaliseNumber = z.strictObject({
  price_cents: cents('the number’s price'),
  max_digits: int('Type the most digits a number has.', 1, 3, 'A number has 1 to 3 digits at most.'),
});

const ids = (what: string) =>
  z
    .array(idSchema, `Choose the ${what} offered.`)
    .max(100)
    .refine((list) => new Set(list).size === list.length, `The same ${what.replace(/s$/, '')} is listed twice.`);

export const storeDesignSchema = z
  .strictObject({
    product_id: idSchema,
    name: nameSchema(120),
    price_cents: cents('the price', 1),
    /** Raised per piece: a fixed amount or a share of the price (basis points, 1000 = 10 %), never both. */
    fundraising_cents: cents('the fundraising amount').nullable().optional(),
    fundraising_bp: int('Type the share as a percentage.', 0, 10_000, 'A share is 0 % to 100 %.').nullable().optional(),
    color_ids: ids('colours'),
    size_ids: ids('sizes'),
    locations: z
      .array(locationSchema, 'Add a print location.')
      .min(1, 'Add a print location.')
      .max(10)
      .refine((l) => new Set(l.map((x) => x.code)).size === l.length, 'The same location is listed twice.'),
    personalise_name: personaliseName.nullable().optional(),
    personalise_number: personaliseNumber.nullable().optional(),
  })
  .superRefine((d, ctx) => {
    if (d.fundraising_cents != null && d.fundraising_bp != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['fundraising_bp'],
        message: 'Raise a fixed amount or a share of the price, not both.',
      });
    }
    if (d.fundraising_cents != null && d.fundraising_cents > d.price_cents) {
      ctx.addIssue({
        code: 'custom',
        path: ['fundraising_cents'],
        message: 'The fundraising amount is at most the price of a piece.',
      });
    }
  });

/** A store's page: listed, or reached by its private link. */
export const STORE_VISIBILITIES = ['public', 'private'] as const;
export type StoreVisibility = (typeof STORE_VISIBILITIES)[number];
/** What happens to a design's orders when it misses its minimum. */
export const STORE_MISSED_MINIMUMS = ['refund', 'print_anyway'] as const;
export type StoreMissedMinimum = (typeof STORE_MISSED_MINIMUMS)[number];
export const STORE_DELIVERIES = ['ship', 'organiser'] as const;
export type StoreDelivery = (typeof STORE_DELIVERIES)[number];
export const STORE_STATUSES = ['draft', 'proof_sent', 'approved', 'closed'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** The shortest store password the shop accepts. */
export const STORE_PASSWORD_MIN_LENGTH = 8;

const storeFields = {
  name: nameSchema(120),
  organiser_name: z
    .string('Type the organiser’s name.')
    .trim()
    .min(1, 'Type the organiser’s name.')
    .max(120, 'Use at most 120 characters.'),
  organiser_email: email,
  visibility: z.enum(STORE_VISIBILITIES, 'Choose a public page or a private link.'),
  /**
   * A new password; null removes it; left out keeps the one set. At least 8 characters: a short
   * one is guessed (docs/decisions/0041-password-checks.md).
   */
  password: z
    .string()
    .min(STORE_PASSWORD_MIN_LENGTH, `A store password has at least ${STORE_PASSWORD_MIN_LENGTH} characters.`)
    .max(100, 'Use at most 100 characters.')
    .nullable(),
  opens_at: shopDateTime('opens'),
  closes_at: shopDateTime('closes'),
  minimum_per_design: int('Type the minimum, in pieces.', 1, 10_000, 'The minimum is 1 to 10,000 pieces.'),
  missed_minimum: z.enum(STORE_MISSED_MINIMUMS, 'Choose what happens when a design misses its minimum.'),
  delivery: z.enum(STORE_DELIVERIES, 'Choose how the pieces are delivered.'),
  delivery_days_min: int('Type a number of days.', 0, 90, 'Use 0 to 90 days.'),
  delivery_days_max: int('Type a number of days.', 0, 120, 'Use 0 to 120 days.'),
  designs: z
    .array(storeDesignSchema, 'Add a design.')
    .min(1, 'Add a design from the catalogue.')
    .max(STORE_MAX_DESIGNS, `A store has at most ${STORE_MAX_DESIGNS} designs.`),
};

export const storeCreateSchema = z.strictObject(storeFields).partial({
  visibility: true,
  password: true,
  missed_minimum: true,
  delivery: true,
  delivery_days_min: true,
  delivery_days_max: true,
  minimum_per_design: true,
});

/** An edit sends the fields it changes; once approved, only closes_at (the server says so, 409). */
export const storeUpdateSchema = z.strictObject(storeFields).partial().extend({ id: idSchema.optional() });

export type StoreCreate = z.infer<typeof storeCreateSchema>;
export type StoreUpdate = z.infer<typeof storeUpdateSchema>;
export type StoreDesignInput = z.infer<typeof storeDesignSchema>;

export interface AdminStoreLocation {
  code: string;
  name: string;
  artwork_id: string | null;
  /** The file's name as uploaded, when there is one. */
  artwork_name: string | null;
  colors: number | null;
  stitches: number | null;
  print_size: string | null;
}

export interface AdminStoreDesign {
  id: string;
  product_id: string;
  product_name: string;
  name: string;
  price_cents: number;
  fundraising_cents: number | null;
  fundraising_bp: number | null;
  color_ids: string[];
  size_ids: string[];
  locations: AdminStoreLocation[];
  personalise_name: { price_cents: number; max_length: number } | null;
  personalise_number: { price_cents: number; max_digits: number } | null;
  /** Pieces sold on paid buyer orders. */
  sold: number;
}

export type AdminStoreStatus = StoreStatus;

/** A row of GET /api/admin/stores; GET /api/admin/stores/:id adds the designs. */
export interface AdminStoreSummary {
  id: string;
  slug: string;
  name: string;
  organiser_name: string;
  organiser_email: string;
  visibility: StoreVisibility;
  has_password: boolean;
  opens_at: string;
  closes_at: string;
  minimum_per_design: number;
  missed_minimum: StoreMissedMinimum;
  delivery: StoreDelivery;
  delivery_days_min: number;
  delivery_days_max: number;
  status: AdminStoreStatus;
  approved_at: string | null;
  extended_at: string | null;
  closed_at: string | null;
  /** Each design's name and pieces sold, for "18 of 24" in the list. */
  progress: { design_id: string; name: string; sold: number }[];
}

export interface AdminStore extends AdminStoreSummary {
  designs: AdminStoreDesign[];
}
