import type { ErrorLine } from '../api-error.ts';
import { sameLine } from '../cart/cart-lines.ts';
import type { CartItem } from '../cart/cart-item.ts';
import { MAX_LINE_QUANTITY } from '../cart/add-to-cart.ts';
import type { CartRefresh, RefreshedLine } from '../cart/cart-schema.ts';
import { lineRequest } from '../cart/cart-payloads.ts';
import { designKey } from '../pricing/print-locations.ts';

/**
 * The cart against the shop as it is now (docs/decisions/0013-trust-audit.md items 6 and 7): what the shop last said
 * about each line (a refresh when the cart opens, or a checkout's 409), the quantity limits and
 * notices that follow from it, and the prices that changed since the line was added.
 */

type LineIds = Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>;

/** What the shop last said about one line. */
export interface LineStock {
  /** Pieces that can be bought now; null = made to order, no limit. */
  available: number | null;
  /** Why the line cannot be bought at all (names the item); null when it can. */
  unavailable: string | null;
}

/** Keyed by `lineKey`. */
export type CartStock = Record<string, LineStock>;

/** A unit price that changed since the line was put in the cart. */
export interface PriceChange extends LineIds {
  name: string;
  from: number;
  to: number;
}

/** docs/decisions/spec-rules.md#s9: the low-stock warning shows at 3 or fewer. */
export const LOW_STOCK = 3;

/** One key per line: product, colour and size make a line (docs/decisions/spec-rules.md#s4). */
export function lineKey(item: LineIds): string {
  return `${item.productId}/${item.colorId ?? ''}/${item.sizeId ?? ''}`;
}

/**
 * The body of POST /api/cart/refresh: what names each line, its quantity (for its tier price) and,
 * for a line priced by lists, its inputs and the cart's rush (its price by today's lists).
 */
export function refreshPayload(items: readonly CartItem[], rush: string | null = null): CartRefresh {
  const listed = items.some((i) => i.list);
  return {
    items: items.map((item) => {
      const { productId, colorId, sizeId, quantity, ...inputs } = lineRequest(item);
      return { productId, colorId, sizeId, quantity, ...(item.list ? inputs : {}) };
    }),
    ...(listed ? { rush } : {}),
  };
}

/** The most a line's stepper may reach: its stock when known (0 when sold out). */
export function lineMax(stock: LineStock | undefined): number {
  if (!stock || stock.available === null) return MAX_LINE_QUANTITY;
  return Math.min(stock.available, MAX_LINE_QUANTITY);
}

/**
 * A quantity a person asked for, kept at or under the line's stock. A sold-out line is not
 * clamped (to 0 it would vanish): it says so and offers Remove instead.
 */
export function clampToStock(requested: number, stock: LineStock | undefined): number {
  const max = lineMax(stock);
  return max > 0 ? Math.min(requested, max) : requested;
}

/** What a line tells the person about its stock, if anything. */
export type LineNotice =
  /** Cannot be bought at all: the reason; Remove. */
  | { kind: 'unavailable'; message: string }
  | { kind: 'sold-out' }
  /** More in the cart than is left: "Only N left", Set to N or Remove. */
  | { kind: 'over'; available: number }
  /** At the limit or few left: "Only N left". */
  | { kind: 'low'; available: number };

export function lineNotice(quantity: number, stock: LineStock | undefined): LineNotice | null {
  if (!stock) return null;
  if (stock.unavailable) return { kind: 'unavailable', message: stock.unavailable };
  const { available } = stock;
  if (available === null) return null;
  if (available <= 0) return { kind: 'sold-out' };
  if (quantity > available) return { kind: 'over', available };
  if (available <= LOW_STOCK || quantity >= available) return { kind: 'low', available };
  return null;
}

/**
 * Whether a refresh's answer changes what the cart shows when drawn from storage alone (the cart
 * page's first paint): a price that changed, or a line with something to say about its stock.
 */
export function refreshChangesCart(
  items: readonly CartItem[],
  stock: CartStock,
  changes: readonly PriceChange[],
): boolean {
  return changes.length > 0 || items.some((item) => lineNotice(item.quantity, stock[lineKey(item)]) !== null);
}

/** True when checkout would refuse the cart as it stands (a line unavailable or over its stock). */
export function needsAttention(items: readonly CartItem[], stock: CartStock): boolean {
  return items.some((item) => {
    const notice = lineNotice(item.quantity, stock[lineKey(item)]);
    return notice !== null && notice.kind !== 'low';
  });
}

/**
 * Applies a refresh answer: each line takes the price checkout would charge now (noted when it
 * changed) and its stock. Lines are matched by what makes them a line, not by position, so a
 * change made while the answer was on its way is kept. A price is a tier price for the pieces of
 * the line's design as they were sent (`sent`): when the customer changed those pieces while the
 * answer was on its way, the line keeps the price the cart computed for the new quantity (the
 * next refresh checks it again) instead of a price for pieces it no longer has. A list-priced
 * line (docs/decisions/0027-price-lists.md) is priced by the server from today's lists for its
 * inputs, the cart's pooled pieces and its rush, so a list the owner edited shows as "Price updated" the same way.
 */
export function applyRefresh(
  items: readonly CartItem[],
  lines: readonly RefreshedLine[],
  sent: readonly CartItem[] = items,
): { items: CartItem[]; stock: CartStock; changes: PriceChange[] } {
  const stock: CartStock = {};
  const changes: PriceChange[] = [];
  const piecesSent = piecesByDesign(sent);
  const piecesNow = piecesByDesign(items);
  const next = items.map((item) => {
    const fresh = lines.find((l) => sameLine(l, item));
    if (!fresh) return item;
    stock[lineKey(item)] = { available: fresh.available, unavailable: fresh.purchasable ? null : fresh.message };
    // A list-priced line takes today's lists, so a quantity changed later is priced as checkout will.
    const current =
      fresh.list_product && item.list ? { ...item, list: { ...item.list, product: fresh.list_product } } : item;
    if (fresh.price_cents === null || fresh.price_cents === item.price_cents) return current;
    if (piecesSent.get(designKey(item)) !== piecesNow.get(designKey(item))) return current;
    const { productId, colorId, sizeId, name } = item;
    changes.push({ productId, colorId, sizeId, name, from: item.price_cents, to: fresh.price_cents });
    return { ...current, price_cents: fresh.price_cents };
  });
  return { items: next, stock, changes };
}

function piecesByDesign(items: readonly CartItem[]): Map<string, number> {
  const pieces = new Map<string, number>();
  for (const item of items) pieces.set(designKey(item), (pieces.get(designKey(item)) ?? 0) + item.quantity);
  return pieces;
}

/**
 * Notes the price changes of a refresh beside the ones already shown: a line keeps the price it
 * was first shown at as `from`, and a price that went back to it is no news.
 */
export function mergePriceChanges(shown: readonly PriceChange[], fresh: readonly PriceChange[]): PriceChange[] {
  const merged = shown.map((change) => {
    const again = fresh.find((f) => sameLine(f, change));
    return again ? { ...change, to: again.to } : change;
  });
  for (const change of fresh) if (!shown.some((s) => sameLine(s, change))) merged.push(change);
  return merged.filter((c) => c.from !== c.to);
}

/** The stock a checkout's 409 reports per line (`lines` of out_of_stock or product_unavailable). */
export function stockFromConflict(code: string, lines: readonly ErrorLine[]): CartStock {
  const stock: CartStock = {};
  for (const line of lines) {
    stock[lineKey(line)] =
      code === 'product_unavailable'
        ? { available: 0, unavailable: line.message }
        : { available: line.available, unavailable: null };
  }
  return stock;
}
