import { formatUsd } from '../money.ts';
import { areaNextPieces } from './area.ts';
import { nextBandStarts } from './bands.ts';
import { nextTierStarts } from './garment.ts';
import { type Job, PricingInputError } from './job.ts';
import type { DecorationList } from './lists.ts';
import { countPools, productKey } from './pools.ts';
import { priceJob } from './price-job.ts';

function decorationRows(list: DecorationList): readonly number[] {
  switch (list.method) {
    case 'screen_print':
    case 'embroidery':
      return list.grid.rows;
    case 'flat':
      return [];
    default:
      return list.light.rows;
  }
}

export interface PriceBreak {
  /** Pieces to add to the line. */
  more: number;
  /** The line's new price per piece. */
  unit_cents: number;
}

/**
 * The next price break of a line: the fewest pieces to add to it (and so to its product's and
 * designs' pools) that reach a band or tier where its price per piece drops, and that price.
 * null at the last band, or when the bands above are not offered.
 */
export function nextBreak(job: Job, lineKey: string): PriceBreak | null {
  const index = job.lines.findIndex((l) => l.key === lineKey);
  if (index < 0) return null;
  const line = job.lines[index]!;
  const current = priceJob(job).lines[index]!.unit_cents;
  const pools = countPools(job);
  const candidates = new Set<number>();
  const productPieces = pools.products.get(productKey(line)) ?? line.quantity;
  for (const start of nextTierStarts(line, productPieces)) candidates.add(start - productPieces);
  for (const decoration of line.decorations) {
    const pieces = pools.designs.get(decoration.design)?.pieces ?? line.quantity;
    for (const start of nextBandStarts(decorationRows(decoration.list.data), pieces)) candidates.add(start - pieces);
  }
  if (line.area) for (const more of areaNextPieces(line.area, line.quantity)) candidates.add(more);
  for (const more of [...candidates].sort((a, b) => a - b)) {
    const lines = job.lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity + more } : l));
    try {
      const unit = priceJob({ ...job, lines }).lines[index]!.unit_cents;
      if (unit < current) return { more, unit_cents: unit };
    } catch (error) {
      // A band above that is not offered (e.g. a quote above 999 pieces) is no break.
      if (!(error instanceof PricingInputError)) throw error;
    }
  }
  return null;
}

/** "Add 12 more to pay $11.20 each". */
export function nextBreakText(priceBreak: PriceBreak): string {
  return `Add ${priceBreak.more} more to pay ${formatUsd(priceBreak.unit_cents)} each`;
}
