import type { Fulfillment, ShippingSpeed } from './cart/checkout-schema.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from './site/site.ts';

/** docs/decisions/spec-rules.md#s3 Applied discount. For 'percentage', amount_cents/10000 is the share (1000 = 10%). */
export interface AppliedDiscount {
  type: 'fixed' | 'percentage' | 'free_shipping';
  amount_cents: number;
}

export type { Fulfillment, ShippingSpeed };

/** One quantity price tier: from `min_quantity` pieces on, each piece costs `unit_price_cents`. */
export interface PriceTier {
  min_quantity: number;
  unit_price_cents: number;
}

/** What pricing needs of a product: its base price per piece and its tiers (any order). */
export interface TieredProduct {
  price_cents: number;
  price_tiers?: readonly PriceTier[] | undefined;
}

/** The tiers a product's price per piece follows, lowest first, starting at 1 piece. */
export function priceTable(product: TieredProduct): PriceTier[] {
  const tiers = [...(product.price_tiers ?? [])].sort((a, b) => a.min_quantity - b.min_quantity);
  if (tiers[0]?.min_quantity !== 1) tiers.unshift({ min_quantity: 1, unit_price_cents: product.price_cents });
  return tiers;
}

/**
 * The price of one piece of a product when `pieces` are ordered on one line (one colour, all
 * sizes together): the one place a unit price is chosen, for the product page, the cart and
 * checkout's re-pricing from the database.
 */
export function unitPriceCents(product: TieredProduct, pieces = 1): number {
  let price = product.price_cents;
  for (const tier of priceTable(product)) if (pieces >= tier.min_quantity) price = tier.unit_price_cents;
  return price;
}

/** The next cheaper tier from `pieces`, and how many more pieces reach it; null at the last. */
export function nextTier(product: TieredProduct, pieces: number): { more: number; unit_price_cents: number } | null {
  const current = unitPriceCents(product, pieces);
  const next = priceTable(product).find((t) => t.min_quantity > pieces && t.unit_price_cents < current);
  return next ? { more: next.min_quantity - pieces, unit_price_cents: next.unit_price_cents } : null;
}

/** A place a product can be printed: a price per piece and a one-time setup fee (the screen). */
export interface PrintLocation {
  code: string;
  name: string;
  price_cents_per_piece: number;
  setup_fee_cents: number;
}

/** A charge of a design besides its pieces: a location on every piece, or its setup fee once. */
export interface DesignCharge {
  kind: 'print_location' | 'setup_fee';
  location: string;
  name: string;
  unit_price_cents: number;
  quantity: number;
}

/**
 * What a design's print locations add: each location's price on every piece of the design, and
 * its setup fee once (docs/decisions/0015-print-ordering.md). `pieces` are the design's pieces, sizes together.
 */
export function designCharges(
  productName: string,
  locations: readonly PrintLocation[],
  pieces: number,
): DesignCharge[] {
  const charge = (
    kind: DesignCharge['kind'],
    location: PrintLocation,
    unitCents: number,
    quantity: number,
  ): DesignCharge[] =>
    unitCents > 0
      ? [
          {
            kind,
            location: location.code,
            name: `${location.name} ${kind === 'setup_fee' ? 'setup' : 'print'}, ${productName}`,
            unit_price_cents: unitCents,
            quantity,
          },
        ]
      : [];
  return locations.flatMap((l) => [
    ...charge('print_location', l, l.price_cents_per_piece, pieces),
    ...charge('setup_fee', l, l.setup_fee_cents, 1),
  ]);
}

/** The key of a design: a product in one colour with one set of locations (and their artwork). */
export function designKey(line: {
  productId: string;
  colorId: string | null;
  locations?: readonly { code: string; artworkId?: string | null }[] | undefined;
}): string {
  const locations = [...(line.locations ?? [])]
    .map((l) => `${l.code}:${l.artworkId ?? 'later'}`)
    .sort()
    .join(',');
  return `${line.productId}|${line.colorId ?? ''}|${locations}`;
}

/** Why a line below its product's minimum cannot be bought, and what to add. */
export function belowMinimumMessage(name: string, minimum: number, pieces: number): string {
  return `${name} is printed in runs of ${minimum} or more (sizes of one colour count together): add ${minimum - pieces} more.`;
}

/** docs/decisions/spec-rules.md#s9 shipping prices. */
export const SHIPPING_CENTS: Record<ShippingSpeed, number> = { standard: 500, express: 1500, overnight: 2500 };
export const TAX_RATE = 0.08;

export interface PricingInput {
  lines: { unit_price_cents: number; quantity: number }[];
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed;
  discount: AppliedDiscount | null;
  /** A business account exempt from sales tax, its certificate on file (docs/decisions/0029-deposits.md): no tax. */
  taxExempt?: boolean;
}

export interface PriceBreakdown {
  subtotal_cents: number;
  discount_cents: number;
  /** Subtotal after the discount: the base of tax and of the free-shipping threshold. */
  discounted_subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
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
  const tax = input.taxExempt ? 0 : Math.round(discounted * TAX_RATE);
  return {
    subtotal_cents: subtotal,
    discount_cents: discount,
    discounted_subtotal_cents: discounted,
    shipping_cents: shipping,
    tax_cents: tax,
    total_cents: discounted + shipping + tax,
    free_shipping_progress: Math.min(1, discounted / FREE_SHIPPING_THRESHOLD_CENTS),
    free_shipping_remaining_cents: Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - discounted),
  };
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
