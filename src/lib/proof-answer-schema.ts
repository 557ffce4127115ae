import { z } from './zod.ts';

/** The customer's answer to a proof, posted from their order page (issue #16). */
export const proofAnswerSchema = z.strictObject({
  answer: z.enum(['approve', 'changes'], 'Choose approve or request changes.'),
  comment: z.string().max(2000, 'Use at most 2000 characters.').optional(),
});
export type ProofAnswerInput = z.infer<typeof proofAnswerSchema>;
