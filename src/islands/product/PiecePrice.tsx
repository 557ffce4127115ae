import { nextTier, priceTable, unitPriceCents } from '../../lib/pricing/tiers.ts';
import type { ProductDetail } from '../../lib/catalog/products.ts';
import styles from '../ProductOptions.module.css';
import { Amount } from '../ui/Amount.tsx';

type Priced = Pick<ProductDetail, 'name' | 'price_cents' | 'price_tiers' | 'minimum_quantity'>;

/** "1–11", "12–23", "100+": the pieces a tier covers. */
function range(from: number, next: number | undefined): string {
  return next === undefined ? `${from}+` : from === next - 1 ? `${from}` : `${from}–${next - 1}`;
}

/**
 * The price per piece at the chosen quantity, the product's quantity price tiers, how many more
 * pieces reach the next one, and its minimum (docs/decisions/0015-print-ordering.md). Rendered into
 * the built page with the options, so it reads without JavaScript; the island keeps it in step with the quantity.
 */
export function PiecePrice({ product, quantity }: { product: Priced; quantity: number }) {
  const tiers = priceTable(product);
  const tiered = tiers.length > 1;
  const unit = unitPriceCents(product, quantity);
  const next = nextTier(product, quantity);
  const current = tiers.findLastIndex((t) => quantity >= t.min_quantity);
  return (
    <>
      <p className={styles.price}>
        <Amount cents={unit} />
        {tiered && <span className={styles.each}> each at {quantity}</span>}
      </p>
      {tiered && (
        <table className={styles.tiers}>
          <caption>Price per piece by quantity (sizes of one colour count together)</caption>
          <thead>
            <tr>
              <th scope="col">Pieces</th>
              <th scope="col">Each</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier, index) => (
              <tr key={tier.min_quantity} aria-current={index === current ? 'true' : undefined}>
                <td>{range(tier.min_quantity, tiers[index + 1]?.min_quantity)}</td>
                <td>
                  <Amount cents={tier.unit_price_cents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <p className={styles.nudge} data-tier-nudge>
          Add {next.more} more to pay <Amount cents={next.unit_price_cents} /> each.
        </p>
      )}
      {product.minimum_quantity > 1 && (
        <p className={styles.note} data-minimum>
          {product.name} is printed in runs of {product.minimum_quantity} or more.
        </p>
      )}
    </>
  );
}
