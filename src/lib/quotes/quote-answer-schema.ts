import { z } from '../zod.ts';

/** The customer's answer to a quote, posted from its page (docs/decisions/0017-quotes.md). */
export const quoteAnswerSchema = z.strictObject({
  action: z.enum(['accept', 'decline'], 'Choose Accept and pay, or Decline.'),
  reason: z.string().trim().max(1000, 'Use at most 1000 characters.').optional(),
});
export type QuoteAnswerInput = z.infer<typeof quoteAnswerSchema>;
