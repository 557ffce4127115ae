import { decodeCart } from '../cart/cart-lines.ts';
import type { CartItem } from '../cart/cart-item.ts';
import { decodeDiscount } from '../cart/cart-payloads.ts';
import type { AppliedDiscount, Fulfillment, ShippingSpeed } from '../pricing/cart-totals.ts';

/**
 * The cart as the browser keeps it in localStorage, one key per store of src/stores/cart.ts, and
 * how each is read back. The stores and the cart page's first paint (which reads storage before
 * any store exists) share these, so both see the same cart.
 */
export const CART_KEYS = {
  items: 'cart',
  fulfillment: 'fulfillment',
  shippingSpeed: 'shippingSpeed',
  appliedDiscount: 'appliedDiscount',
  discountCode: 'discountCode',
  discountNeedsEmail: 'discountNeedsEmail',
  rush: 'rush',
} as const;

/** A stored rush option's code (docs/decisions/0027-price-lists.md), or null: standard turnaround. */
export const decodeRush = (raw: string): string | null => (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) ? raw : null);

export const decodeFulfillment = (raw: string): Fulfillment => (raw === 'local' ? 'local' : 'shipping');

export const decodeShippingSpeed = (raw: string): ShippingSpeed =>
  raw === 'express' || raw === 'overnight' ? raw : 'standard';

export const decodeFlag = (raw: string): boolean => raw === '1';

/** Everything the cart page shows before a person has touched it, as stored. */
export interface StoredCart {
  items: CartItem[];
  fulfillment: Fulfillment;
  shippingSpeed: ShippingSpeed;
  discount: AppliedDiscount | null;
  discountCode: string;
  discountNeedsEmail: boolean;
  rush: string | null;
}

/** Reads the stored cart as the stores would (a missing key is the store's default). */
export function readStoredCart(storage: Pick<Storage, 'getItem'>): StoredCart {
  const read = <T>(key: string, decode: (raw: string) => T, fallback: T): T => {
    const raw = storage.getItem(key);
    return raw === null ? fallback : decode(raw);
  };
  return {
    items: read(CART_KEYS.items, decodeCart, []),
    fulfillment: read(CART_KEYS.fulfillment, decodeFulfillment, 'shipping'),
    shippingSpeed: read(CART_KEYS.shippingSpeed, decodeShippingSpeed, 'standard'),
    discount: read(CART_KEYS.appliedDiscount, decodeDiscount, null),
    discountCode: read(CART_KEYS.discountCode, (raw) => raw, ''),
    discountNeedsEmail: read(CART_KEYS.discountNeedsEmail, decodeFlag, false),
    rush: read(CART_KEYS.rush, decodeRush, null),
  };
}
