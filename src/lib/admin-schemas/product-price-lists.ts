import { z } from '../zod.ts';
import { nullablePrintWidthSchema } from './fields.ts';

// A product's links to the owner's price lists (issue #27), as the admin saves them.

/** A chosen price list; null: none. */
export const priceListIdSchema = z
  .uuid('Choose a price list.')
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** The links and the sizes an area product is sold in (inches). */
export const productPriceListFields = {
  garment_list_id: priceListIdSchema,
  area_list_id: priceListIdSchema,
  turnaround_list_id: priceListIdSchema,
  area_min_width_in: nullablePrintWidthSchema,
  area_max_width_in: nullablePrintWidthSchema,
  area_min_height_in: nullablePrintWidthSchema,
  area_max_height_in: nullablePrintWidthSchema,
};

type AreaFields = Partial<
  Record<'area_list_id' | `area_${'min' | 'max'}_${'width' | 'height'}_in`, string | number | null | undefined>
>;

/**
 * A product priced by area states the sizes it can be ordered in, smallest first (checked when
 * the save sends them; the admin form always sends all of them).
 */
export function checkAreaBounds(product: AreaFields, ctx: z.RefinementCtx) {
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
