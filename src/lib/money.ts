/** Money is integer cents end to end (DESIGN.md rule 1); these format it only at the edge. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The most one charge may be: Stripe's largest amount in USD ($999,999.99). A quote, a cart or
 * an order above it could never be paid, so it is refused before it is stored
 * (src/server/orders/charge-limit.ts).
 */
export const MAX_CHARGE_CENTS = 99_999_999;

/** 1250 → "$12.50". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** 1250 → "12.50" (schema.org prices, admin tables). */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 1250 → "+$12.50", -1250 → "−$12.50" (a change of an amount; the minus is U+2212). */
export function formatSignedUsd(cents: number): string {
  return `${cents < 0 ? '−' : '+'}${formatUsd(Math.abs(cents))}`;
}
