import type { ChosenArea, ChosenDecoration } from '../../lib/pricing/product-job.ts';

/** What checkout and the cart's refresh are asked to check: lines as the browser sent them, and how their errors are named. */

/** One line as the browser asked for it; any price it sent has already been dropped. */
export interface RequestedLine {
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  quantity: number;
  /**
   * Chosen print locations, each with its artwork upload or null (sent later) and, for a product
   * priced by lists, its inputs (ink colours, stitches, print size).
   */
  locations?: ChosenDecoration[] | undefined;
  /** Width × height, material and finishing of a product priced by area. */
  area?: ChosenArea | undefined;
}

/** What checking asks besides the lines. */
export interface CheckOptions {
  /** The rush option chosen for the products' turnaround list; null or absent: standard. */
  rush?: string | null;
  /**
   * False where a line cannot carry the inputs a list-priced product needs (Buy Now): such a
   * product is refused with a message pointing to the cart. Default true.
   */
  listPriced?: boolean;
}

/**
 * The field of line `index` an error names, as the cart's checkout payload has it. Buy Now, whose
 * payload names its one line's fields differently, renames them at its function.
 */
export const lineField = (
  index: number,
  field: 'productId' | 'colorId' | 'sizeId' | 'quantity' | 'locations' | 'area',
) => `items.${index}.${field}`;

/** What names a line (product, colour, size), as sent back in errors and refresh answers. */
export function lineRef(line: Pick<RequestedLine, 'productId' | 'colorId' | 'sizeId'>) {
  return { productId: line.productId, colorId: line.colorId ?? null, sizeId: line.sizeId ?? null };
}
