import { TAX_RATE } from '../pricing/cart-totals.ts';

/** An order's money as the orders table keeps it: total = subtotal − discount + shipping + tax. */
export interface OrderAmounts {
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  /**
   * The rate the order was charged (thousandths of a percent, issue 50); null or absent: an order
   * from before the tax rules, charged the shop's 8 %.
   */
  tax_rate_milli?: number | null;
}

const taxOn = (discountedCents: number, rateMilli: number | null | undefined) =>
  rateMilli == null ? Math.round(discountedCents * TAX_RATE) : Math.round((discountedCents * rateMilli) / 100_000);

/**
 * The order's money after its lines change by `subtotalDeltaCents` (docs/decisions/0029-deposits.md, order changes):
 * the lines' subtotal moves by the change and the tax follows it at the rate the order was
 * charged (never today's rules: a rule changed later changes no order), as checkout taxes
 * (subtotal − discount); the discount and shipping stay as they were charged (a promo code
 * or a free-shipping threshold is not run again for an owner's change). For an order checkout
 * priced, the tax is exactly what checkout would charge for the new subtotal.
 */
export function retotal(order: OrderAmounts, subtotalDeltaCents: number): OrderAmounts {
  const before = order.subtotal_cents - order.discount_cents;
  const subtotal = order.subtotal_cents + subtotalDeltaCents;
  const after = subtotal - order.discount_cents;
  const rate = order.tax_rate_milli;
  const tax = Math.max(0, order.tax_cents + taxOn(after, rate) - taxOn(before, rate));
  return {
    subtotal_cents: subtotal,
    discount_cents: order.discount_cents,
    shipping_cents: order.shipping_cents,
    tax_cents: tax,
    total_cents: after + order.shipping_cents + tax,
  };
}

/** The largest credit an order's lines can take: its goods after the discount, down to $0.00. */
export const largestCreditCents = (order: OrderAmounts) => Math.max(0, order.subtotal_cents - order.discount_cents);
