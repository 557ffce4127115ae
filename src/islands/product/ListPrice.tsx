import type { FromPrice } from '../../lib/pricing/from-price.ts';
import type { ProductQuote } from '../../lib/pricing/product-quote.ts';
import { livePriceWords, type SizePriceWords } from '../../lib/pricing/size-price-words.ts';
import styles from '../ProductOptions.module.css';
import { Amount } from '../ui/Amount.tsx';

/** "for S–XL; 2XL +$2.00 each" after a price that larger sizes pay more than. */
function SizeWords({ words }: { words: SizePriceWords | null }) {
  if (!words) return null;
  return (
    <span className={styles.each} data-size-prices>
      {` for ${words.cheapest}; ${words.dearer} each`}
    </span>
  );
}

/**
 * The catalogue's "from $X each at N pieces", worked out on the server when the page was built,
 * for the cheapest sizes, with what the larger ones cost on top.
 */
function FromHeading({ from, sizes }: { from: FromPrice | null; sizes: SizePriceWords | null }) {
  if (!from) return <p className={styles.price}>Priced by the options below</p>;
  return (
    <p className={styles.price} data-from-price>
      from <Amount cents={from.cents} />
      <span className={styles.each}> each at {from.pieces.toLocaleString('en-US')} pieces</span>
      <SizeWords words={sizes} />
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
  sizes = null,
}: {
  quote: ProductQuote | null;
  pieces: number;
  from: FromPrice | null;
  /** The product's size upcharges in words (size-price-words.ts); null: every size costs the same. */
  sizes?: SizePriceWords | null;
}) {
  if (!quote?.ok) {
    return (
      <>
        <FromHeading from={from} sizes={sizes} />
        {quote?.field.kind === 'order' && (
          <p className={styles.reason} data-list-problem>
            {quote.message}
          </p>
        )}
      </>
    );
  }
  // Sizes at different prices: the lowest for the sizes it is for, then each dearer size's own.
  const low = Math.min(...quote.units.map((u) => u.cents));
  return (
    <div className={styles.listPrice} aria-live="polite" data-list-price>
      <p className={styles.price}>
        <Amount cents={low} />
        <span className={styles.each}> each at {pieces}</span>
        <SizeWords words={livePriceWords(quote.units)} />
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
