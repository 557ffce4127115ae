import type { Fulfillment, ShippingSpeed } from '../cart/checkout-schema.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../site/site.ts';
import { type AppliedDiscount, discountCents } from './applied-discount.ts';
import { taxFor } from '../tax/tax-for.ts';
import { DEFAULT_TAX_RULES, type TaxPlace, type TaxRules } from '../tax/tax-rules.ts';

export type { AppliedDiscount, Fulfillment, ShippingSpeed };

/** docs/decisions/spec-rules.md#s9 shipping prices. */
export const SHIPPING_CENTS: Record<ShippingSpeed, number> = { standard: 500, express: 1500, overnight: 2500 };
/** The demo rules' rate (the spec's 8 %), as a fraction: what a shop with no rules of its own charges. */
export const TAX_RATE = DEFAULT_TAX_RULES.originRateMilli / 100_000;

export interface PricingInput {
  lines: { unit_price_cents: number; quantity: number }[];
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed;
  discount: AppliedDiscount | null;
  /** A business account exempt from sales tax, its certificate on file (docs/decisions/0029-deposits.md): no tax. */
  taxExempt?: boolean;
  /**
   * The shop's tax rules and where the goods go (the ship-to address, the shop's own for a
   * pickup; null: unknown, the shop's rate). Absent: the demo rules, 8 % everywhere.
   */
  tax?: { rules: TaxRules; place: TaxPlace | null };
}

export interface PriceBreakdown {
  subtotal_cents: number;
  discount_cents: number;
  /** Subtotal after the discount: the base of tax and of the free-shipping threshold. */
  discounted_subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  /** The rate the tax was charged at, in thousandths of a percent (8.25 % = 8250); 0 when exempt. */
  tax_rate_milli: number;
  /** Which rate applied, as every page, e-mail and the Stripe line say it: "Tax 8.25 % — Lubbock, TX". */
  tax_label: string;
  total_cents: number;
  /** Share of the free-shipping threshold reached, 0..1 (the cart's progress bar). */
  free_shipping_progress: number;
  /** Cents still to spend for free shipping; 0 once unlocked. */
  free_shipping_remaining_cents: number;
}

/**
 * The one pricing function (DESIGN.md rule 2): the cart shows what it computes and the
 * checkout charges what it computes, from database prices. All amounts are integer cents.
 */
export function priceCart(input: PricingInput): PriceBreakdown {
  const subtotal = input.lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
  const discount = discountCents(subtotal, input.discount);
  const discounted = subtotal - discount;
  const freeByThreshold = discounted >= FREE_SHIPPING_THRESHOLD_CENTS;
  const shipping =
    input.fulfillment === 'local' || input.discount?.type === 'free_shipping' || freeByThreshold || subtotal === 0
      ? 0
      : SHIPPING_CENTS[input.shippingSpeed];
  const tax = taxFor(input.tax?.rules ?? DEFAULT_TAX_RULES, {
    place: input.tax?.place ?? null,
    lineCents: input.lines.map((l) => l.unit_price_cents * l.quantity),
    discountCents: discount,
    shippingCents: shipping,
    exempt: input.taxExempt ?? false,
  });
  return {
    subtotal_cents: subtotal,
    discount_cents: discount,
    discounted_subtotal_cents: discounted,
    shipping_cents: shipping,
    tax_cents: tax.cents,
    tax_rate_milli: tax.rateMilli,
    tax_label: tax.label,
    total_cents: discounted + shipping + tax.cents,
    free_shipping_progress: Math.min(1, discounted / FREE_SHIPPING_THRESHOLD_CENTS),
    free_shipping_remaining_cents: Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - discounted),
  };
}
