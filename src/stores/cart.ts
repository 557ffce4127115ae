import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { addLine, type CartItem, decodeCart, itemCount, sameLine, setLineQuantity } from '../lib/cart-rules.ts';

export type { CartItem } from '../lib/cart-rules.ts';

/** The cart lines, persisted to localStorage under 'cart' on every change (spec §3, §4). */
export const $cartItems = persistentAtom<CartItem[]>('cart', [], { encode: JSON.stringify, decode: decodeCart });

/** Sum of quantities: the header badge. */
export const $cartCount = computed($cartItems, itemCount);

export function addToCart(item: CartItem) {
  $cartItems.set(addLine($cartItems.get(), item));
}

export function setCartQuantity(line: Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>, quantity: number) {
  $cartItems.set(setLineQuantity($cartItems.get(), line, quantity));
}

export function removeFromCart(line: Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>) {
  $cartItems.set($cartItems.get().filter((i) => !sameLine(i, line)));
}

/** Empties the cart and removes it from storage. */
export function clearCart() {
  $cartItems.set([]);
  try {
    localStorage.removeItem('cart');
  } catch {
    // storage unavailable (private mode): nothing stored to remove
  }
}
