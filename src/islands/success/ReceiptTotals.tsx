import type { PurchaseTotals } from '../checkout-session.ts';
import { Amount } from '../ui/Amount.tsx';
import { SHIPPING_SPEED_NAMES } from '../../lib/orders/shipping-speeds.ts';

/** How the order reaches the customer, as the receipt's shipping row names it. */
function deliveryLabel(totals: PurchaseTotals): string {
  if (totals.fulfillment === 'local') return 'Local handoff';
  return totals.shipping_speed ? `Shipping (${SHIPPING_SPEED_NAMES[totals.shipping_speed]})` : 'Shipping';
}

/**
 * The money of the receipt (docs/decisions/0028-owner-and-receipts.md), as the order records it:
 * subtotal, the discount only when there is one, shipping or local handoff, tax and total, and how
 * many pieces. Each amount is one unbreakable piece of text.
 */
export function ReceiptTotals({
  totals,
  totalCents,
  pieces,
  className,
}: {
  totals: PurchaseTotals | null;
  totalCents: number;
  pieces: number;
  className?: string | undefined;
}) {
  return (
    <section aria-label="Order totals">
      <dl className={className}>
        {totals && (
          <>
            <div>
              <dt>Subtotal</dt>
              <dd>
                <Amount cents={totals.subtotal_cents} />
              </dd>
            </div>
            {totals.discount_cents > 0 && (
              <div>
                <dt>Discount{totals.discount_code ? ` (${totals.discount_code})` : ''}</dt>
                <dd>
                  <span className="amount">
                    −<Amount cents={totals.discount_cents} />
                  </span>
                </dd>
              </div>
            )}
            <div>
              <dt>{deliveryLabel(totals)}</dt>
              <dd>{totals.shipping_cents > 0 ? <Amount cents={totals.shipping_cents} /> : 'Free'}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>
                <Amount cents={totals.tax_cents} />
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>Total</dt>
          <dd>
            <Amount cents={totalCents} />
          </dd>
        </div>
        {totals?.deposit_cents ? (
          <>
            <div>
              <dt>Paid now (deposit)</dt>
              <dd>
                <Amount cents={totals.deposit_cents} />
              </dd>
            </div>
            <div>
              <dt>Balance, asked later</dt>
              <dd>
                <Amount cents={totalCents - totals.deposit_cents} />
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Pieces</dt>
          <dd>{pieces}</dd>
        </div>
      </dl>
    </section>
  );
}
