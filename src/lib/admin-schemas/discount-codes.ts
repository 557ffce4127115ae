import { z } from '../zod.ts';
import { centsSchema, idSchema, nameSchema, nullableCountSchema } from './fields.ts';

export const DISCOUNT_TYPES = ['fixed', 'percentage', 'free_shipping'] as const;
export type DiscountTypeName = (typeof DISCOUNT_TYPES)[number];

const discountFields = {
  /** Matched case-insensitively at checkout, so it is unique case-insensitively. */
  code: z
    .string()
    .trim()
    .min(1, 'Code is required.')
    .max(64, 'Use at most 64 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.'),
  name: nameSchema(120),
  /** The dialog types it as free text; only these three are understood by the pricing rules. */
  type: z.enum(DISCOUNT_TYPES, 'Type must be fixed, percentage or free_shipping.'),
  /** fixed: cents off; percentage: basis points (1000 = 10%); free_shipping: unused (0). */
  amount_cents: centsSchema,
  is_active: z.boolean(),
  /** null = unlimited. */
  max_uses: nullableCountSchema(1),
};

function percentageInRange(
  value: { type?: string | undefined; amount_cents?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.type === 'percentage' && value.amount_cents !== undefined && value.amount_cents > 10_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount_cents'],
      message: 'A percentage is in basis points: 1000 is 10%, at most 10000 (100%).',
    });
  }
}

export const discountCodeCreateSchema = z
  .strictObject(discountFields)
  .partial({ amount_cents: true, is_active: true, max_uses: true })
  .superRefine(percentageInRange);

export const discountCodeUpdateSchema = z
  .strictObject(discountFields)
  .partial()
  .extend({ id: idSchema.optional() })
  .superRefine(percentageInRange);

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
