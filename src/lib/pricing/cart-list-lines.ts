import type { CartItem } from '../cart/cart-item.ts';
import { breakdownText, feesOfDesigns } from './breakdown-text.ts';
import { PricingInputError } from './job.ts';
import { priceJob } from './price-job.ts';
import { locationInputs } from './location-inputs.ts';
import { buildJob, designOf, type LineChoice } from './product-job.ts';
import { type ListQuote, setListPricer } from './cart-list-pricer.ts';

/**
 * The cart's lines priced by the owner's lists (docs/decisions/0027-price-lists.md): every list-priced line of the cart
 * in one job, so lines of one design (sizes, colours) pool their pieces and pay its fees once,
 * as checkout prices them (src/lib/pricing/product-job.ts builds the job for both).
 */

/** A cart line's choices as the job builder takes them; null: not priced by list. */
export function lineChoice(item: CartItem, key: string): LineChoice | null {
  if (!item.list) return null;
  return {
    key,
    product: item.list.product,
    quantity: item.quantity,
    sizeName: item.sizeName,
    colorHex: item.list.colorHex,
    locations: (item.locations ?? []).map((l) => ({ code: l.code, artworkId: l.artworkId, ...locationInputs(l) })),
    area: item.list.area ?? null,
  };
}

/**
 * The list-priced lines of a cart priced as one job with the rush chosen, or null when there
 * are none or their inputs no longer fit the lists kept (the line keeps its price; checkout
 * answers with the field).
 */
export function quoteListLines(items: readonly CartItem[], rush: string | null): ListQuote | null {
  const indexes: number[] = [];
  const choices: LineChoice[] = [];
  items.forEach((item, index) => {
    const choice = lineChoice(item, String(index));
    if (choice) {
      indexes.push(index);
      choices.push(choice);
    }
  });
  if (choices.length === 0) return null;
  try {
    return { job: priceJob(buildJob(choices, choices.some((c) => c.product.turnaround_list) ? rush : null)), indexes };
  } catch (error) {
    if (error instanceof PricingInputError) return null;
    throw error;
  }
}

const designsOf = (item: CartItem): string[] => (item.locations ?? []).map((l) => designOf(item.productId, l));

/**
 * A cart line's price in words ("Garment $4.00 · Front, 2 colours $2.80 · Screens 3 × $15.00"), or
 * null. A design's one-time fees (screens, digitizing, setup) are said on its first line only:
 * its other sizes share them, and checkout charges them once (issue 44, item 13).
 */
export function lineBreakdown(quote: ListQuote | null, items: readonly CartItem[], index: number): string | null {
  const at = quote?.indexes.indexOf(index) ?? -1;
  const line = quote?.job.lines[at];
  const item = items[index];
  if (!quote || !line || !item?.list) return null;
  const earlier = new Set(items.slice(0, index).flatMap((i) => (i.list ? designsOf(i) : [])));
  const designs = designsOf(item).filter((d) => !earlier.has(d));
  return breakdownText(line, feesOfDesigns(quote.job.fees, designs), quote.job.rush);
}

// Loading this module is what lets the cart price list-priced lines (./list-pricer.ts).
setListPricer(quoteListLines, lineBreakdown);
