import { designCharges, designKey } from '../../lib/pricing/print-locations.ts';
import type { ChargeLine } from '../orders/create-order.ts';
import type { CheckoutLine } from './load-lines.ts';

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
