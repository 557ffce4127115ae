import { type DesignCharge, designCharges, designKey } from '../../lib/pricing.ts';
import type { OrderChargePricing } from '../../lib/pricing/line-record.ts';
import type { CheckoutLine } from './load-lines.ts';

/**
 * A charge of an order besides its pieces: a print location on a design's pieces, or its setup
 * fee; for products priced by lists (issue #27, src/lib/pricing/price-list-lines.ts), a design's screens,
 * digitizing or setup, or the order's rush surcharge (no product).
 */
export interface ChargeLine {
  productId: string | null;
  kind: DesignCharge['kind'] | 'screens' | 'digitizing' | 'rush';
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** A list-priced charge's list and version (order_items.pricing); absent: flat. */
  pricing?: OrderChargePricing;
}

/**
 * The print-location charges of checked lines: per design (sizes together), from database
 * prices. Lines priced by lists carry their locations in their price and their fees apart.
 */
export function chargesOf(lines: readonly CheckoutLine[]): ChargeLine[] {
  const designs = new Map<string, { line: CheckoutLine; pieces: number }>();
  for (const line of lines) {
    if (line.pricing) continue;
    const key = designKey(line);
    const design = designs.get(key);
    if (design) design.pieces += line.quantity;
    else designs.set(key, { line, pieces: line.quantity });
  }
  return [...designs.values()].flatMap(({ line, pieces }) =>
    designCharges(line.name, line.locations, pieces).map((c) => ({
      productId: line.productId,
      kind: c.kind,
      name: c.name,
      unitPriceCents: c.unit_price_cents,
      quantity: c.quantity,
    })),
  );
}
