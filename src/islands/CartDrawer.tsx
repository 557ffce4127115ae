import { useStore } from '@nanostores/react';
import { lineImageAlt, sameLine } from '../lib/cart/cart-lines.ts';
import { clampToStock, lineMax } from '../lib/browser/cart-stock.ts';
import { imageUrl } from '../lib/catalog/images.ts';
import { $cartItems, setCartQuantity } from '../stores/cart.ts';
import { $cartStock, $priceChanges } from '../stores/cart-stock.ts';
import styles from './CartDrawer.module.css';
import { LineStockNotice, PriceUpdated } from './cart/LineStockNotice.tsx';
import { lineKey, rowKey } from './line-key.ts';
import { LineDesign } from './cart/LineDesign.tsx';
import { QuantityStepper } from './ui/QuantityStepper.tsx';
import { Amount } from './ui/Amount.tsx';

// A line priced by lists (docs/decisions/0027-price-lists.md) is repriced with the engine when its
// quantity changes here: load it with the drawer when the cart holds one (src/lib/pricing/cart-list-pricer.ts).
$cartItems.subscribe((items) => {
  if (items.some((item) => item.list)) void import('../lib/pricing/cart-list-lines.ts');
});

/**
 * The lines of the cart drawer (docs/decisions/spec-rules.md#s2 App shell). Mounted on first open, never hydrated; each
 * opening refreshes prices and stock (mount-cart-drawer.ts), and the steppers stop at the stock.
 */
export default function CartDrawer() {
  const items = useStore($cartItems);
  const stock = useStore($cartStock);
  const changes = useStore($priceChanges);
  if (items.length === 0) return <p className={styles.empty}>Your cart is empty</p>;
  return (
    <ul className={styles.lines} aria-label="Items in your cart">
      {items.map((item) => (
        <li key={rowKey(item)} className={styles.line}>
          {item.image_main_url ? (
            <img
              className={styles.thumb}
              src={imageUrl(item.image_main_url, 400)}
              alt={lineImageAlt(item)}
              width={50}
              height={50}
            />
          ) : (
            <span className={styles.thumb} aria-hidden="true">
              <span className="photo-placeholder photo-placeholder--fill" />
            </span>
          )}
          <div className={styles.text}>
            <p className={styles.name}>{item.name}</p>
            {(item.colorName || item.sizeName) && (
              <p className={styles.variant}>{[item.colorName, item.sizeName].filter(Boolean).join(' / ')}</p>
            )}
            <LineDesign locations={item.locations} />
            <PriceUpdated change={changes.find((c) => sameLine(c, item))} />
            <LineStockNotice item={item} stock={stock[lineKey(item)]} offerRemove />
          </div>
          <p className={styles.total}>
            <Amount cents={item.price_cents * item.quantity} />
          </p>
          <div className={styles.stepper}>
            <QuantityStepper
              label={`Quantity of ${item.name}`}
              hideLabel
              value={item.quantity}
              min={0}
              max={lineMax(stock[lineKey(item)])}
              onChange={(quantity) => setCartQuantity(item, clampToStock(quantity, stock[lineKey(item)]))}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The drawer as an element, for mount-cart-drawer.ts (which stays free of JSX and of React imports). */
export const cartDrawer = () => <CartDrawer />;
