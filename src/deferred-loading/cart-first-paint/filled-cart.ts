import type { StoredCart } from '../../lib/browser/cart-storage.ts';
import { cartLines, type IslandClasses } from './lines.ts';
import { h, type Markup } from './markup.ts';
import { orderSummary } from './summary.ts';

/**
 * The cart page over a stored cart as the island first renders it (FilledCart in
 * src/islands/CartPage.tsx): the lines with Continue Shopping, and the order summary. The
 * suggestions beside them need the catalogue and arrive with the island, below the fold.
 */
export function filledCart(c: IslandClasses, stored: StoredCart, cardBrands: Markup) {
  const first = stored.items[0]!;
  let ids = 0;
  const nextId = () => `cart-first-paint-${++ids}`;
  return h(
    'div',
    { class: c.cart['layout'] },
    h(
      'section',
      { 'aria-labelledby': 'cart-items-title', class: c.cart['items'] },
      h('h2', { id: 'cart-items-title', class: 'visually-hidden' }, 'Items'),
      cartLines(c, stored.items, nextId, stored.rush),
      h(
        'a',
        { class: 'button secondary', href: first.collection ? `/collections/${first.collection}` : '/' },
        'Continue Shopping',
      ),
    ),
    orderSummary(c, stored, nextId, cardBrands),
  );
}
