import type { CartSync } from './cart-schema.ts';
import type { CartCheckout } from './checkout-schema.ts';
import type { AppliedDiscount, Fulfillment, PricingInput, ShippingSpeed } from './pricing.ts';
import type { ProductDetail, ProductSummary } from './products.ts';

/** One cart line as kept in browser storage under the key 'cart' (spec §3 Cart item). */
export interface CartItem {
  productId: string;
  name: string;
  price_cents: number;
  colorId: string | null;
  colorName: string | null;
  sizeId: string | null;
  sizeName: string | null;
  quantity: number;
  image_main_url: string | null;
  /** Collection slug, for "Continue Shopping" and the product link. */
  collection: string;
}

/** Lines are the same when product, colour and size match (spec §4 Cart). */
export function sameLine(a: Pick<CartItem, 'productId' | 'colorId' | 'sizeId'>, b: typeof a): boolean {
  return a.productId === b.productId && a.colorId === b.colorId && a.sizeId === b.sizeId;
}

/** Adding merges into an existing line (quantities add up), otherwise appends a new line. */
export function addLine(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (item.quantity <= 0) return [...items];
  const existing = items.find((i) => sameLine(i, item));
  if (!existing) return [...items, item];
  return items.map((i) => (i === existing ? { ...i, quantity: i.quantity + item.quantity } : i));
}

