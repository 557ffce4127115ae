import type { CartSync } from './cart-schema.ts';
import type { CartItem } from './cart-item.ts';
import type { CartCheckout } from './checkout-schema.ts';
import type { ListQuote } from '../pricing/cart-list-pricer.ts';
import { quoteCartLists } from '../pricing/cart-list-pricer.ts';
import { locationInputs } from '../pricing/location-inputs.ts';
import type { AppliedDiscount, Fulfillment, PricingInput, ShippingSpeed } from '../pricing/cart-totals.ts';
import { type DesignCharge, designCharges, designKey } from '../pricing/print-locations.ts';

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
    /** The rush option chosen (null: standard); sent only when a line is priced by lists. */
    rush?: string | null;
    /** Bill a business account with a PO instead of paying (docs/decisions/0029-deposits.md); sent only when chosen. */
    account?: CartCheckout['account'];
    /** Where the order ships (issue 50): sent when shipping and typed in full. */
    shipTo?: CartCheckout['shipTo'];
  },
): CartCheckout {
  const namesArtwork = items.some((i) => i.locations?.some((l) => l.artworkId));
  return {
    cartId: state.cartId,
    items: items.map((item) => ({ ...lineRequest(item), price_cents: item.price_cents })),
    fulfillment: state.fulfillment,
    shippingSpeed: state.shippingSpeed,
    discountCode: state.discountCode || null,
    ...(state.discountCode && state.email ? { email: state.email.trim() } : {}),
    ...(namesArtwork && state.artworkOwner ? { artworkOwner: state.artworkOwner } : {}),
    ...(state.inHandsDate ? { inHandsDate: state.inHandsDate } : {}),
    ...(items.some((i) => i.list) ? { rush: state.rush ?? null } : {}),
    ...(state.account ? { account: state.account } : {}),
    ...(state.shipTo ? { shipTo: state.shipTo } : {}),
  };
}

/**
 * What names a line and what it was chosen with, as checkout and the cart's refresh take it: its
 * print locations with their pricing inputs (docs/decisions/0027-price-lists.md) and an area product's size.
 */
export function lineRequest({ productId, colorId, sizeId, quantity, locations, list }: CartItem) {
  return {
    productId,
    colorId,
    sizeId,
    quantity,
    ...(locations?.length
      ? {
          locations: locations.map((l) => ({ code: l.code, artworkId: l.artworkId, ...locationInputs(l) })),
        }
      : {}),
    ...(list?.area
      ? {
          area: {
            widthIn: list.area.widthIn,
            heightIn: list.area.heightIn,
            material: list.area.material,
            finishing: [...list.area.finishing],
          },
        }
      : {}),
  };
}

/** The cart as priceCart reads it. */
export function pricingInput(
  items: readonly CartItem[],
  fulfillment: Fulfillment,
  shippingSpeed: ShippingSpeed,
  discount: AppliedDiscount | null,
  rush: string | null = null,
): PricingInput {
  return {
    lines: [
      ...items.map((i) => ({ unit_price_cents: i.price_cents, quantity: i.quantity })),
      ...cartCharges(items, rush).map((c) => ({ unit_price_cents: c.unit_price_cents, quantity: c.quantity })),
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

/** The one-time fees of list-priced lines (screens, digitizing, setup) and the rush surcharge, as charges. */
/** The `location` of the rush surcharge among the cart's charges. */
const RUSH_CHARGE = 'rush';

function listCharges(quote: ListQuote | null): DesignCharge[] {
  if (!quote) return [];
  const fees = quote.job.fees.map(
    (fee): DesignCharge => ({
      kind: 'setup_fee',
      location: fee.design,
      name: fee.label,
      unit_price_cents: fee.total_cents,
      quantity: 1,
    }),
  );
  const rush = quote.job.rush;
  return rush && rush.cents > 0
    ? [
        ...fees,
        { kind: 'setup_fee', location: RUSH_CHARGE, name: rush.label, unit_price_cents: rush.cents, quantity: 1 },
      ]
    : fees;
}

/**
 * The order summary's rows of charges in the subtotal: print locations and one-time fees
 * together, and the rush surcharge on its own row under its option's name.
 */
export function summaryCharges(
  items: readonly CartItem[],
  rush: string | null,
): { printCents: number; rush: { name: string; cents: number } | null } {
  let printCents = 0;
  let surcharge: { name: string; cents: number } | null = null;
  for (const charge of cartCharges(items, rush)) {
    if (charge.location === RUSH_CHARGE) surcharge = { name: charge.name, cents: charge.unit_price_cents };
    else printCents += charge.unit_price_cents * charge.quantity;
  }
  return { printCents, rush: surcharge };
}

/**
 * The print-location charges of the cart's designs (pieces of a design together), as checkout
 * adds them; for lines priced by lists, the job's one-time fees and its rush surcharge.
 */
export function cartCharges(items: readonly CartItem[], rush: string | null = null): DesignCharge[] {
  const designs = new Map<string, { item: CartItem; pieces: number }>();
  for (const item of items) {
    if (!item.locations?.length || item.list) continue;
    const design = designs.get(designKey(item));
    if (design) design.pieces += item.quantity;
    else designs.set(designKey(item), { item, pieces: item.quantity });
  }
  return [
    ...[...designs.values()].flatMap(({ item, pieces }) => designCharges(item.name, item.locations ?? [], pieces)),
    ...listCharges(quoteCartLists(items, rush)),
  ];
}
