import type { OrderItemPricing } from './line-record.ts';
import {
  type ListCharge,
  type ListLineEntry,
  type ListPricing,
  type ListPricingOptions,
  type ListPricingProblem,
  priceListLines,
} from './price-list-lines.ts';
import { isListPriced } from './product-job.ts';
import { unitPriceCents } from './tiers.ts';

/**
 * The one entry that prices a request's lines whatever their method (issue 43, item 4): a product
 * priced by quantity tiers at the tier its design's pieces reach (./tiers.ts), a product priced by
 * the owner's lists as one job with the rush chosen (./price-list-lines.ts), the job's fees and
 * rush as charges. Pure: checkout prices with it from database rows.
 */

/** A line to price: what pricing reads of it, and the pieces of its design (sizes together), which choose a tier. */
export interface LineToPrice extends ListLineEntry {
  pieces: number;
}

/** A line's price per piece, and what the order keeps of how the lists priced it (null: by tiers). */
export interface PricedLine {
  unitCents: number;
  record: OrderItemPricing | null;
}

export interface LinePricing {
  /** By request index. With a problem, every line at its tier price (the caller drops the lines it names). */
  lines: Map<number, PricedLine>;
  charges: ListCharge[];
  turnaround: ListPricing['turnaround'];
  /** An input the lists or the product's size bounds do not take, named as the request names it. */
  problem: ListPricingProblem | null;
}

export function priceLines(
  lines: readonly LineToPrice[],
  rush: string | null,
  options: ListPricingOptions = {},
): LinePricing {
  const priced = new Map<number, PricedLine>(
    lines.map((line) => [line.index, { unitCents: unitPriceCents(line.product, line.pieces), record: null }]),
  );
  const listed = priceListLines(
    lines.filter((line) => isListPriced(line.product)),
    rush,
    options,
  );
  if (!listed.ok) return { lines: priced, charges: [], turnaround: null, problem: listed.problem };
  for (const [index, line] of listed.pricing.lines) priced.set(index, line);
  return { lines: priced, charges: listed.pricing.charges, turnaround: listed.pricing.turnaround, problem: null };
}
