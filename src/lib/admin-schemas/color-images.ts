import { z } from '../zod.ts';
import { idSchema } from './fields.ts';
import { imageUrlSchema } from './images.ts';

/**
 * One colour's picture in a product save (docs/decisions/0028-owner-and-receipts.md): an image kept
 * by URL (`image_url`) or a new upload (`imageBase64` + `imageContentType`, checked like the main image's).
 */
export const colorImageInputSchema = z
  .strictObject({
    color_id: idSchema,
    image_url: imageUrlSchema.optional(),
    imageBase64: z.string().min(1, 'The image is empty.').optional(),
    imageContentType: z.string().trim().toLowerCase().max(100).optional(),
  })
  .superRefine((value, ctx) => {
    const hasData = value.imageBase64 !== undefined;
    const hasType = value.imageContentType !== undefined;
    if (hasData !== hasType) {
      ctx.addIssue({
        code: 'custom',
        path: [hasData ? 'imageContentType' : 'imageBase64'],
        message: 'Send imageBase64 and imageContentType together.',
      });
    } else if (!hasData && !value.image_url) {
      ctx.addIssue({ code: 'custom', path: ['imageBase64'], message: 'Choose an image for this colour.' });
    } else if (hasData && value.image_url) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_url'],
        message: 'Send either an upload or an image_url, not both.',
      });
    }
  });

/**
 * The pictures of a product's colours; when sent, they replace its colour pictures (a colour
 * left out shows the main image). Each names one of the product's colours, once.
 */
export const colorImagesSchema = z
  .array(colorImageInputSchema)
  .max(60, 'Use at most 60 colour pictures.')
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.color_id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'color_id'], message: 'This colour has two pictures.' });
      }
      seen.add(entry.color_id);
    });
  });

export type ColorImageInput = z.infer<typeof colorImageInputSchema>;
