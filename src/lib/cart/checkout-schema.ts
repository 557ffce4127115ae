import type { LinePricingWords } from '../pricing/line-words.ts';
import { ownerTokenSchema } from '../artwork/artwork-schema.ts';
import { accountCheckoutSchema } from '../orders/on-account.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';
import { PERSONAL_CODE_MESSAGES } from './personal-code.ts';
import { z } from '../zod.ts';
import type { AppliedDiscount } from '../pricing/applied-discount.ts';
import { taxPlaceSchema } from '../tax/tax-place-schema.ts';

/**
 * Payloads of the checkout calls (docs/decisions/spec-rules.md#s7), shared by the islands that send them and the
 * functions that validate them. A `price_cents` sent by a browser is accepted for
 * compatibility and ignored: the server charges database prices only.
 */
export const fulfillmentSchema = z.enum(['shipping', 'local']);
export const shippingSpeedSchema = z.enum(['standard', 'express', 'overnight']);
/** Ship or Local Handoff: defined once, by its schema. */
export type Fulfillment = z.infer<typeof fulfillmentSchema>;
/** docs/decisions/spec-rules.md#s9 shipping speeds: defined once, by their schema. */
export type ShippingSpeed = z.infer<typeof shippingSpeedSchema>;
const discountCode = z.string().trim().min(1).max(64);

/** The buyer's address, needed with a personal code (the shop's one e-mail rule). */
const checkoutEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, PERSONAL_CODE_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, PERSONAL_CODE_MESSAGES.invalidEmail);

/** A code of an option in a price list (a material, a finishing, a print size, a rush option). */
export const listCode = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not an option of this product.')
  .max(40);

/** A print location chosen for a line, with its artwork (an upload's id) or null: "I'll send it later". */
export const chosenLocationSchema = z.strictObject({
  code: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a print location.')
    .max(40),
  artworkId: z.uuid().nullable().default(null),
  /**
   * The location's pricing inputs (docs/decisions/0027-price-lists.md), read only when its price list asks for them:
   * screen print's ink colours, embroidery's stitch count (from the size chosen in words) and
   * DTG/DTF/heat transfer's print size code. The server checks them against the list.
   */
  colors: z.int().min(1).max(40).optional(),
  stitches: z.int().min(1).max(1_000_000).optional(),
  printSize: listCode.optional(),
});

/** Width × height (inches), material and finishing of a product priced by area (docs/decisions/0027-price-lists.md). */
export const chosenAreaSchema = z.strictObject({
  widthIn: z.number().positive('Enter a width.').max(12_000),
  heightIn: z.number().positive('Enter a height.').max(12_000),
  material: listCode,
  finishing: z
    .array(listCode)
    .max(20)
    .refine((list) => new Set(list).size === list.length, 'Choose each finishing once.')
    .default([]),
});

