import { z } from '../zod.ts';

/**
 * POST /api/orders/{id}/refunds: give back part or all of a paid order
 * (docs/decisions/0016-order-workflow.md), optionally cancelling it (before it ships) and putting
 * its pieces back in stock.
 */
export const orderRefundSchema = z
  .strictObject({
    amount_cents: z
      .number('Enter the amount to refund in cents.')
      .int('Refund whole cents.')
      .min(1, 'Refund at least 1 cent.')
      .max(100_000_000, 'That is more than any order.'),
    reason: z.string().trim().max(500, 'Use at most 500 characters.').nullable().optional(),
    cancel: z.boolean().optional(),
    restock: z.boolean().optional(),
  })
  .refine((v) => !v.restock || v.cancel, {
    path: ['restock'],
    message: 'Pieces go back in stock only when the order is cancelled.',
  });
export type OrderRefundInput = z.infer<typeof orderRefundSchema>;

/** A refund is pending until the provider answers. */
export type RefundStatus = 'pending' | 'succeeded';
/** Made from the admin, or found in Stripe. */
export type RefundSource = 'admin' | 'stripe';

/** A refund as the admin order shows it. */
export interface AdminOrderRefund {
  id: string;
  amount_cents: number;
  status: RefundStatus;
  source: RefundSource;
  reason: string | null;
  created_at: string;
}
