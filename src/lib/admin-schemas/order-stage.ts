import { ORDER_STAGES } from '../order-stages.ts';
import { z } from '../zod.ts';

/** POST /api/orders/{id}/stage: the owner moves an order to its next production stage (issue #16). */
export const orderStageMoveSchema = z.strictObject({
  to: z.enum(ORDER_STAGES, `Stage must be one of ${ORDER_STAGES.join(', ')}.`),
  comment: z.string().trim().max(2000, 'Use at most 2000 characters.').nullable().optional(),
});
export type OrderStageMove = z.infer<typeof orderStageMoveSchema>;

/** The answer: where the order is now, and its whole timeline. */
export interface OrderStageAnswer {
  id: string;
  stage: string;
  timeline: {
    id: string;
    created_at: string;
    actor: 'owner' | 'customer' | 'system';
    from_stage: string | null;
    to_stage: string;
    comment: string | null;
  }[];
}
