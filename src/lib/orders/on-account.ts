import type { BusinessTerms } from './business-accounts.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';
import { isOneLine, ONE_LINE_MESSAGE, oneLineText } from '../forms/one-line.ts';
import { US_STATES } from '../forms/us-states.ts';
import { addDays, shopDay } from '../site/shop-time.ts';
import { z } from '../zod.ts';

/**
 * Checking out on account (docs/decisions/0029-deposits.md): a business account's buyer gives a purchase order number
 * instead of a card. What the cart sends, and how an invoice's number and due date are read.
 * Shared by the cart island and the server.
 */

const line = oneLineText;

/** Where an order on account ships (Stripe collects it for a card checkout). US addresses. */
export const accountAddressSchema = z.strictObject({
  line1: line(120, 'Enter the street address.'),
  line2: z
    .string()
    .trim()
    .max(120, 'Use at most 120 characters.')
    .refine(isOneLine, ONE_LINE_MESSAGE)
    .optional()
    .default(''),
  city: line(80, 'Enter the city.'),
  state: z.string().refine((code) => Object.hasOwn(US_STATES, code), 'Choose a state.'),
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9]{5}(-[0-9]{4})?$/, 'Enter a ZIP code like 79701.'),
});
export type AccountAddress = z.infer<typeof accountAddressSchema>;

/** The `account` part of POST /api/cart/checkout: present means "bill my account". */
export const accountCheckoutSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, 'Enter the e-mail address of your account, like coach@school.org.')
    .regex(EMAIL_PATTERN, 'Enter the e-mail address of your account, like coach@school.org.'),
  poNumber: line(60, 'Enter your purchase order number.'),
  name: line(120, 'Enter your name.'),
  /** Required when the order ships; ignored for local handoff. */
  address: accountAddressSchema.nullable().optional(),
});
export type AccountCheckout = z.infer<typeof accountCheckoutSchema>;

/** Days from issue to due date. */
export const TERMS_DAYS: Readonly<Record<BusinessTerms, number>> = { due_on_receipt: 0, net_15: 15, net_30: 30 };

/** The day an invoice issued at `issued` is due (YYYY-MM-DD): its terms' days on from the shop's day of issue. */
export function dueOn(issued: Date, terms: BusinessTerms): string {
  return addDays(shopDay(issued), TERMS_DAYS[terms]);
}

/** "INV-1001" */
export const invoiceNumber = (n: number) => `INV-${n}`;

/** How long an unconfirmed order on account holds its stock: its confirmation link's lifetime. */
export const ACCOUNT_HOLD_MS = 24 * 60 * 60 * 1000;
