import { useStore } from '@nanostores/react';
import type { CartItem } from '../../lib/cart/cart-lines.ts';
import { needsAttention } from '../../lib/browser/cart-stock.ts';
import { $cartStock, $priceChanges } from '../../stores/cart-stock.ts';
import styles from './line-stock.module.css';
import { Amount } from '../ui/Amount.tsx';

/**
 * Shown before the Checkout button: the prices that changed since their lines were added (so
 * the total above is the total charged), and lines checkout would refuse as they stand. A
 * status region, so the news of a refresh is announced when it arrives.
 */
export function CartNotices({ items }: { items: readonly CartItem[] }) {
  const changes = useStore($priceChanges);
  const stock = useStore($cartStock);
  const attention = needsAttention(items, stock);
  return (
    <div role="status" className={styles.notices}>
      {changes.length > 0 && (
        <ul aria-label="Price changes">
          {changes.map((change) => (
            <li key={`${change.productId}/${change.colorId}/${change.sizeId}`}>
              {change.name}: Price updated from <Amount cents={change.from} /> to <Amount cents={change.to} />
            </li>
          ))}
        </ul>
      )}
      {attention && <p>Some items are not available in the quantity in your cart. Please review them above.</p>}
    </div>
  );
}
