import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeOverStandIn } from '../deferred-loading/cart-first-paint/take-over.ts';
import type { CartItem } from '../lib/cart/cart-item.ts';
import { api } from '../lib/browser/http.ts';
import type { ProductSummary } from '../lib/catalog/products.ts';
import { $cartItems } from '../stores/cart.ts';
import { refreshCartOnOpen } from '../stores/cart-stock.ts';
import { CartLines } from './cart/CartLines.tsx';
import styles from './cart/cart.module.css';
import { OrderSummary } from './cart/OrderSummary.tsx';
import { Recommendations } from './cart/Recommendations.tsx';
import { useBrowserStore, useHydrated, useIslandReady } from './ui/hooks.ts';

const NO_ITEMS: CartItem[] = [];

interface CartPageProps {
  /** What the empty cart suggests, chosen when the page was built (the same pick as GET /api/products gives). */
  suggestions: ProductSummary[];
  /** Their one-click cart lines by product id (null: options to choose), as of the build. */
  suggestionLines: Record<string, CartItem | null>;
}

/**
 * The cart page (docs/decisions/spec-rules.md#s2 Cart): lines, order summary and recommendations, or the empty state.
 * The page is built with the empty state and its suggestions, so a visitor with an empty cart
 * sees the finished page before any script runs; over a stored cart the page's first paint draws
 * the lines and summary from storage in this island's markup (src/deferred-loading/cart-first-paint),
 * and FilledCart takes that stand-in's place when it renders. 'Loading your cart…' shows only if
 * that first paint could not run.
 * Hydrated with client:interaction: React loads when a person reaches for the page (a press made
 * before then is held and replayed), or when the page's live check finds news the stand-in does not
 * show (a changed price, a stock notice), or after load if the first paint could not draw the cart.
 */
export default function CartPage({ suggestions, suggestionLines }: CartPageProps) {
  const hydrated = useHydrated();
  const items = useBrowserStore($cartItems, NO_ITEMS);
  const [products, setProducts] = useState<ProductSummary[] | null>(null);
  const filled = hydrated && items.length > 0;

  // Suggestions beside a full cart leave out what is in it: they need every product.
  useEffect(() => {
    if (!filled || products) return;
    api
      .get<ProductSummary[]>('products')
      .then(setProducts)
      .catch((error: unknown) => console.error('[cart] recommendations not loaded:', error));
  }, [filled, products]);

  return (
    <>
      {!hydrated && (
        <p className={styles.loading} data-cart-loading>
          Loading your cart…
        </p>
      )}
      {filled ? (
        <FilledCart items={items} products={products} />
      ) : (
        <EmptyCart products={products ?? suggestions} lines={suggestionLines} />
      )}
    </>
  );
}

function EmptyCart({ products, lines }: { products: ProductSummary[]; lines: Record<string, CartItem | null> }) {
  return (
    <div className={styles.empty} data-cart-empty>
      <p className={styles.emptyText}>No items in your cart.</p>
      <a className="button" href="/collections">
        Browse collections
      </a>
      <Recommendations
        title="You may like"
        products={products}
        items={NO_ITEMS}
        limit={4}
        quickAdd
        initialLines={lines}
      />
    </div>
  );
}

function FilledCart({ items, products }: { items: CartItem[]; products: ProductSummary[] | null }) {
  const first = items[0]!;
  const layout = useRef<HTMLDivElement>(null);
  // Before the browser paints this render: the first paint's stand-in goes, what a person did on
  // it carries over, and presses held before hydration may then be replayed here.
  useLayoutEffect(() => {
    if (layout.current) takeOverStandIn(layout.current);
  }, []);
  useIslandReady(layout, true);
  // Opening the cart re-reads its lines' prices, stock and availability (one call a page view).
  useEffect(() => {
    void refreshCartOnOpen();
  }, []);
  return (
    <>
      <div ref={layout} className={styles.layout}>
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
