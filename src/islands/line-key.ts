import { lineIdentity } from '../lib/cart/cart-lines.ts';
import type { CartItem } from '../lib/cart/cart-item.ts';

/** A stable key for a cart line's stock: product, colour and size (designs of them share stock). */
export { lineKey } from '../lib/browser/cart-stock.ts';

/**
 * A React key for a cart row: its size, its design and its pricing inputs, since one shirt in two
 * designs (or two ink counts) is two rows.
 */
export const rowKey = (item: CartItem) => lineIdentity(item);
