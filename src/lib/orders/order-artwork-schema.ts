import { ownerTokenSchema } from '../artwork/artwork-schema.ts';
import { z } from '../zod.ts';

/**
 * A print location's missing artwork, sent from the customer's order page
 * (docs/decisions/0028-owner-and-receipts.md): the page's script names its checked upload
 * (artwork_id + owner_token); without script the form carries the file itself.
 */
export const orderArtworkSchema = z
  .strictObject({
    answer: z.literal('artwork'),
    item: z.uuid('That print location is not on this order.'),
    location: z.string().min(1, 'Choose a print location.').max(60, 'That print location is not on this order.'),
    artwork_id: z.uuid('Not a valid upload.').optional(),
    owner_token: ownerTokenSchema.optional(),
  })
  .refine((v) => !v.artwork_id === !v.owner_token, {
    path: ['artwork'],
    message: 'Choose the file again.',
  });
export type OrderArtworkInput = z.infer<typeof orderArtworkSchema>;
