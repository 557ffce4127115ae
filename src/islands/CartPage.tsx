import { useEffect, useState } from 'react';
import type { CartItem } from '../lib/cart-rules.ts';
import { api } from '../lib/http.ts';
import type { ProductSummary } from '../lib/products.ts';
import { $cartItems } from '../stores/cart.ts';
import { CartLines } from './cart/CartLines.tsx';
import styles from './cart/cart.module.css';
import { OrderSummary } from './cart/OrderSummary.tsx';
import { Recommendations } from './cart/Recommendations.tsx';
import { useBrowserStore, useHydrated } from './ui/hooks.ts';

const NO_ITEMS: CartItem[] = [];

/** The cart page (spec §2 Cart): lines, order summary and recommendations, or the empty state. */
export default function CartPage() {
  const hydrated = useHydrated();
  const items = useBrowserStore($cartItems, NO_ITEMS);
  const [products, setProducts] = useState<ProductSummary[] | null>(null);

  useEffect(() => {
    api
      .get<ProductSummary[]>('products')
      .then(setProducts)
      .catch((error: unknown) => console.error('[cart] recommendations not loaded:', error));
  }, []);

  // The page was built without the browser's storage: say nothing about the cart until it is read.
  if (!hydrated) return <p className={styles.loading}>Loading your cart…</p>;

  if (items.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyText}>No items in your cart.</p>
        <a className="button" href="/collections">
          Browse collections
        </a>
        <Recommendations title="You may like" products={products} items={items} limit={4} quickAdd />
      </div>
    );
  }

  const first = items[0]!;
  return (
    <>
      <div className={styles.layout}>
        <section aria-labelledby="cart-items-title" className={styles.items}>
          <h2 id="cart-items-title" className="visually-hidden">
            Items
          </h2>
          <CartLines items={items} />
          <a className="button secondary" href={first.collection ? `/collections/${first.collection}` : '/'}>
            Continue Shopping
          </a>
        </section>
        <OrderSummary items={items} />
      </div>
      <Recommendations title="You might also like" products={products} items={items} limit={3} />
    </>
  );
}
