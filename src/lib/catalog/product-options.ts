import {
  autoSizeId,
  canAddToCart,
  clampQuantity,
  isColorDisabled,
  isSizeDisabled,
  type Selection,
  selectionStock,
} from '../cart/add-to-cart.ts';
import { availabilityText, LOW_STOCK_THRESHOLD, type ProductDetail } from './products.ts';

/** What a person has chosen on a product page. */
export interface OptionsChoice extends Selection {
  quantity: number;
}

type Options = Pick<ProductDetail, 'colors' | 'sizes' | 'variants' | 'stock_qty'> &
  Partial<Pick<ProductDetail, 'minimum_quantity'>>;

/** Drops a chosen colour or size the product does not offer, and re-clamps the quantity. */
export function reconcileChoice(product: Options, selection: Selection, quantity: number): OptionsChoice {
  const colorId = product.colors.some((c) => c.id === selection.colorId) ? selection.colorId : null;
  const sizeId = product.sizes.some((s) => s.id === selection.sizeId) ? selection.sizeId : autoSizeId(product);
  return { colorId, sizeId, quantity: clampQuantity(quantity, selectionStock(product, { colorId, sizeId })) };
}

/** The choice a product page starts with, and returns to after Add to Cart. */
export const firstChoice = (product: Options): OptionsChoice =>
  reconcileChoice(product, { colorId: null, sizeId: null }, Math.max(1, product.minimum_quantity ?? 1));

/**
 * What the options show for a choice (docs/decisions/spec-rules.md#s4, §5). The island renders it,
 * and before the island hydrates the page's preview script applies the same to the server-rendered
 * markup, so both agree.
 */
export function optionsView(product: Options, choice: OptionsChoice) {
  const stock = selectionStock(product, choice);
  return {
    stock,
    availability: availabilityText(stock),
    tone: stock !== null && stock <= LOW_STOCK_THRESHOLD ? ('low' as const) : ('in' as const),
    /** The quantity's upper bound, when stock is known and positive. */
    max: stock !== null && stock > 0 ? stock : undefined,
    allowed: canAddToCart(product, choice),
    colorDisabled: (colorId: string) => isColorDisabled(product, colorId, choice.sizeId),
    sizeDisabled: (sizeId: string) => isSizeDisabled(product, sizeId, choice.colorId),
  };
}

/**
 * A short key of the colours and sizes the options are drawn with: on markup of the same key,
 * only stock may change without the island redrawing it.
 */
export function optionsKey(product: Pick<ProductDetail, 'colors' | 'sizes'>): string {
  const text = `${product.colors.map((c) => c.id).join(',')}|${product.sizes.map((s) => s.id).join(',')}`;
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

/** `product` with the stock of `live` (another answer for the same product). */
export function withStock<P extends Options>(product: P, live: Pick<ProductDetail, 'variants' | 'stock_qty'>): P {
  return { ...product, variants: live.variants, stock_qty: live.stock_qty };
}
