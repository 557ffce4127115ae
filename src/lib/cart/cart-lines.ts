import { quoteCartLists } from '../pricing/cart-list-pricer.ts';
import { designKey } from '../pricing/print-locations.ts';
import { unitPriceCents } from '../pricing/tiers.ts';
import type { CartItem } from './cart-item.ts';

/**
 * The cart's lines as the browser keeps them (docs/decisions/spec-rules.md#s3 Cart item, §4 Cart):
 * identity, merging, counting, decoding.
 */

/**
 * The text of a line's picture: it shows the colour bought, which the alt names ("Tourney Tee in
 * Navy"); a line without a colour shows the product's picture beside its name, so it is decoration.
 */
export function lineImageAlt(item: Pick<CartItem, 'name' | 'colorName'>): string {
  return item.colorName ? `${item.name} in ${item.colorName}` : '';
}

/**
 * How a line's picture loads in the cart: the first picture of the list is the page's largest paint
 * over a stored cart, so it is fetched at once and first; the ones below it wait for the viewport.
 * The first paint (src/deferred-loading/cart-first-paint) and the island draw the same attributes.
 */
export function linePictureLoading(
  items: readonly Pick<CartItem, 'image_main_url'>[],
  index: number,
): { loading: 'eager'; fetchPriority: 'high' } | { loading: 'lazy'; fetchPriority: undefined } {
  const lead = items.findIndex((item) => item.image_main_url);
  return index === lead ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', fetchPriority: undefined };
}

type LineRef = Pick<CartItem, 'productId' | 'colorId' | 'sizeId'> & Partial<Pick<CartItem, 'locations' | 'list'>>;

/** A line's design and inputs: two lines differing in ink colours, a size or an area are two lines. */
function locationsKey(line: LineRef): string {
  const design = designKey({ productId: '', colorId: null, locations: line.locations ?? [] });
  const inputs = [...(line.locations ?? [])]
    .map((l) => `${l.code}:${l.colors ?? ''}:${l.stitches ?? ''}:${l.printSize ?? ''}`)
    .sort()
    .join(',');
  const area = line.list?.area;
  const size = area ? `${area.widthIn}x${area.heightIn}:${area.material}:${[...area.finishing].sort().join('+')}` : '';
  return `${design}|${inputs}|${size}`;
}

/** A line's identity in words a key holds: product, colour, size, design and inputs (see sameLine). */
export function lineIdentity(line: LineRef): string {
  return `${line.productId}|${line.colorId ?? ''}|${line.sizeId ?? ''}|${locationsKey(line)}`;
}

/**
 * Each tiered line at the price per piece of its product in its colour, sizes added up (the
 * pieces checkout counts), and each list-priced line at the engine's price per piece for the
 * cart's list-priced lines together. Other lines keep their price.
 */
export function repriceLines(items: readonly CartItem[]): CartItem[] {
  const pieces = new Map<string, number>();
  const group = (i: CartItem) => designKey(i);
  for (const item of items) pieces.set(group(item), (pieces.get(group(item)) ?? 0) + item.quantity);
  // Lines priced by lists: one job, so designs pool across sizes and colours (rush is on top).
  const quote = quoteCartLists(items, null);
  return items.map((item, index) => {
    if (item.list) {
      const at = quote?.indexes.indexOf(index) ?? -1;
      const unit = at >= 0 ? quote!.job.lines[at]!.unit_cents : item.price_cents;
      return unit === item.price_cents ? item : { ...item, price_cents: unit };
    }
    // Stored data is not trusted to be well formed: a line without usable pricing keeps its price.
    if (!Array.isArray(item.pricing?.tiers) || item.pricing.tiers.length === 0) return item;
    if (!Number.isInteger(item.pricing.base_cents)) return item;
    const price = unitPriceCents(
      { price_cents: item.pricing.base_cents, price_tiers: item.pricing.tiers },
      pieces.get(group(item)) ?? item.quantity,
    );
    return price === item.price_cents ? item : { ...item, price_cents: price };
  });
}

/**
 * Lines are the same when product, colour and size match (docs/decisions/spec-rules.md#s4 Cart) and, when both say, the
 * design does (print locations and artwork): one shirt in two designs is two lines. A reference
 * without locations (a stock or price answer) names every design of its product, colour and size.
 */
export function sameLine(a: LineRef, b: LineRef): boolean {
  if (a.productId !== b.productId || a.colorId !== b.colorId || a.sizeId !== b.sizeId) return false;
  return a.locations === undefined || b.locations === undefined || locationsKey(a) === locationsKey(b);
}

/** Adding merges into an existing line (quantities add up), otherwise appends a new line. */
export function addLine(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (item.quantity <= 0) return [...items];
  const existing = items.find((i) => sameLine(i, item));
  if (!existing) return repriceLines([...items, item]);
  return repriceLines(items.map((i) => (i === existing ? { ...i, quantity: i.quantity + item.quantity } : i)));
}

/** Setting a quantity of 0 or below removes the line (docs/decisions/spec-rules.md#s4 Cart). */
export function setLineQuantity(
  items: readonly CartItem[],
  line: Parameters<typeof sameLine>[0],
  quantity: number,
): CartItem[] {
  if (quantity <= 0) return repriceLines(items.filter((i) => !sameLine(i, line)));
  return repriceLines(items.map((i) => (sameLine(i, line) ? { ...i, quantity: Math.floor(quantity) } : i)));
}

/**
 * Attaches artwork to one location of a design (or clears it: sent later), on every size of that
 * design, as editing the line in the cart does. Sizes that now match a line already in the cart
 * are merged into it.
 */
export function setDesignArtwork(
  items: readonly CartItem[],
  line: CartItem,
  code: string,
  artwork: { artworkId: string; artworkName: string | null } | null,
): CartItem[] {
  const design = designKey(line);
  const edited = items.map((item) => {
    if (designKey(item) !== design || !item.locations) return item;
    const locations = item.locations.map((l) => {
      if (l.code !== code) return l;
      const { artworkName: _, ...rest } = l;
      return artwork ? { ...rest, ...artwork } : { ...rest, artworkId: null };
    });
    return { ...item, locations };
  });
  const merged: CartItem[] = [];
  for (const item of edited) {
    const same = merged.findIndex((m) => sameLine(m, item));
    if (same === -1) merged.push(item);
    else merged[same] = { ...merged[same]!, quantity: merged[same]!.quantity + item.quantity };
  }
  return repriceLines(merged);
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
