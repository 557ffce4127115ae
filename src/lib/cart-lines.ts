/** The cart's lines as the browser keeps them (spec §3 Cart item, §4 Cart): identity, merging, counting, decoding. */

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
