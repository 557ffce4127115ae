/** docs/decisions/spec-rules.md#s3 Applied discount. For 'percentage', amount_cents/10000 is the share (1000 = 10%). */
export interface AppliedDiscount {
  type: 'fixed' | 'percentage' | 'free_shipping';
  amount_cents: number;
}

/** docs/decisions/spec-rules.md#s9: fixed is capped at the subtotal; percentage is amount_cents/10000 of it. */
export function discountCents(subtotal: number, discount: AppliedDiscount | null): number {
  if (!discount) return 0;
  if (discount.type === 'fixed') return Math.min(subtotal, Math.max(0, discount.amount_cents));
  if (discount.type === 'percentage') {
    return Math.min(subtotal, Math.round((subtotal * Math.max(0, discount.amount_cents)) / 10_000));
  }
  return 0;
}
