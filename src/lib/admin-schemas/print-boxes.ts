import { boxProblem } from '../mockup/placement.ts';
import { z } from '../zod.ts';
import { idSchema, nullablePrintWidthSchema } from './fields.ts';
import { imageUrlSchema } from './images.ts';

/** The largest side of a product picture the owner marks, in pixels. */
export const MAX_PICTURE_PX = 20000;

const pixelSchema = (label: string, min: number) =>
  z
    .int(`Enter the ${label} in whole pixels.`)
    .min(min, min === 0 ? `The ${label} is 0 or more.` : `The ${label} is at least ${min} pixel.`)
    .max(MAX_PICTURE_PX, `The ${label} is at most ${MAX_PICTURE_PX} pixels.`);

/**
 * One print box (issue 49): where a location prints on one colour's picture, in the pixels of that
 * picture (named by its URL, with the size the admin measured it at), and how wide it prints in
 * inches. The box must lie inside the picture.
 */
export const printBoxInputSchema = z
  .strictObject({
    color_id: idSchema,
    location_code: z
      .string()
      .max(40)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose one of the product’s print locations.'),
    image_url: imageUrlSchema.unwrap(),
    picture_width: pixelSchema('picture width', 1),
    picture_height: pixelSchema('picture height', 1),
    x: pixelSchema('left edge', 0),
    y: pixelSchema('top edge', 0),
    width: pixelSchema('box width', 1),
    height: pixelSchema('box height', 1),
    width_in: nullablePrintWidthSchema.refine((v) => v !== null, 'Enter how wide the box prints, in inches.'),
  })
  .superRefine((box, ctx) => {
    const problem = boxProblem(
      { x: box.x, y: box.y, width: box.width, height: box.height, widthIn: box.width_in ?? 0 },
      { width: box.picture_width, height: box.picture_height },
    );
    if (problem && box.width_in !== null) ctx.addIssue({ code: 'custom', path: ['width'], message: problem });
  });

/** PUT /api/products/:id/print-boxes: the product's boxes, all of them (one per colour and location). */
export const printBoxesSaveSchema = z.strictObject({
  boxes: z
    .array(printBoxInputSchema)
    .max(480, 'Use at most 480 print boxes.')
    .superRefine((boxes, ctx) => {
      const seen = new Set<string>();
      boxes.forEach((box, index) => {
        const key = `${box.color_id}/${box.location_code}`;
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [index, 'location_code'], message: 'This location has two boxes.' });
        seen.add(key);
      });
    }),
});

export type PrintBoxInput = z.infer<typeof printBoxInputSchema>;
export type PrintBoxesSave = z.infer<typeof printBoxesSaveSchema>;

/** A saved print box as the admin API answers it. */
export interface AdminPrintBox {
  color_id: string;
  location_code: string;
  image_url: string;
  picture_width: number;
  picture_height: number;
  x: number;
  y: number;
  width: number;
  height: number;
  width_in: number;
}
