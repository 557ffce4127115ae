import type { CartItem } from '../lib/cart-rules.ts';

/** A stable React key for a cart line: product, colour and size make a line (spec §4). */
export function lineKey(item: Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>): string {
  return `${item.productId}/${item.colorId ?? ''}/${item.sizeId ?? ''}`;
}
