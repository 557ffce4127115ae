import type { FromPrice } from '../../lib/pricing/from-price.ts';
import type { ProductQuote } from '../../lib/pricing/product-quote.ts';
import styles from '../ProductOptions.module.css';
import { Amount } from '../ui/Amount.tsx';

/** The catalogue's "from $X each at N pieces", worked out on the server when the page was built. */
function FromHeading({ from }: { from: FromPrice | null }) {
  if (!from) return <p className={styles.price}>Priced by the options below</p>;
  return (
    <p className={styles.price} data-from-price>
      from <Amount cents={from.cents} />
      <span className={styles.each}> each at {from.pieces.toLocaleString('en-US')} pieces</span>
    </p>
  );
}

/**
 * The live price of a list-priced product (docs/decisions/0027-price-lists.md): per piece and in total for the pieces
 * about to be added, the breakdown in words and the next price break. Announced politely as the
 * inputs change. Until the pricing code has loaded and the choices price (issue 44, item 12), it
 * shows the same from-price as the catalogue card, with an order-wide problem beneath it.
 */
export function ListPrice({
  quote,
  pieces,
  from,
}: {
  quote: ProductQuote | null;
  pieces: number;
  from: FromPrice | null;
}) {
  if (!quote?.ok) {
    return (
      <>
        <FromHeading from={from} />
        {quote?.field.kind === 'order' && (
          <p className={styles.reason} data-list-problem>
            {quote.message}
          </p>
        )}
      </>
    );
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
        Total for {pieces === 1 ? '1 piece' : `${pieces} pieces`}: <Amount cents={quote.totalCents} />
      </p>
      <p className={styles.listBreakdown} data-list-breakdown>
        {quote.breakdown}
      </p>
      <p className={styles.listBreakdown} data-list-workings>
        {quote.workings}
      </p>
      {quote.next && (
        <p className={styles.nudge} data-tier-nudge>
          {quote.next}.
        </p>
      )}
    </div>
  );
}
