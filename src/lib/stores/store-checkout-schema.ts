import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../identifiers.ts';
import { z } from '../zod.ts';

/**
 * What a buyer's browser sends to POST /api/stores/<slug>/checkout
 * (docs/decisions/0030-team-stores.md): the picked lines and the buyer's contact. No price: the
 * store's prices are the only ones charged. The text rules of personalisation are checked by the
 * store's own rules (personalisation.ts).
 */
export const storeLineSchema = z.strictObject({
  designId: z.uuid('Not a design of this store.'),
  colorId: z.uuid('Choose a colour.'),
  sizeId: z.uuid('Choose a size.'),
  quantity: z
    .int('Enter a whole number of pieces.')
    .min(1, 'Order at least 1 piece.')
    .max(99, 'Order at most 99 pieces a line.'),
  name: z.string().max(200, 'That name is too long.').nullable().optional(),
  number: z.string().max(50, 'That number is too long.').nullable().optional(),
});

export const storeCheckoutSchema = z.strictObject({
  lines: z.array(storeLineSchema).min(1, 'Pick at least one piece.').max(20, 'At most 20 lines an order.'),
  buyerName: z
    .string()
    .trim()
    .min(1, 'Enter your name.')
    .max(120, 'Your name can be at most 120 characters.')
    .regex(/^[^\p{Cc}]+$/u, 'Your name cannot have control characters.'),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, 'Enter a valid e-mail address.')
    .regex(EMAIL_PATTERN, 'Enter a valid e-mail address.'),
  password: z.string().max(200).optional(),
});

export type StoreLineInput = z.infer<typeof storeLineSchema>;
export type StoreCheckoutInput = z.infer<typeof storeCheckoutSchema>;

/** GET /api/stores/<slug>/progress: pieces sold of each design, and where the store stands. */
export interface StoreProgressAnswer {
  state: 'scheduled' | 'open' | 'closing' | 'closed';
  minimum: number;
  designs: { id: string; sold: number }[];
}
