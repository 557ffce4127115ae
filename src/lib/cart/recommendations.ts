import type { CartItem } from './cart-item.ts';
import type { ProductSummary } from '../catalog/products.ts';

/** Recommendations on the cart page (docs/decisions/spec-rules.md#s2 Cart, §9). */

/**
 * Up to `limit` products a person can buy and has not got in the cart: first from the
 * collections already in the cart, then the smaller add-on purchases (cheapest first).
 */
export function recommendProducts<P extends Pick<ProductSummary, 'id' | 'collection' | 'price_cents' | 'total_stock'>>(
  products: readonly P[],
  items: readonly Pick<CartItem, 'productId' | 'collection'>[],
  limit: number,
): P[] {
  const inCart = new Set(items.map((i) => i.productId));
  const collections = new Set(items.map((i) => i.collection));
  return products
    .filter((p) => !inCart.has(p.id) && (p.total_stock ?? 1) > 0)
    .map((p, order) => ({ p, order, near: collections.has(p.collection) ? 0 : 1 }))
    .sort((a, b) => a.near - b.near || a.p.price_cents - b.p.price_cents || a.order - b.order)
    .slice(0, limit)
    .map(({ p }) => p);
}
