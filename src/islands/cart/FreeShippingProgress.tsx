import type { PriceBreakdown } from '../../lib/pricing/cart-totals.ts';
import { Amount } from '../ui/Amount.tsx';
import styles from './cart.module.css';

/**
 * docs/decisions/spec-rules.md#s9: the share of the $100 free-shipping threshold reached by the
 * discounted subtotal.
 */
export function FreeShippingProgress({ pricing }: { pricing: PriceBreakdown }) {
  const unlocked = pricing.free_shipping_remaining_cents === 0;
  const message = unlocked ? (
    "You've unlocked free shipping!"
  ) : (
    <>
      Spend <Amount cents={pricing.free_shipping_remaining_cents} /> more for free shipping
    </>
  );
  return (
    <div className={styles.progress}>
      <p id="free-shipping-message">{message}</p>
      <progress max={1} value={pricing.free_shipping_progress} aria-labelledby="free-shipping-message" />
    </div>
  );
}
