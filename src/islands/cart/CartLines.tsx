import { useStore } from '@nanostores/react';
import { lineImageAlt, linePictureLoading, sameLine } from '../../lib/cart/cart-lines.ts';
import type { CartItem } from '../../lib/cart/cart-item.ts';
import { clampToStock, lineMax } from '../../lib/browser/cart-stock.ts';
import { imageUrl } from '../../lib/catalog/images.ts';
import { lineBreakdown, quoteListLines } from '../../lib/pricing/cart-list-lines.ts';
import { $rush, removeFromCart, setCartQuantity } from '../../stores/cart.ts';
import { $cartStock, $priceChanges } from '../../stores/cart-stock.ts';
import { lineKey, rowKey } from '../line-key.ts';
import { Button } from '../ui/Button.tsx';
import { QuantityStepper } from '../ui/QuantityStepper.tsx';
import styles from './cart.module.css';
import { LineDesign } from './LineDesign.tsx';
import { LineStockNotice, PriceUpdated } from './LineStockNotice.tsx';
import { Amount } from '../ui/Amount.tsx';

/**
 * The item rows of the cart page: quantity stays at 1 or more here, and at most the stock the
 * shop last reported; Remove deletes the line.
 */
export function CartLines({ items }: { items: readonly CartItem[] }) {
  const stock = useStore($cartStock);
  const changes = useStore($priceChanges);
  const rush = useStore($rush);
  // Lines priced by lists, as one job: each shows its price in words (docs/decisions/0027-price-lists.md).
  const quote = quoteListLines(items, rush);
  return (
    <ul className={styles.lines} aria-label="Items in your cart">
      {items.map((item, index) => (
        <li key={rowKey(item)} className={styles.line}>
          {item.image_main_url ? (
            <img
              className={styles.thumb}
              src={imageUrl(item.image_main_url, 400)}
              alt={lineImageAlt(item)}
              width={96}
              height={96}
              {...linePictureLoading(items, index)}
            />
          ) : (
            <span className={styles.thumb} aria-hidden="true">
              <span className="photo-placeholder photo-placeholder--fill" />
            </span>
          )}
          <div className={styles.lineText}>
            <h3 className={styles.lineName}>{item.name}</h3>
            {item.colorName && <p>Color: {item.colorName}</p>}
            {item.sizeName && <p>Size: {item.sizeName}</p>}
            <LineDesign locations={item.locations} line={item} />
            <p>
              <Amount cents={item.price_cents} /> each
            </p>
            <ListBreakdown text={lineBreakdown(quote, items, index)} />
            <PriceUpdated change={changes.find((c) => sameLine(c, item))} />
            <LineStockNotice item={item} stock={stock[lineKey(item)]} />
          </div>
          <div className={styles.lineControls}>
            <QuantityStepper
              label={`Quantity of ${item.name}`}
              hideLabel
              value={item.quantity}
              min={1}
              max={lineMax(stock[lineKey(item)])}
              onChange={(quantity) => setCartQuantity(item, Math.max(1, clampToStock(quantity, stock[lineKey(item)])))}
            />
            <p className={styles.lineTotal}>
              <span className="visually-hidden">Line total: </span>
              <Amount cents={item.price_cents * item.quantity} />
            </p>
            <Button variant="quiet" aria-label={`Remove ${item.name}`} onPress={() => removeFromCart(item)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A list-priced line's price in words: "Garment $4.00 · Front, 2 colours $2.80 · Screens 3 × $15.00". */
function ListBreakdown({ text }: { text: string | null }) {
  return text ? (
    <p className={styles.breakdown} data-line-breakdown>
      {text}
    </p>
  ) : null;
}
