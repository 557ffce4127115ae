import type { ProductDetail } from '../../lib/catalog/products.ts';
import { type Breakdown, breakdownPieces, sizeMax, sizeStock } from '../../lib/orders/size-breakdown.ts';
import { QuantityStepper } from '../ui/QuantityStepper.tsx';
import styles from '../ProductOptions.module.css';

/** Fewer pieces than this left of a size shows "N left" under it. */
const FEW_LEFT = 10;

/**
 * Pieces per size for one colour and design (docs/decisions/0015-print-ordering.md): a stepper per
 * size, each clamped to that size's stock, and the pieces they add up to (which choose the price
 * tier). Sold-out sizes stay listed, disabled, so the person sees what is missing.
 */
export function SizeBreakdown({
  product,
  colorId,
  value,
  onChange,
}: {
  product: ProductDetail;
  colorId: string | null;
  value: Breakdown;
  onChange: (next: Breakdown) => void;
}) {
  const pieces = breakdownPieces(value);
  return (
    <fieldset className={styles.breakdown} data-size-breakdown>
      <legend>Pieces per size</legend>
      <div className={styles.breakdownGrid}>
        {product.sizes.map((size) => {
          const stock = sizeStock(product, colorId, size.id);
          const max = sizeMax(product, colorId, size.id);
          return (
            <div key={size.id} className={styles.breakdownSize}>
              <QuantityStepper
                label={`Quantity of ${size.name}`}
                name={`size-${size.id}`}
                value={value[size.id] ?? 0}
                min={0}
                max={max}
                isDisabled={max === 0}
                onChange={(n) => onChange({ ...value, [size.id]: n })}
              />
              {stock !== null && stock < FEW_LEFT && (
                <span className={styles.sizeLeft}>{stock === 0 ? 'Sold out' : `Only ${stock} left`}</span>
              )}
            </div>
          );
        })}
      </div>
      <p className={styles.pieces} aria-live="polite">
        {pieces === 1 ? '1 piece' : `${pieces} pieces`} in all
      </p>
    </fieldset>
  );
}
