import { imageUrl } from '../../lib/catalog/images.ts';
import type { PurchasedLine } from '../checkout-session.ts';
import styles from '../SuccessSummary.module.css';
import { Amount } from '../ui/Amount.tsx';
import { LinePriced } from './LinePriced.tsx';
import { LinePrint } from './LinePrint.tsx';

/**
 * One line of the receipt: its picture, "48 ×", what it is (and, list-priced, how a piece is
 * priced), the price of one piece when there are several (issue 44, item 13), and its amount.
 */
export function ReceiptLineItem({ line }: { line: PurchasedLine }) {
  return (
    <li>
      {/* The colour bought, as the cart showed it; the description beside it names it. */}
      {line.image_url ? (
        <img className={styles.thumb} src={imageUrl(line.image_url, 400)} alt="" width={48} height={48} />
      ) : (
        <span className={styles.thumb} />
      )}
      <span className={styles.quantity}>{line.quantity} ×</span>
      <span className={styles.description}>
        {line.description}
        {line.priced ? <LinePriced priced={line.priced} /> : <LinePrint print={line.print} />}
        {line.quantity > 1 && (
          <span className={styles.print} data-line-each>
            {' '}
            <Amount cents={Math.round(line.amount_cents / line.quantity)} /> each
          </span>
        )}
      </span>
      <span className={styles.amount}>
        <Amount cents={line.amount_cents} />
      </span>
    </li>
  );
}
