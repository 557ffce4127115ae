import { z } from '../zod.ts';
import { MAX_PRINT_WIDTH_IN } from '../catalog/print-widths.ts';
import { nullablePrintWidthSchema, toNumber } from './fields.ts';

// A product's links to the owner's price lists (docs/decisions/0027-price-lists.md), as the admin saves them.

/** A chosen price list; null: none. */
export const priceListIdSchema = z
  .uuid('Choose a price list.')
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** One side of a preset, in inches (the admin types feet or inches; it sends inches). */
const presetSide = (side: 'width' | 'height') =>
  z.preprocess(
    toNumber,
    z
      .number(`Enter the ${side}.`)
      .positive(`The ${side} is more than 0.`)
      .max(MAX_PRINT_WIDTH_IN, `Use at most ${MAX_PRINT_WIDTH_IN} inches (100 ft).`),
  );

/** A size an area product is offered in one tap ("3 × 6 ft"), in inches. */
export const areaPresetSchema = z.strictObject({
  label: z
    .string('Name the size.')
    .trim()
    .min(1, 'Name the size, e.g. “3 × 6 ft”.')
    .max(40, 'Use at most 40 characters.'),
  width_in: presetSide('width'),
  height_in: presetSide('height'),
});
export type AreaPresetInput = z.infer<typeof areaPresetSchema>;

/** The links and the sizes an area product is sold in (inches), with its one-tap sizes. */
export const productPriceListFields = {
  garment_list_id: priceListIdSchema,
  area_list_id: priceListIdSchema,
  turnaround_list_id: priceListIdSchema,
  area_min_width_in: nullablePrintWidthSchema,
  area_max_width_in: nullablePrintWidthSchema,
  area_min_height_in: nullablePrintWidthSchema,
  area_max_height_in: nullablePrintWidthSchema,
  area_presets: z.array(areaPresetSchema).max(20, 'Offer at most 20 sizes.'),
};

type AreaFields = Partial<
  Record<'area_list_id' | `area_${'min' | 'max'}_${'width' | 'height'}_in`, string | number | null | undefined>
> & { area_presets?: readonly AreaPresetInput[] | undefined };

const inches = (n: number) => `${Number(n.toFixed(2))} in`;

/**
 * Each preset lies within the sizes the product is sold in (those of `bounds`, null: no bound),
 * as issues on `area_presets.N.width_in`/`height_in`.
 */
export function checkAreaPresets(
  presets: readonly AreaPresetInput[],
  bounds: AreaFields,
  ctx: { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void },
) {
  presets.forEach((preset, i) => {
    for (const side of ['width', 'height'] as const) {
      const value = preset[`${side}_in`];
      const min = bounds[`area_min_${side}_in`];
      const max = bounds[`area_max_${side}_in`];
      if (typeof min === 'number' && value < min) {
        ctx.addIssue({
          code: 'custom',
          path: ['area_presets', i, `${side}_in`],
          message: `The ${side} is at least the smallest ${side} (${inches(min)}).`,
        });
      } else if (typeof max === 'number' && value > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['area_presets', i, `${side}_in`],
          message: `The ${side} is at most the largest ${side} (${inches(max)}).`,
        });
      }
    }
  });
}

/**
 * A product priced by area states the sizes it can be ordered in, smallest first, and its
 * presets lie within them (checked when the save sends them; the admin form always sends all
 * of them; the server checks presets sent alone against the stored sizes).
 */
export function checkAreaBounds(product: AreaFields, ctx: z.RefinementCtx) {
  if (product.area_presets) checkAreaPresets(product.area_presets, product, ctx);
  for (const side of ['width', 'height'] as const) {
    const min = product[`area_min_${side}_in`];
    const max = product[`area_max_${side}_in`];
    if (typeof min === 'number' && typeof max === 'number' && max < min) {
      ctx.addIssue({
        code: 'custom',
        path: [`area_max_${side}_in`],
        message: `The largest ${side} is at least the smallest (${min} in).`,
      });
    }
    if (product.area_list_id) {
      for (const [key, value] of [
        [`area_min_${side}_in`, min],
        [`area_max_${side}_in`, max],
      ] as const) {
        if (value === null || value === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `Priced by area: give the ${key.includes('min') ? 'smallest' : 'largest'} ${side} a customer may order.`,
          });
        }
      }
    }
  }
}
