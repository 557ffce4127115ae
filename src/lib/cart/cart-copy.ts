/**
 * Words of the cart page's order summary that its island and its first paint
 * (src/deferred-loading/cart-first-paint) both show.
 */
export const CART_LOCAL_NOTE =
  "We'll contact you to arrange pickup or delivery. Shipping fees are not applied and payment may be handled in person.";

export { SHIPPING_SPEEDS } from '../orders/shipping-speeds.ts';
