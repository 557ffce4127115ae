import { type DesignCharge, designCharges, designKey } from '../../lib/pricing.ts';
import type { CheckoutLine } from './load-lines.ts';

/** A charge of an order besides its pieces: a print location on a design's pieces, or its setup fee. */
export interface ChargeLine {
  productId: string;
  kind: DesignCharge['kind'];
  name: string;
  unitPriceCents: number;
  quantity: number;
}

/** The print-location charges of checked lines: per design (sizes together), from database prices. */
export function chargesOf(lines: readonly CheckoutLine[]): ChargeLine[] {
  const designs = new Map<string, { line: CheckoutLine; pieces: number }>();
  for (const line of lines) {
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