export const checkoutLineSchema = z.strictObject({
  productId: z.uuid(),
  colorId: z.uuid().nullable().optional(),
  sizeId: z.uuid().nullable().optional(),
  quantity: z.int().min(1).max(999),
  price_cents: z.int().min(0).optional(),
  /**
   * Where to print (docs/decisions/0015-print-ordering.md); each location once. Prices and fees
   * come from the database.
   */
  locations: z
    .array(chosenLocationSchema)
    .max(8)
    .refine((list) => new Set(list.map((l) => l.code)).size === list.length, 'Choose each print location once.')
    .optional(),
  /** The size, material and finishing of a product priced by area; required by such a product. */
  area: chosenAreaSchema.optional(),
});

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date from today (a day's slack for time zones) to a year ahead. */
export const inHandsDateSchema = z.iso
  .date('Enter the date as YYYY-MM-DD.')
  .refine((day) => Date.parse(day) >= Date.now() - DAY_MS, 'Choose a date from today on.')
  .refine((day) => Date.parse(day) <= Date.now() + 366 * DAY_MS, 'Choose a date within a year.');

/** POST /api/cart/checkout */
export const cartCheckoutSchema = z.strictObject({
  cartId: z.uuid().nullable().optional(),
  items: z.array(checkoutLineSchema).min(1, 'Your cart is empty.').max(50),
  fulfillment: fulfillmentSchema,
  shippingSpeed: shippingSpeedSchema.default('standard'),
  discountCode: discountCode.nullable().optional(),
  /** Required with a personal code, and must reach the mailbox it was sent to; otherwise unused. */
  email: checkoutEmail.nullable().optional(),
  /** The browser's artwork owner token: the artwork a line names must be its own uploads. */
  artworkOwner: ownerTokenSchema.nullable().optional(),
  /**
   * When the customer needs the order in hand (docs/decisions/0016-order-workflow.md), optional:
   * from tomorrow to a year ahead.
   */
  inHandsDate: inHandsDateSchema.nullable().optional(),
  /** A rush option of the products' turnaround list (docs/decisions/0027-price-lists.md); null or absent: standard. */
  rush: listCode.nullable().optional(),
  /** Bill a business account with a purchase order instead of paying now (docs/decisions/0029-deposits.md). */
  account: accountCheckoutSchema.optional(),
  /** Where the order ships (state and ZIP), which decides its tax (issue 50); ignored for a pickup. */
  shipTo: taxPlaceSchema.nullable().optional(),
});

/** POST /api/checkout (Buy Now: no promo code, so never a personal one) */
export const buyNowSchema = z.strictObject({
  productId: z.uuid(),
  quantity: z.int().min(1).max(999),
  color_id: z.uuid().nullable().optional(),
  size_id: z.uuid().nullable().optional(),
  fulfillment: fulfillmentSchema,
  shippingSpeed: shippingSpeedSchema.default('standard'),
});

/** POST /api/discount-codes/validate */
export const discountValidateSchema = z.strictObject({ code: discountCode });

/**
 * Answer of POST /api/discount-codes/validate for a usable code: the discount to price the cart
 * with. Every other code (unknown, inactive, used up) gets the same 404 invalid_discount,
 * "That code is invalid or expired.", so the endpoint does not tell which codes exist; more
 * than 20 checks in 10 minutes from one client answer 429 with Retry-After.
 */
export interface DiscountAnswer extends AppliedDiscount {
  /** The code as the shop spells it (matching is case-insensitive). */
  code: string;
  /**
   * True for a personal code (a newsletter welcome code): checkout needs the e-mail address it
   * was sent to. The address itself is never answered, so the endpoint is no oracle for it.
   */
  requires_email: boolean;
}

/**
 * Error codes the checkout calls answer with (in `{ error: { code, message, fields? } }`):
 * 400 invalid_input (fields name the payload path, e.g. `items.0.colorId`), 404 invalid_discount
 * (one message for every unusable code; checkout names the field `discountCode`), 403
 * discount_email_mismatch (a personal code with an address of another mailbox; field `email`;
 * a missing or malformed one is 400 invalid_input on `email`), 404 not_found
 * (unknown session), 409 product_unavailable (unknown or inactive product, colour or size),
 * 409 out_of_stock (fields name the line's quantity, e.g. `items.0.quantity`; the message names
 * each short item and what is left), 503 payment_unavailable (nothing was charged or kept).
 * Both 409s also carry `lines` (ErrorLine: index, productId, colorId, sizeId, available,
 * message) so the cart can offer to set a line to what is left or remove it.
 */
export type CheckoutErrorCode =
  | 'invalid_input'
  | 'invalid_discount'
  | 'discount_email_mismatch'
  | 'not_found'
  | 'product_unavailable'
  | 'out_of_stock'
  | 'payment_unavailable';

/** Answer of both checkout calls: the browser is sent to `url`. */
export interface CheckoutAnswer {
  url: string;
}

/**
 * A piece line of a paid order with print locations, and the artwork attached to each
 * (docs/decisions/0015-print-ordering.md).
 */
export interface OrderDesign {
  /** "City Champ Tourney Tee (Navy, M)" */
  label: string;
  quantity: number;
  locations: { code: string; name: string; artwork_id: string | null; artwork_name: string | null }[];
}

/** One line of the order as bought: a piece line (with what is printed on it), or a print or setup charge. */
export interface ReceiptLine {
  id: string;
  /** order_items.item_type: 'product', 'print_location', 'setup_fee', or a quoted job's line. */
  kind: string;
  /** "City Champ Tourney Tee (Navy, M)", "Front print, City Champ Tourney Tee" */
  description: string;
  quantity: number;
  amount_cents: number;
  /** The print locations of a piece line ("Front", "Back"); [] for anything else. */
  print: string[];
  /** A piece line's picture (its colour's own, else the product's); null for charges. */
  image_url: string | null;
  /** A list-priced line's inputs and breakdown in words, as the order keeps them; null/absent: flat. */
  priced?: LinePricingWords | null;
}

/**
 * The order behind a checkout session as its receipt (docs/decisions/0028-owner-and-receipts.md):
 * what the success page reads.
 */
export interface OrderReceipt {
  /** As the e-mails quote it: "3F2A9C1B". */
  order_number: string;
  /** The signed link to the order's status page, once it is paid; null before. */
  order_url: string | null;
  lines: ReceiptLine[];
  subtotal_cents: number;
  discount_cents: number;
  discount_code: string | null;
  fulfillment: Fulfillment;
  shipping_speed: ShippingSpeed | null;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  /** What the checkout charged when it was a quote's deposit (docs/decisions/0029-deposits.md); null: the total. */
  deposit_cents: number | null;
  /** A store order whose payment came after the store closed: it is in no print run and refunded; absent/null: none. */
  store_closed?: StoreClosedReceipt | null;
}

/** A store buyer's payment that lost the race with the close (src/server/checkout/store-closed-receipt.ts). */
export interface StoreClosedReceipt {
  store_name: string;
  /** What the buyer paid, all of it refunded. */
  amount_cents: number;
  /** 'made': the provider has refunded it; 'pending': the refund is on its way (the webhook or the sweep makes it). */
  refund: 'made' | 'pending';
}

/** docs/decisions/spec-rules.md#s3 Checkout session, as GET /api/checkout/session answers it. */
export interface CheckoutSessionView {
  /** The shop's own order behind the session, as a receipt (absent when no order has it). */
  receipt?: OrderReceipt;
  /** The shop's own additions, from its order: what will be printed on its lines... */
  designs?: OrderDesign[];
  /** ...and its pieces (print and setup charges are lines of the session, not pieces). */
  pieces?: number;
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  line_items: {
    data: {
      id: string;
      description: string;
      name: string;
      quantity: number;
      amount_total: number;
      amount_subtotal: number;
      /** The shop's addition: the line's picture (its colour's own, else the product's). */
      image_url?: string;
    }[];
  };
}

export type CartCheckout = z.infer<typeof cartCheckoutSchema>;
export type BuyNow = z.infer<typeof buyNowSchema>;
