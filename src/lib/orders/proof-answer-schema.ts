import { ownerTokenSchema } from '../artwork/artwork-schema.ts';
import { z } from '../zod.ts';

/** The customer's answer to a proof, posted from their order page (docs/decisions/0016-order-workflow.md). */
export const proofAnswerSchema = z
  .strictObject({
    answer: z.enum(['approve', 'changes'], 'Choose approve or request changes.'),
    comment: z.string().max(2000, 'Use at most 2000 characters.').optional(),
    /** New artwork sent with a change request: an upload of this browser (the page's script). */
    artwork_id: z.uuid('Not a valid upload.').optional(),
    owner_token: ownerTokenSchema.optional(),
  })
  .refine((v) => !v.artwork_id || (v.owner_token && v.answer === 'changes'), {
    path: ['artwork_id'],
    message: 'New artwork comes with a change request.',
  });
export type ProofAnswerInput = z.infer<typeof proofAnswerSchema>;
