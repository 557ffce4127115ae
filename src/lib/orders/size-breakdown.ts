import { cartLine, MAX_LINE_QUANTITY, selectionStock } from '../cart/add-to-cart.ts';
import type { CartItem } from '../cart/cart-item.ts';
import type { ProductDetail } from '../catalog/products.ts';

/**
 * A size breakdown (docs/decisions/0015-print-ordering.md): one design in one colour, a quantity
 * per size (6 S, 10 M, 8 L). The pieces count together for the price tier and the minimum; each
 * size is clamped to its own stock. In the cart it is one line per size with the same design, which checkout reserves
 * all-or-nothing.
 */

type Stocked = Pick<ProductDetail, 'colors' | 'sizes' | 'variants' | 'stock_qty' | 'minimum_quantity'>;

/** Pieces per size id; sizes not named are 0. */
export type Breakdown = Readonly<Record<string, number>>;

/** Product types worn in sizes: the ones a team orders as 6 S, 10 M, 8 L. */
const WORN = new Set(['apparel', 'headwear']);

/**
 * Apparel in more than one size offers a breakdown; everything else (a sign in two sizes is two
 * jobs, not one design in sizes) keeps the single quantity.
 */
export const offersBreakdown = (product: Pick<ProductDetail, 'sizes' | 'product_type'>) =>
  product.sizes.length > 1 && WORN.has((product.product_type ?? '').trim().toLowerCase());

/** Pieces in stock for one size in the chosen colour; null when not tracked (made to order). */
export function sizeStock(product: Stocked, colorId: string | null, sizeId: string): number | null {
  return selectionStock(product, { colorId, sizeId });
}

/** The highest quantity a size can have: its stock (when known) and the line limit. */
export function sizeMax(product: Stocked, colorId: string | null, sizeId: string): number {
  const stock = sizeStock(product, colorId, sizeId);
  return stock === null ? MAX_LINE_QUANTITY : Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

/** Every size at a whole number between 0 and its maximum; sizes the product lacks are dropped. */
export function clampBreakdown(product: Stocked, colorId: string | null, breakdown: Breakdown): Breakdown {
  const clamped: Record<string, number> = {};
  for (const size of product.sizes) {
    const asked = breakdown[size.id] ?? 0;
    const whole = Number.isFinite(asked) ? Math.floor(asked) : 0;
    const value = Math.min(Math.max(0, whole), sizeMax(product, colorId, size.id));
    if (value > 0) clamped[size.id] = value;
  }
  return clamped;
}

export const breakdownPieces = (breakdown: Breakdown) => Object.values(breakdown).reduce((n, q) => n + q, 0);

/** Why the breakdown cannot be added yet, in words; null when it can. */
export function breakdownProblem(product: Stocked, colorId: string | null, breakdown: Breakdown): string | null {
  if (product.colors.length > 0 && !colorId) return 'Choose a color first.';
  const pieces = breakdownPieces(breakdown);
  if (pieces === 0) return 'Enter how many pieces you want of each size.';
  const minimum = Math.max(1, product.minimum_quantity);
  if (pieces < minimum) return `Add ${minimum - pieces} more: this is printed in runs of ${minimum} or more.`;
  for (const size of product.sizes) {
    const wanted = breakdown[size.id] ?? 0;
    if (wanted > sizeMax(product, colorId, size.id))
      return `Only ${sizeMax(product, colorId, size.id)} ${size.name} left.`;
  }
  return null;
}

/** The cart lines of a breakdown: one per size with pieces, in the product's size order. */
export function breakdownLines(
  product: ProductDetail,
  colorId: string | null,
  breakdown: Breakdown,
  locations: Parameters<typeof cartLine>[1]['locations'],
  area?: Parameters<typeof cartLine>[1]['area'],
): CartItem[] {
  return product.sizes
    .filter((size) => (breakdown[size.id] ?? 0) > 0)
    .map((size) => cartLine(product, { colorId, sizeId: size.id, quantity: breakdown[size.id]!, locations, area }));
}
