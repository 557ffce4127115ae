import { z } from '../zod.ts';

const locationCode = z
  .string('Choose a print location.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a print location.')
  .max(40, 'Not a print location.');

/**
 * POST /api/orders/{id}/locations (docs/decisions/0029-deposits.md, order changes after payment): the owner adds a
 * print location to one design of a paid order, named by any of its lines (`item_id`), with the
 * pricing inputs its price list asks for (ink colours, stitches, print size code), or removes
 * one. The new location's artwork is to come, as "I'll send it later" at checkout.
 */
export const orderLocationsSchema = z
  .strictObject({
    item_id: z.uuid('Not a line of this order.'),
    add: z
      .strictObject({
        code: locationCode,
        colors: z
          .int('Enter whole ink colours.')
          .min(1, 'At least 1 ink colour.')
          .max(40, 'At most 40 ink colours.')
          .optional(),
        stitches: z
          .int('Enter whole stitches.')
          .min(1, 'At least 1 stitch.')
          .max(1_000_000, 'At most 1,000,000 stitches.')
          .optional(),
        print_size: z
          .string()
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a print size of this location.')
          .max(40, 'Not a print size of this location.')
          .optional(),
      })
      .optional(),
    remove: locationCode.optional(),
  })
  .refine((body) => (body.add ? 1 : 0) + (body.remove ? 1 : 0) === 1, {
    message: 'Add one print location or remove one.',
    path: ['add'],
  });
export type OrderLocationsInput = z.infer<typeof orderLocationsSchema>;
