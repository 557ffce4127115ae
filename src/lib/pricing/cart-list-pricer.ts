import type { CartItem } from '../cart/cart-item.ts';
import type { PricedJob } from './job.ts';

/** The cart's list-priced lines priced as one job (src/lib/pricing/cart-list-lines.ts). */
export interface ListQuote {
  job: PricedJob;
  /** The cart index of each priced line, in the job's order. */
  indexes: number[];
}

/**
 * The cart's list pricer (docs/decisions/0027-price-lists.md), registered by
 * src/lib/pricing/cart-list-lines.ts when a page loads it. The engine (every method, dayjs for dates) is
 * not part of every page: only the pages that show a list-priced price load it (a list-priced
 * product page, the cart page, the cart drawer), and the cart store reprices once it is here. Until
 * then a list-priced line keeps the price it was stored with, which the engine computed when it was
 * added or last changed.
 */
export type ListQuoter = (items: readonly CartItem[], rush: string | null) => ListQuote | null;
/** A cart line's price in words, or null (src/lib/pricing/cart-list-lines.ts). */
export type LineBreakdown = (quote: ListQuote | null, items: readonly CartItem[], index: number) => string | null;

let quoter: ListQuoter | null = null;
let breakdown: LineBreakdown | null = null;
const listeners = new Set<() => void>();

export function setListPricer(fn: ListQuoter, words: LineBreakdown) {
  if (quoter) return;
  quoter = fn;
  breakdown = words;
  for (const listener of listeners) listener();
}

/** The cart's list-priced lines priced as one job, or null (none, or the engine not loaded yet). */
export function quoteCartLists(items: readonly CartItem[], rush: string | null): ListQuote | null {
  return quoter && items.some((item) => item.list) ? quoter(items, rush) : null;
}

/** Each cart line's price in words (null: not list-priced, or the engine not loaded yet). */
export function cartLineBreakdowns(items: readonly CartItem[], rush: string | null): (string | null)[] {
  const quote = quoteCartLists(items, rush);
  return items.map((_, index) => (breakdown ? breakdown(quote, items, index) : null));
}

/** Calls `listener` once the pricer is registered (at once if it already is). */
export function onListPricer(listener: () => void) {
  if (quoter) listener();
  else listeners.add(listener);
}
