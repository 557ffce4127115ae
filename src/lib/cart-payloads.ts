import type { CartSync } from './cart-schema.ts';
import type { CartItem } from './cart-lines.ts';
import type { CartCheckout } from './checkout-schema.ts';
import {
  type AppliedDiscount,
  type DesignCharge,
  designCharges,
  designKey,
  type Fulfillment,
  type PricingInput,
  type ShippingSpeed,
} from './pricing.ts';

/** What the cart sends to the server and hands to the pricing module, and the discount it keeps. */

/** The body of POST /api/cart: lines without display data (prices are never sent to be trusted). */
export function syncPayload(items: readonly CartItem[], cartId: string | null, discountCode: string): CartSync {
  return {
    cartId,
    items: items.map(({ productId, colorId, sizeId, quantity }) => ({ productId, colorId, sizeId, quantity })),
    discountCode: discountCode || null,
  };
}

/** The body of POST /api/cart/checkout. */
export function checkoutPayload(
  items: readonly CartItem[],
  state: {
    cartId: string | null;
    fulfillment: Fulfillment;
    shippingSpeed: ShippingSpeed;
    discountCode: string;
    /** Sent only with a personal code (the address it was sent to). */
    email?: string;
    /** The browser's artwork owner token; sent only when a line names uploaded artwork. */
    artworkOwner?: string | null;
    /** When the customer needs it in hand (YYYY-MM-DD); sent only when given. */
    inHandsDate?: string;
  },
): CartCheckout {
  const namesArtwork = items.some((i) => i.locations?.some((l) => l.artworkId));
  return {
    cartId: state.cartId,
    items: items.map(({ productId, colorId, sizeId, quantity, price_cents, locations }) => ({
      productId,
      colorId,
      sizeId,
      quantity,
      price_cents,
      ...(locations?.length ? { locations: locations.map(({ code, artworkId }) => ({ code, artworkId })) } : {}),
    })),
    fulfillment: state.fulfillment,
    shippingSpeed: state.shippingSpeed,
    discountCode: state.discountCode || null,
    ...(state.discountCode && state.email ? { email: state.email.trim() } : {}),
    ...(namesArtwork && state.artworkOwner ? { artworkOwner: state.artworkOwner } : {}),
    ...(state.inHandsDate ? { inHandsDate: state.inHandsDate } : {}),
  };
}

/** The cart as priceCart reads it. */
export function pricingInput(
  items: readonly CartItem[],
  fulfillment: Fulfillment,
  shippingSpeed: ShippingSpeed,
  discount: AppliedDiscount | null,
): PricingInput {
  return {
    lines: [
      ...items.map((i) => ({ unit_price_cents: i.price_cents, quantity: i.quantity })),
      ...cartCharges(items).map((c) => ({ unit_price_cents: c.unit_price_cents, quantity: c.quantity })),
    ],
    fulfillment,
    shippingSpeed,
    discount,
  };
}

const DISCOUNT_TYPES = new Set<string>(['fixed', 'percentage', 'free_shipping']);

/** Reads an applied discount from the validate answer (`{type, amount_cents}`, possibly under `discount`) or storage. */
export function parseAppliedDiscount(data: unknown): AppliedDiscount | null {
  const value = (data as { discount?: unknown } | null)?.discount ?? data;
  const { type, amount_cents } = (value ?? {}) as { type?: unknown; amount_cents?: unknown };
  if (typeof type !== 'string' || !DISCOUNT_TYPES.has(type)) return null;
  const amount = Number(amount_cents ?? 0);
  if (!Number.isInteger(amount) || amount < 0) return null;
  return { type: type as AppliedDiscount['type'], amount_cents: amount };
}

export function decodeDiscount(raw: string): AppliedDiscount | null {
  try {
    return parseAppliedDiscount(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The print-location charges of the cart's designs (pieces of a design together), as checkout adds them. */
export function cartCharges(items: readonly CartItem[]): DesignCharge[] {
  const designs = new Map<string, { item: CartItem; pieces: number }>();
  for (const item of items) {
    if (!item.locations?.length) continue;
    const design = designs.get(designKey(item));
    if (design) design.pieces += item.quantity;
    else designs.set(designKey(item), { item, pieces: item.quantity });
  }
  return [...designs.values()].flatMap(({ item, pieces }) => designCharges(item.name, item.locations ?? [], pieces));
}
