// Loaded with the product page's quote, the cart's list pricer is ready before Add to Cart.
import './cart-list-lines.ts';
import { breakdownText } from './breakdown-text.ts';
import { PricingInputError } from './job.ts';
import { nextBreak, nextBreakText } from './next-break.ts';
import { priceJob } from './price-job.ts';
import { quoteWorkings } from './quote-workings.ts';
import { buildJob, type ChosenArea, type ChosenDecoration, type PricedProduct } from './product-job.ts';
import { type TurnaroundChoice, turnaroundChoices } from './turnaround.ts';
import { countingDay, type ShopCalendar } from '../calendar/shop-calendar.ts';

/**
 * The product page's live price of a list-priced product (docs/decisions/0027-price-lists.md): the
 * lines about to be added (sizes together) priced as one job by the engine, with its breakdown in words, the next price
 * break and the turnaround dates. Loaded only on pages of list-priced products.
 */

/** One size's pieces about to be added. */
export interface QuotedSize {
  key: string;
  sizeName: string | null;
  quantity: number;
}

/** Which field an engine error belongs beside: a location (by code), the area, the rush, or the order. */
export type QuoteField = { kind: 'location'; code: string } | { kind: 'area' } | { kind: 'rush' } | { kind: 'order' };

export type ProductQuote =
  | {
      ok: true;
      /** Price per piece of each size chosen (equal unless a size has an upcharge). */
      units: { size: string | null; cents: number }[];
      /** Lines, one-time fees and rush. */
      totalCents: number;
      breakdown: string;
      /** "Add 12 more to pay $11.20 each", or null at the last break. */
      next: string | null;
      /** How the total is reached: each size's price where they differ, the fees, the rush (quote-workings.ts). */
      workings: string;
    }
  | { ok: false; field: QuoteField; message: string };

function fieldOf(error: PricingInputError, locations: readonly ChosenDecoration[]): QuoteField {
  if (error.field.startsWith('turnaround')) return { kind: 'rush' };
  if (/\.area\b/.test(error.field)) return { kind: 'area' };
  const j = /\.decorations\[(\d+)\]/.exec(error.field);
  const code = j ? locations[Number(j[1])]?.code : undefined;
  return code ? { kind: 'location', code } : { kind: 'order' };
}

export function quoteProduct(
  product: PricedProduct,
  choice: {
    sizes: readonly QuotedSize[];
    colorHex: string | null;
    locations: readonly ChosenDecoration[];
    area: ChosenArea | null;
    rush: string | null;
  },
): ProductQuote {
  const sizes = choice.sizes.filter((s) => s.quantity > 0);
  if (sizes.length === 0) return { ok: false, field: { kind: 'order' }, message: 'Enter how many pieces you need.' };
  try {
    const job = buildJob(
      sizes.map((s) => ({
        key: s.key,
        product,
        quantity: s.quantity,
        sizeName: s.sizeName,
        colorHex: choice.colorHex,
        locations: choice.locations,
        area: choice.area,
      })),
      product.turnaround_list ? choice.rush : null,
    );
    const priced = priceJob(job);
    const largest = [...sizes].sort((a, b) => b.quantity - a.quantity)[0]!;
    const first = priced.lines.find((l) => l.key === largest.key)!;
    const nextAt = nextBreak(job, largest.key);
    return {
      ok: true,
      units: priced.lines.map((l) => ({
        size: sizes.find((s) => s.key === l.key)?.sizeName ?? null,
        cents: l.unit_cents,
      })),
      totalCents: priced.subtotal_cents,
      breakdown: breakdownText(first, priced.fees, priced.rush),
      next: nextAt ? nextBreakText(nextAt) : null,
      workings: quoteWorkings(priced, new Map(sizes.map((s) => [s.key, s.sizeName]))),
    };
  } catch (error) {
    if (!(error instanceof PricingInputError)) throw error;
    return { ok: false, field: fieldOf(error, choice.locations), message: error.message };
  }
}

/** Standard and each rush option with the date it buys on the shop's calendar, counted from `now`. */
export function turnaroundOf(
  product: PricedProduct,
  calendar: ShopCalendar,
  now: Date | number = Date.now(),
): TurnaroundChoice[] | null {
  return product.turnaround_list
    ? turnaroundChoices(product.turnaround_list.data, countingDay(calendar, now), calendar)
    : null;
}