/** Setting a quantity of 0 or below removes the line (spec §4 Cart). */
export function setLineQuantity(
  items: readonly CartItem[],
  line: Parameters<typeof sameLine>[0],
  quantity: number,
): CartItem[] {
  if (quantity <= 0) return items.filter((i) => !sameLine(i, line));
  return items.map((i) => (sameLine(i, line) ? { ...i, quantity: Math.floor(quantity) } : i));
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** Reads stored cart JSON defensively: anything malformed is dropped rather than breaking the page. */
export function decodeCart(raw: string): CartItem[] {
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    return data.filter(
      (i): i is CartItem =>
        typeof i === 'object' &&
        i !== null &&
        typeof i.productId === 'string' &&
        typeof i.name === 'string' &&
        Number.isInteger(i.price_cents) &&
        Number.isInteger(i.quantity) &&
        i.quantity > 0,
    );
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// What the cart sends and prices
// ---------------------------------------------------------------------------------------------

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
  },
): CartCheckout {
  return {
    cartId: state.cartId,
    items: items.map(({ productId, colorId, sizeId, quantity, price_cents }) => ({
      productId,
      colorId,
      sizeId,
      quantity,
      price_cents,
    })),
    fulfillment: state.fulfillment,
    shippingSpeed: state.shippingSpeed,
    discountCode: state.discountCode || null,
    ...(state.discountCode && state.email ? { email: state.email.trim() } : {}),
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
    lines: items.map((i) => ({ unit_price_cents: i.price_cents, quantity: i.quantity })),
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

// ---------------------------------------------------------------------------------------------
// Add to Cart rules of the product page (spec §4 Product page, §5)
// ---------------------------------------------------------------------------------------------

type Stocked = Pick<ProductDetail, 'variants' | 'stock_qty'>;
export interface Selection {
  colorId: string | null;
  sizeId: string | null;
}

/** Known stock of a (partial) selection: summed over the variants it matches; null when untracked. */
export function selectionStock(product: Stocked, { colorId, sizeId }: Selection): number | null {
  if (product.variants.length === 0) return product.stock_qty;
  return product.variants
    .filter((v) => (colorId === null || v.color_id === colorId) && (sizeId === null || v.size_id === sizeId))
    .reduce((sum, v) => sum + Math.max(0, v.stock_qty), 0);
}

/** A colour is disabled when nothing is in stock for it with the chosen size (or any size, none chosen). */
export function isColorDisabled(product: Stocked, colorId: string, sizeId: string | null): boolean {
  return product.variants.length > 0 && (selectionStock(product, { colorId, sizeId }) ?? 0) <= 0;
}

/** Sizes work the same way as colours. */
export function isSizeDisabled(product: Stocked, sizeId: string, colorId: string | null): boolean {
  return product.variants.length > 0 && (selectionStock(product, { colorId, sizeId }) ?? 0) <= 0;
}

/**
 * The size chosen without asking: a single size ('fits all' in the spec) has no toggle to
 * pick it with, so it is selected from the start and again after every reset.
 */
export function autoSizeId(product: Pick<ProductDetail, 'sizes'>): string | null {
  return product.sizes.length === 1 ? product.sizes[0]!.id : null;
}

export const MAX_LINE_QUANTITY = 999;

/** At least 1 and, when stock is a positive number, at most the stock. */
export function clampQuantity(quantity: number, stock: number | null): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  const ceiling = stock !== null && stock > 0 ? Math.min(stock, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY;
  return Math.min(Math.max(1, whole), ceiling);
}

/** Spec §5: when Add to Cart and Buy Now are enabled. */
export function canAddToCart(
  product: Pick<ProductDetail, 'colors' | 'sizes' | 'variants' | 'stock_qty'>,
  selection: Selection & { quantity: number },
): boolean {
  if (product.colors.length > 0 && !selection.colorId) return false;
  if (product.sizes.length > 0 && !selection.sizeId && autoSizeId(product) === null) return false;
  if (selection.quantity < 1) return false;
  const stock = selectionStock(product, {
    colorId: selection.colorId,
    sizeId: selection.sizeId ?? autoSizeId(product),
  });
  return stock === null || (stock > 0 && selection.quantity <= stock);
}

/** The cart line for a product and a complete selection. */
export function cartLine(product: ProductDetail, selection: Selection & { quantity: number }): CartItem {
  const color = product.colors.find((c) => c.id === selection.colorId) ?? null;
  const size = product.sizes.find((s) => s.id === selection.sizeId) ?? null;
  return {
    productId: product.id,
    name: product.name,
    price_cents: product.price_cents,
    colorId: color?.id ?? null,
    colorName: color?.name ?? null,
    sizeId: size?.id ?? null,
    sizeName: size?.name ?? null,
    quantity: selection.quantity,
    image_main_url: product.image_main_url,
    collection: product.collection.slug,
  };
}

/**
 * A one-click line for quick Add to Cart, or null when a person has to choose a colour or a
 * size first (more than one of either) or nothing is in stock.
 */
export function quickAddLine(product: ProductDetail): CartItem | null {
  if (product.colors.length > 1 || product.sizes.length > 1) return null;
  const selection = { colorId: product.colors[0]?.id ?? null, sizeId: product.sizes[0]?.id ?? null, quantity: 1 };
  return canAddToCart(product, selection) ? cartLine(product, selection) : null;
}

// ---------------------------------------------------------------------------------------------
// Recommendations on the cart page (spec §2 Cart, §9)
// ---------------------------------------------------------------------------------------------

/**
 * Up to `limit` products a person can buy and has not got in the cart: first from the
 * collections already in the cart, then the smaller add-on purchases (cheapest first).
 */
export function recommendProducts<P extends Pick<ProductSummary, 'id' | 'collection' | 'price_cents' | 'total_stock'>>(
  products: readonly P[],
  items: readonly Pick<CartItem, 'productId' | 'collection'>[],
  limit: number,
): P[] {
  const inCart = new Set(items.map((i) => i.productId));
  const collections = new Set(items.map((i) => i.collection));
  return products
    .filter((p) => !inCart.has(p.id) && (p.total_stock ?? 1) > 0)
    .map((p, order) => ({ p, order, near: collections.has(p.collection) ? 0 : 1 }))
    .sort((a, b) => a.near - b.near || a.p.price_cents - b.p.price_cents || a.order - b.order)
    .slice(0, limit)
    .map(({ p }) => p);
}
