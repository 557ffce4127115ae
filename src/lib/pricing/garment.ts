import { unitPriceCents } from './tiers.ts';
import type { JobLine, PricePart } from './job.ts';

/**
 * The blank: the product's price at its quantity tiers, counting every piece of the product in
 * the job (`productPieces`), plus the size's upcharge from the garment list (by size name,
 * case-insensitive). A blank of $0 (customer-supplied garments, area products) adds no part.
 */
export function blankParts(line: JobLine, productPieces: number): PricePart[] {
  const parts: PricePart[] = [];
  const price = unitPriceCents({ price_cents: line.blank.price_cents, price_tiers: line.blank.tiers }, productPieces);
  if (price > 0) {
    const label = line.garment || line.sizeName ? 'Garment' : line.productName;
    parts.push({ kind: 'blank', label, unit_cents: price });
  }
  const size = line.sizeName?.trim().toLowerCase();
  if (size && line.garment) {
    const upcharge = line.garment.data.size_upcharges.find((u) => u.size.trim().toLowerCase() === size);
    if (upcharge && upcharge.cents > 0) {
      parts.push({ kind: 'size_upcharge', label: `Size ${upcharge.size}`, unit_cents: upcharge.cents });
    }
  }
  return parts;
}

/** The blank's tier breaks above `pieces`: where a larger order pays less for the garment. */
export function nextTierStarts(line: JobLine, pieces: number): number[] {
  return line.blank.tiers.map((t) => t.min_quantity).filter((q) => q > pieces);
}
