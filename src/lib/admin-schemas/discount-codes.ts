import { z } from '../zod.ts';
import { centsSchema, idSchema, nameSchema, nullableCountSchema } from './fields.ts';

export const DISCOUNT_TYPES = ['fixed', 'percentage', 'free_shipping'] as const;
export type DiscountTypeName = (typeof DISCOUNT_TYPES)[number];

/** What the owner reads for each type, in the order the admin offers them. */
export const DISCOUNT_TYPE_LABELS: Readonly<Record<DiscountTypeName, string>> = {
  percentage: 'Percent off',
  fixed: 'Dollars off',
  free_shipping: 'Free shipping',
};

/**
 * Why an amount does not fit its type, or null. Percent off is stored in basis points (the
 * owner's 15 % is 1500) and must be more than 0 and at most 100 %; dollars off is stored in
 * cents and must be more than $0. A free-shipping code has no amount.
 */
export function discountAmountProblem(type: DiscountTypeName, amount: number): string | null {
  if (type === 'percentage' && (amount < 1 || amount > 10_000)) {
    return 'Enter the percent off: more than 0 and at most 100.';
  }
  if (type === 'fixed' && amount < 1) return 'Enter the dollars off: more than $0.00.';
  return null;
}

const discountFields = {
  /** Matched case-insensitively at checkout, so it is unique case-insensitively. */
  code: z
    .string()
    .trim()
    .min(1, 'Code is required.')
    .max(64, 'Use at most 64 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.'),
  name: nameSchema(120),
  /** The dialog offers these three (as their DISCOUNT_TYPE_LABELS); the pricing rules know no other. */
  type: z.enum(DISCOUNT_TYPES, 'Choose Percent off, Dollars off or Free shipping.'),
  /** fixed: cents off; percentage: basis points (1000 = 10%); free_shipping: stored as 0. */
  amount_cents: centsSchema,
  is_active: z.boolean(),
  /** null = unlimited. */
  max_uses: nullableCountSchema(1),
};

type AmountInput = { type?: DiscountTypeName | undefined; amount_cents?: number | undefined };

/** A new code's amount fits its type (a missing amount is 0). */
function amountFitsOnCreate(value: AmountInput, ctx: z.RefinementCtx) {
  const problem = value.type ? discountAmountProblem(value.type, value.amount_cents ?? 0) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: problem });
}

/** An edit naming both checks them here; one naming only one is checked against the stored code. */
function amountFitsOnUpdate(value: AmountInput, ctx: z.RefinementCtx) {
  if (value.type === undefined || value.amount_cents === undefined) return;
  const problem = discountAmountProblem(value.type, value.amount_cents);
  if (problem) ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: problem });
}

export const discountCodeCreateSchema = z
  .strictObject(discountFields)
  .partial({ amount_cents: true, is_active: true, max_uses: true })
  .superRefine(amountFitsOnCreate);

export const discountCodeUpdateSchema = z
  .strictObject(discountFields)
  .partial()
  .extend({ id: idSchema.optional() })
  .superRefine(amountFitsOnUpdate);

export type DiscountCodeCreate = z.infer<typeof discountCodeCreateSchema>;
export type DiscountCodeUpdate = z.infer<typeof discountCodeUpdateSchema>;

/** A row of GET /api/discount_codes and /api/discount_codes/report. */
export interface AdminDiscountCode {
  id: string;
  code: string;
  name: string;
  type: DiscountTypeName;
  amount_cents: number;
  is_active: boolean;
  max_uses: number | null;
  total_uses: number;
  /** Set for personal single-use codes (newsletter welcome). */
  email: string | null;
  created_at: string;
}
