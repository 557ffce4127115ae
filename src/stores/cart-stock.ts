import { atom, computed } from 'nanostores';
import type { ErrorLine } from '../lib/api-error.ts';
import { sameLine } from '../lib/cart/cart-lines.ts';
import type { CartRefreshAnswer } from '../lib/cart/cart-schema.ts';
import {
  applyRefresh,
  type CartStock,
  mergePriceChanges,
  type PriceChange,
  refreshPayload,
  stockFromConflict,
} from '../lib/browser/cart-stock.ts';
import { $cartItems, $rush } from './cart.ts';

/** What the shop last said about each line's stock (by lineKey); empty until the cart is refreshed. */
export const $cartStock = atom<CartStock>({});

/** Prices changed since their lines were added, as the refreshes found them (this page view only). */
const $priceChangesFound = atom<PriceChange[]>([]);

/** The price changes of lines still in the cart: what is shown before Checkout. */
export const $priceChanges = computed([$priceChangesFound, $cartItems], (changes, items) =>
  changes.filter((change) => items.some((item) => sameLine(item, change))),
);

let refreshing: Promise<void> | null = null;

/**
 * Re-reads the prices, stock and availability of every line in one call (POST /api/cart/refresh),
 * when the cart page or drawer opens: lines take today's price (the change is shown) and their
 * stock limits. One refresh at a time; a failure leaves the cart as it was (checkout still checks).
 */
export function refreshCart(): Promise<void> {
  if (refreshing) return refreshing;
  if ($cartItems.get().length === 0) return Promise.resolve();
  refreshing = (async () => {
    try {
      const { api } = await import('../lib/browser/http.ts');
      const sent = $cartItems.get();
      const answer = await api.post<CartRefreshAnswer>('cart/refresh', refreshPayload(sent, $rush.get()));
      const result = applyRefresh($cartItems.get(), answer.lines, sent);
      if (result.changes.length > 0) $cartItems.set(result.items);
      $cartStock.set({ ...$cartStock.get(), ...result.stock });
      $priceChangesFound.set(mergePriceChanges($priceChangesFound.get(), result.changes));
    } catch (error) {
      console.error('[cart] refresh failed:', error);
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let openingRefresh: Promise<void> | null = null;

/**
 * The refresh of opening the cart page, once per page view whoever asks first: the page's live
 * check while the island sleeps (src/deferred-loading/cart-first-paint/live-check.ts) or the
 * island when it renders the cart.
 */
export function refreshCartOnOpen(): Promise<void> {
  openingRefresh ??= refreshCart();
  return openingRefresh;
}

/** Takes in what a checkout's 409 says about its lines, so each can offer "Set to N" or Remove. */
export function noteCheckoutConflict(code: string, lines: readonly ErrorLine[] | undefined) {
  if (!lines?.length) return;
  $cartStock.set({ ...$cartStock.get(), ...stockFromConflict(code, lines) });
}
