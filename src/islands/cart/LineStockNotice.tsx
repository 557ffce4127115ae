import { useId } from 'react';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import { type LineStock, lineNotice, type PriceChange } from '../../lib/browser/cart-stock.ts';
import { removeFromCart, setCartQuantity } from '../../stores/cart.ts';
import { Button } from '../ui/Button.tsx';
import styles from './line-stock.module.css';
import { Amount } from '../ui/Amount.tsx';

interface LineStockNoticeProps {
  item: CartItem;
  stock: LineStock | undefined;
  /** The drawer's rows have no Remove button of their own; the cart page's rows do. */
  offerRemove?: boolean;
}

/**
 * What a line says about its stock (docs/decisions/0013-trust-audit.md item 6): "Only N left" at
 * the limit, and when the cart holds more than the shop has (found by the refresh or a checkout's
 * 409), the fix: set the quantity to what is left, or remove the line.
 */
export function LineStockNotice({ item, stock, offerRemove = false }: LineStockNoticeProps) {
  const id = useId();
  const notice = lineNotice(item.quantity, stock);
  if (!notice) return null;
  if (notice.kind === 'low') return <p className={styles.low}>Only {notice.available} left</p>;
  const text =
    notice.kind === 'unavailable'
      ? notice.message
      : notice.kind === 'sold-out'
        ? 'Sold out'
        : `Only ${notice.available} left`;
  return (
    <div className={styles.problem}>
      <p id={id}>{text}</p>
      <div className={styles.actions}>
        {notice.kind === 'over' && (
          <Button
            variant="secondary"
            aria-label={`Set quantity to ${notice.available} for ${item.name}`}
            aria-describedby={id}
            onPress={() => setCartQuantity(item, notice.available)}
          >
            Set quantity to {notice.available}
          </Button>
        )}
        {offerRemove && (
          <Button
            variant="secondary"
            aria-label={`Remove ${item.name}`}
            aria-describedby={id}
            onPress={() => removeFromCart(item)}
          >
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}

/** "Price updated from $39.00 to $42.00" on a line whose price changed since it was added (line 7). */
export function PriceUpdated({ change }: { change: PriceChange | undefined }) {
  if (!change) return null;
  return (
    <p className={styles.price}>
      Price updated from <Amount cents={change.from} /> to <Amount cents={change.to} />
    </p>
  );
}
