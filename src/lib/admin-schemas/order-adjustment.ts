import { z } from '../zod.ts';

/** The longest reason an adjustment line takes: it is the line's name on every view of the order. */
export const ADJUSTMENT_REASON_MAX = 200;

/**
 * POST /api/orders/{id}/adjustments (docs/decisions/0029-deposits.md, order changes after payment): the owner adds a
 * line "Adjustment" to a paid order, in whole cents (above zero: more owed; below: a credit),
 * with the reason the customer reads. Whether the order can take it is the service's to say.
 */
export const orderAdjustmentSchema = z.strictObject({
  amount_cents: z
    .number('Enter the amount of the adjustment.')
    .int('Enter whole cents.')
    .min(-100_000_000, 'That is more than any order.')
    .max(100_000_000, 'That is more than any order.')
    .refine((cents) => cents !== 0, 'Enter an amount above or below $0.00.'),
  reason: z
    .string('Say why the order changes.')
    .trim()
    .min(1, 'Say why the order changes.')
    .max(ADJUSTMENT_REASON_MAX, `Use at most ${ADJUSTMENT_REASON_MAX} characters.`),
});
export type OrderAdjustmentInput = z.infer<typeof orderAdjustmentSchema>;

/** What an order change answers: the order's new money. */
export interface OrderChangeAnswer {
  id: string;
  total_cents: number;
  balance_cents: number;
  /** Paid beyond what the order now costs (refunds made or in flight counted), to give back. */
  overpaid_cents: number;
}
