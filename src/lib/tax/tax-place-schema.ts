import { z } from '../zod.ts';

/**
 * The ship-to address as tax reads it (issue 50): the state and ZIP code the cart asks for when
 * shipping. Shared by the cart that sends it and the checkout function that validates it.
 */
export const taxPlaceSchema = z.strictObject({
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Enter the two-letter state, like TX.')
    .transform((state) => state.toUpperCase()),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code.'),
});
