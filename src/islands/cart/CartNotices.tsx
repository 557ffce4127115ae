import { useStore } from '@nanostores/react';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import { needsAttention, type PriceChange } from '../../lib/browser/cart-stock.ts';
import { $cartStock, $priceChanges } from '../../stores/cart-stock.ts';
import styles from './line-stock.module.css';

/** "The price of A changed since you added it", or of "A and B ... them". */
function changedWords(changes: readonly PriceChange[]): string {
  const names = new Intl.ListFormat('en-US').format([...new Set(changes.map((c) => c.name))]);
  return changes.length === 1
    ? `The price of ${names} changed since you added it: the total above is what checkout charges.`
    : `The prices of ${names} changed since you added them: the total above is what checkout charges.`;
}

/**
 * The notices themselves: each line already says "Price updated from $X to $Y" beside its
 * amount, so here one sentence names the lines whose price changed (issue 44, item 13: the
 * news is not said twice per line), and whether some line cannot be bought as it stands.
 */
export function CartNoticeWords({ changes, attention }: { changes: readonly PriceChange[]; attention: boolean }) {
  return (
    <div role="status" className={styles.notices}>
      {changes.length > 0 && <p data-price-changes>{changedWords(changes)}</p>}
      {attention && <p>Some items are not available in the quantity in your cart. Please review them above.</p>}
    </div>
  );
}

/**
 * Shown before the Checkout button: the prices that changed since their lines were added (so
 * the total above is the total charged), and lines checkout would refuse as they stand. A
 * status region, so the news of a refresh is announced when it arrives.
 */
export function CartNotices({ items }: { items: readonly CartItem[] }) {
  const changes = useStore($priceChanges);
  const stock = useStore($cartStock);
  return <CartNoticeWords changes={changes} attention={needsAttention(items, stock)} />;
}
