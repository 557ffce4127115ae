import type { LinePricingWords } from '../../lib/pricing/line-words.ts';
import styles from '../SuccessSummary.module.css';

/**
 * Under a list-priced receipt line: what was priced ("Front, 2 colours · Back, 1 colour") and
 * the price per piece in parts, as the order keeps them.
 */
export function LinePriced({ priced }: { priced: LinePricingWords }) {
  return (
    <>
      {priced.inputs && (
        <span className={styles.print} data-line-inputs>
          {' '}
          {priced.inputs}
        </span>
      )}
      <span className={styles.print} data-line-breakdown>
        {' '}
        Each: {priced.breakdown}
      </span>
    </>
  );
}
