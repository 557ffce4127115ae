import type { CartItem } from '../lib/cart-lines.ts';
import { designKey } from '../lib/pricing.ts';

/** A stable key for a cart line's stock: product, colour and size (designs of them share stock). */
export { lineKey } from '../lib/cart-stock.ts';

/** A React key for a cart row: its size and its design, since one shirt in two designs is two rows. */
export const rowKey = (item: CartItem) => `${designKey(item)}|${item.sizeId ?? ''}`;
