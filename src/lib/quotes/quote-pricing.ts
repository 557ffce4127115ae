import { designCharges, type PrintLocation } from '../pricing/print-locations.ts';
import { type PriceBreakdown, priceCart } from '../pricing/cart-totals.ts';
import { unitPriceCents } from '../pricing/tiers.ts';
import type { Fulfillment, ShippingSpeed } from '../cart/checkout-schema.ts';
import type { OrderChargePricing, OrderItemPricing } from '../pricing/line-record.ts';

/**
 * order_items.item_type of a paid quote's lines: a catalogue line ('quoted') and a free line
 * ('custom'). Neither holds stock (releasing the order returns none); both are the job's pieces.
 */
export const QUOTED_ITEM_TYPES = ['quoted', 'custom'] as const;

/** A quote line as stored in a revision and shown on the quote page: priced, with its charges. */
export interface PricedQuoteLine {
  kind: 'product' | 'custom';
  description: string;
  quantity: number;
  unit_price_cents: number;
  /** The catalogue product a product line was priced from (null for a free line). */
  product_id: string | null;
  /** A product line's chosen print locations (codes) and note, so the editor can start from it. */
  locations?: string[];
  note?: string | null;
  /**
   * A line priced by the owner's lists (docs/decisions/0027-price-lists.md): its inputs, lists and versions, parts and
   * readable breakdown, kept on the order line (order_items.pricing). Absent: priced the flat way.
   */
  pricing?: OrderItemPricing;
  /**
   * Print locations on every piece and setup fees once: lines of their own on the order. A
   * list-priced line carries its designs' screens, digitizing or setup, the last one the rush.
   */
  charges: QuoteCharge[];
}

/** A charge of a quote line; a list-priced one keeps its list and version (order_items.pricing). */
export interface QuoteCharge {
  kind: 'print_location' | 'setup_fee' | 'screens' | 'digitizing' | 'rush';
  name: string;
  unit_price_cents: number;
  quantity: number;
  pricing?: OrderChargePricing;
}

/** What a product line needs of its catalogue product. */
export interface QuoteProduct {
  id: string;
  name: string;
  price_cents: number;
  price_tiers: readonly { min_quantity: number; unit_price_cents: number }[];
  print_locations: readonly PrintLocation[];
}

/**
 * A catalogue line: the product's tier price for this many pieces and the chosen locations'
 * charges, by the same functions the cart and checkout use.
 */
export function priceProductLine(
  product: QuoteProduct,
  input: { quantity: number; locations: readonly string[]; note?: string | null | undefined },
  unitCents = unitPriceCents(product, input.quantity),
): PricedQuoteLine {
  const locations = input.locations.map((code) => {
    const location = product.print_locations.find((l) => l.code === code);
    if (!location) throw new RangeError(`${product.name} has no print location ${code}`);
    return location;
  });
  return {
    kind: 'product',
    description: input.note ? `${product.name}: ${input.note}` : product.name,
    quantity: input.quantity,
    unit_price_cents: unitCents,
    product_id: product.id,
    locations: [...input.locations],
    note: input.note ?? null,
    charges: designCharges(product.name, locations, input.quantity).map((c) => ({
      kind: c.kind,
      name: c.name,
      unit_price_cents: c.unit_price_cents,
      quantity: c.quantity,
    })),
  };
}

/** A free line: the owner's description, quantity, price per piece and setup fee. */
export function priceCustomLine(input: {
  description: string;
  quantity: number;
  unitPriceCents: number;
  setupFeeCents: number;
}): PricedQuoteLine {
  return {
    kind: 'custom',
    description: input.description,
    quantity: input.quantity,
    unit_price_cents: input.unitPriceCents,
    product_id: null,
    charges:
      input.setupFeeCents > 0
        ? [
            {
              kind: 'setup_fee',
              name: `Setup, ${input.description}`,
              unit_price_cents: input.setupFeeCents,
              quantity: 1,
            },
          ]
        : [],
  };
}

/** A line's amount with its charges. */
export const lineTotalCents = (line: PricedQuoteLine) =>
  line.unit_price_cents * line.quantity + line.charges.reduce((sum, c) => sum + c.unit_price_cents * c.quantity, 0);

/**
 * A quote's totals: the shop's one pricing function over every line and charge, the owner's
 * discount as a fixed amount (capped at the subtotal), shipping by speed or local handoff, tax.
 */
export function priceQuote(input: {
  lines: readonly PricedQuoteLine[];
  discountCents: number;
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed | null;
}): PriceBreakdown {
  return priceCart({
    lines: input.lines.flatMap((l) => [
      { unit_price_cents: l.unit_price_cents, quantity: l.quantity },
      ...l.charges.map((c) => ({ unit_price_cents: c.unit_price_cents, quantity: c.quantity })),
    ]),
    fulfillment: input.fulfillment,
    shippingSpeed: input.shippingSpeed ?? 'standard',
    discount: input.discountCents > 0 ? { type: 'fixed', amount_cents: input.discountCents } : null,
  });
}
