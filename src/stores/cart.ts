import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { addLine, decodeCart, itemCount, sameLine, setDesignArtwork, setLineQuantity } from '../lib/cart/cart-lines.ts';
import type { CartItem } from '../lib/cart/cart-item.ts';
import { decodeDiscount, parseAppliedDiscount, pricingInput, syncPayload } from '../lib/cart/cart-payloads.ts';
import {
  CART_KEYS,
  decodeFlag,
  decodeFulfillment,
  decodeRush,
  decodeShippingSpeed,
} from '../lib/browser/cart-storage.ts';
import { onListPricer } from '../lib/pricing/cart-list-pricer.ts';
import { PERSONAL_CODE_MESSAGES } from '../lib/cart/personal-code.ts';
import { type AppliedDiscount, type Fulfillment, priceCart, type ShippingSpeed } from '../lib/pricing/cart-totals.ts';
import { $taxContext } from './tax.ts';

export type { CartItem } from '../lib/cart/cart-item.ts';

/** The cart lines, persisted to localStorage under 'cart' on every change (docs/decisions/spec-rules.md#s3, §4). */
export const $cartItems = persistentAtom<CartItem[]>(CART_KEYS.items, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

/** Sum of quantities: the header badge. */
export const $cartCount = computed($cartItems, itemCount);

/** The server's id of this cart (POST /api/cart), null until the first sync. */
export const $cartId = persistentAtom<string | null>('cartId', null, {
  encode: (id) => id ?? undefined,
  decode: (raw) => raw || null,
});

/** The promo code as applied (docs/decisions/spec-rules.md#s3 Cart state), '' when none. */
export const $discountCode = persistentAtom<string>(CART_KEYS.discountCode, '');

/** What the applied code is worth, as the validate call answered it. */
export const $appliedDiscount = persistentAtom<AppliedDiscount | null>(CART_KEYS.appliedDiscount, null, {
  encode: (discount) => (discount ? JSON.stringify(discount) : undefined),
  decode: decodeDiscount,
});

/**
 * Whether the applied code is personal (the validate call's `requires_email`): checkout then
 * needs the e-mail address it was sent to (docs/decisions/0013-trust-audit.md). Kept with the code it belongs to.
 */
export const $discountNeedsEmail = persistentAtom<boolean>(CART_KEYS.discountNeedsEmail, false, {
  encode: (on) => (on ? '1' : ''),
  decode: decodeFlag,
});

/** The address a personal code's checkout is for, as typed (not stored: it is only sent). */
export const $checkoutEmail = atom('');

/** What is wrong with that address ('' when nothing): the cart's check or checkout's answer. */
export const $checkoutEmailError = atom('');

export function setCheckoutEmail(value: string) {
  $checkoutEmail.set(value);
}

export function setCheckoutEmailError(message: string) {
  $checkoutEmailError.set(message);
}

/** Checkout said the applied code needs its e-mail (a code applied before the cart knew to ask). */
export function requireCheckoutEmail() {
  if ($discountCode.get()) $discountNeedsEmail.set(true);
}

/**
 * What is wrong with the typed address for a personal code ('' when it may be sent): the
 * shop's e-mail rule, loaded on first use so the cart page does not carry it up front.
 */
export async function checkoutEmailProblem(): Promise<string> {
  const typed = $checkoutEmail.get().trim();
  if (!typed) return PERSONAL_CODE_MESSAGES.emailRequired;
  const { isEmail } = await import('../lib/identifiers.ts');
  return isEmail(typed) ? '' : PERSONAL_CODE_MESSAGES.invalidEmail;
}

/** Ship or Local Handoff, shared by the product page and the cart page. */
export const $fulfillment = persistentAtom<Fulfillment>(CART_KEYS.fulfillment, 'shipping', {
  encode: (value) => value,
  decode: decodeFulfillment,
});

export const $shippingSpeed = persistentAtom<ShippingSpeed>(CART_KEYS.shippingSpeed, 'standard', {
  encode: (value) => value,
  decode: decodeShippingSpeed,
});

/**
 * The rush option of the products' turnaround list chosen (docs/decisions/0027-price-lists.md),
 * null: standard. Chosen on a product page or in the cart; it applies to the cart's list-priced
 * lines and goes to checkout.
 */
export const $rush = persistentAtom<string | null>(CART_KEYS.rush, null, {
  encode: (code) => code ?? undefined,
  decode: decodeRush,
});

export function setRush(code: string | null) {
  $rush.set(code);
}

/** docs/decisions/spec-rules.md#s3 logged-in flag: while on, the server keeps a copy of the cart. */
export const $loggedIn = atom(false);

/** Bumped when the list pricer loads (src/lib/pricing/cart-list-pricer.ts), so list fees join the totals. */
const $listPricerLoads = atom(0);
onListPricer(() => $listPricerLoads.set($listPricerLoads.get() + 1));

/**
 * What the cart costs, from the one pricing module (DESIGN.md rule 2), taxed by the rules of the
 * ship-to address or the shop's own for a pickup once they are loaded (stores/tax.ts).
 */
export const $pricing = computed(
  [$cartItems, $fulfillment, $shippingSpeed, $appliedDiscount, $rush, $listPricerLoads, $taxContext],
  (items, fulfillment, shippingSpeed, discount, rush, _loads, tax) =>
    priceCart({ ...pricingInput(items, fulfillment, shippingSpeed, discount, rush), ...(tax ? { tax } : {}) }),
);

// The HTTP client is imported on first use, so pages that only show the badge never load it.
const http = () => import('../lib/browser/http.ts');

let syncing: Promise<void> | null = null;
let syncAgain = false;

/**
 * POST /api/cart {cartId, items, discountCode} → {id}. Changes made while a sync is on its
 * way are sent right after it, so the server ends with the latest cart. Failures are logged
 * only (docs/decisions/spec-rules.md#s8).
 */
export function syncCart(): Promise<void> {
  if (syncing) {
    syncAgain = true;
    return syncing;
  }
  syncing = (async () => {
    do {
      syncAgain = false;
      try {
        const { api } = await http();
        const payload = syncPayload($cartItems.get(), $cartId.get(), $discountCode.get());
        const { id } = await api.post<{ id: string }>('cart', payload);
        $cartId.set(id);
      } catch (error) {
        console.error('[cart] sync failed:', error);
      }
    } while (syncAgain);
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}

function changed() {
  if ($loggedIn.get()) void syncCart();
}

/** Turning the flag on syncs at once. */
export function setLoggedIn(on: boolean) {
  const wasOn = $loggedIn.get();
  $loggedIn.set(on);
  if (on && !wasOn) void syncCart();
}

/** Adds one line, or the lines of a size breakdown together (one change, one sync). */
export function addToCart(item: CartItem | readonly CartItem[]) {
  const added = Array.isArray(item) ? item : [item as CartItem];
  $cartItems.set(added.reduce<CartItem[]>((items, line) => addLine(items, line), $cartItems.get()));
  changed();
}

export function setCartQuantity(line: Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>, quantity: number) {
  $cartItems.set(setLineQuantity($cartItems.get(), line, quantity));
  changed();
}

/** Attaches an uploaded file to a location of a line's design (every size of it), or clears it. */
export function setLineArtwork(
  line: CartItem,
  code: string,
  artwork: { artworkId: string; artworkName: string | null } | null,
) {
  $cartItems.set(setDesignArtwork($cartItems.get(), line, code, artwork));
  changed();
}

export function removeFromCart(line: Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>) {
  $cartItems.set($cartItems.get().filter((i) => !sameLine(i, line)));
  changed();
}

export function setFulfillment(value: Fulfillment) {
  $fulfillment.set(value);
}

export function setShippingSpeed(value: ShippingSpeed) {
  $shippingSpeed.set(value);
}

function clearDiscount() {
  $appliedDiscount.set(null);
  $discountCode.set('');
  $discountNeedsEmail.set(false);
  $checkoutEmail.set('');
  $checkoutEmailError.set('');
}

/** Statuses that mean "this code cannot be used", as opposed to "try again later". */
const refusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * docs/decisions/spec-rules.md#s4 Discount: an empty code does nothing; a valid one stores the discount and the code;
 * an invalid one clears both and throws (the error's message is for the person).
 */
export async function applyDiscount(code: string): Promise<void> {
  const typed = code.trim();
  if (!typed) return;
  const { api, ApiError } = await http();
  let answer: unknown;
  try {
    answer = await api.post<unknown>('discount-codes/validate', { code: typed });
  } catch (error) {
    if (error instanceof ApiError && refusal(error.status)) {
      clearDiscount();
      changed();
    }
    throw error;
  }
  const discount = parseAppliedDiscount(answer);
  if (!discount) {
    clearDiscount();
    changed();
    throw new ApiError(200, 'invalid_discount', `The code "${typed}" cannot be applied.`);
  }
  const { code: shown, requires_email } = answer as { code?: unknown; requires_email?: unknown };
  $discountNeedsEmail.set(requires_email === true);
  $appliedDiscount.set(discount);
  $discountCode.set(typeof shown === 'string' && shown ? shown : typed);
  changed();
}

export function removeDiscount() {
  clearDiscount();
  changed();
}

/**
 * Empties the cart and removes it from storage. The purchase that emptied it used up the
 * server's cart and the promo code, so those go too.
 */
export function clearCart() {
  $cartItems.set([]);
  $cartId.set(null);
  // The rush was the order's: the next cart starts at standard turnaround.
  $rush.set(null);
  clearDiscount();
  try {
    localStorage.removeItem('cart');
  } catch {
    // storage unavailable (private mode): nothing stored to remove
  }
}
