import type { ProductQuote } from '../../lib/pricing/product-quote.ts';
import styles from '../ProductOptions.module.css';
import { Amount } from '../ui/Amount.tsx';

/**
 * The live price of a list-priced product (docs/decisions/0027-price-lists.md): per piece and in total for the pieces
 * about to be added, the breakdown in words and the next price break. Announced politely as the
 * inputs change. While the pricing code loads, it says so.
 */
export function ListPrice({ quote, pieces }: { quote: ProductQuote | null; pieces: number }) {
  if (!quote) return <p className={styles.price}>Working out your price…</p>;
  if (!quote.ok) {
    return quote.field.kind === 'order' ? (
      <p className={styles.reason} data-list-problem>
        {quote.message}
      </p>
    ) : null;
  }
  const low = Math.min(...quote.unitsCents);
  const high = Math.max(...quote.unitsCents);
  return (
    <div className={styles.listPrice} aria-live="polite" data-list-price>
      <p className={styles.price}>
        {low === high ? (
          <Amount cents={low} />
        ) : (
          <>
            From <Amount cents={low} />
          </>
        )}
        <span className={styles.each}> each at {pieces}</span>
      </p>
      <p data-list-total>
        Total for {pieces} pieces: <Amount cents={quote.totalCents} />
      </p>
      <p className={styles.listBreakdown} data-list-breakdown>
        {quote.breakdown}
      </p>
      {quote.next && (
        <p className={styles.nudge} data-tier-nudge>
          {quote.next}.
        </p>
      )}
    </div>
  );
}
