import type { ShippingSpeed } from '../cart/checkout-schema.ts';

/**
 * Each shipping speed in words, the one copy every screen, e-mail and payment uses (the cart's
 * choice, the quote editor, the receipt, the order's totals, Stripe's shipping line).
 */
export const SHIPPING_SPEED_NAMES: Readonly<Record<ShippingSpeed, string>> = {
  standard: 'Standard',
  express: 'Express',
  overnight: 'Overnight',
};

/** The speeds in the order a choice lists them. */
export const SHIPPING_SPEEDS: readonly { value: ShippingSpeed; label: string }[] = (
  Object.keys(SHIPPING_SPEED_NAMES) as ShippingSpeed[]
).map((value) => ({ value, label: SHIPPING_SPEED_NAMES[value] }));

/** "Express shipping": a speed as a line of a payment or a quote names it. */
export const shippingSpeedLine = (speed: ShippingSpeed) => `${SHIPPING_SPEED_NAMES[speed]} shipping`;
