/** A stable React key for a cart line: the same key the cart's stock is kept under. */
export { lineKey } from '../lib/cart-stock.ts';
