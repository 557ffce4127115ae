import type { PriceTier } from '../pricing/tiers.ts';
import type { PrintLocation } from '../pricing/print-locations.ts';
import type { CollectionSummary, ProductCard } from './catalog.ts';
import type { AreaList, DecorationList, GarmentList, PriceList, TurnaroundList } from '../pricing/lists.ts';

/** Public product shapes served by the API and used by pages and islands (docs/decisions/spec-rules.md#s3 Product). */
export interface ProductColor {
  id: string;
  name: string;
  /** #RRGGBB or #RRGGBBAA */
  hex: string;
  /**
   * The product's picture in this colour (docs/decisions/0028-owner-and-receipts.md); null or
   * absent: its main image.
   */
  image_url?: string | null;
}

export interface ProductSize {
  id: string;
  name: string;
}

/**
 * Stock of one colour x size; color_id is null for a product without colours, size_id likewise.
 * stock_qty null: not tracked (made to order, issue 44), always available.
 */
export interface ProductVariant {
  color_id: string | null;
  size_id: string | null;
  stock_qty: number | null;
}

/** A row of GET /api/products: a card plus what a list needs to decide "sold out" at a glance. */
export interface ProductSummary extends ProductCard {
  product_type: string | null;
  /** Total known stock (see totalStock); null when stock is not tracked. */
  total_stock: number | null;
}

/** A print location as the shop offers it: its prices and how wide it prints (docs/decisions/0027-price-lists.md). */
export interface ProductLocation extends PrintLocation {
  /** Inches, set by the owner; null: not set (the artwork check guesses from the code, see print-widths.ts). */
  print_width_in: number | null;
  /**
   * The decoration list pricing it (docs/decisions/0027-price-lists.md), current version; null: its
   * own flat prices above.
   */
  price_list?: PriceList<DecorationList> | null;
}

/** A size an area product is offered in one tap ("3 × 6 ft"), in inches. */
export interface AreaPreset {
  label: string;
  width_in: number;
  height_in: number;
}

/** The sizes an area product is sold in (inches, null: no bound set) and its presets. */
export interface AreaBounds {
  min_width_in: number | null;
  max_width_in: number | null;
  min_height_in: number | null;
  max_height_in: number | null;
  presets: AreaPreset[];
}

export interface ProductDetail {
  id: string;
  name: string;
  slug: string;
  sku: string | null;
  product_type: string | null;
  /** Multi-line: see splitDescription. */
  description: string;
  price_cents: number;
  image_main_url: string | null;
  image_secondary_url: string | null;
  collection: { slug: string; name: string };
  colors: ProductColor[];
  sizes: ProductSize[];
  variants: ProductVariant[];
  /** Product-level stock, used only when there are no variants; null = not tracked. */
  stock_qty: number | null;
  /** Fewest pieces per order line (one colour, sizes together); 1 = no minimum. */
  minimum_quantity: number;
  /** Quantity price tiers, lowest first (empty: one price); see priceTable in pricing.ts. */
  price_tiers: PriceTier[];
  /** Where it can be printed, each with a price per piece and a setup fee (empty: not chosen). */
  print_locations: ProductLocation[];
  /** Size upcharges on the blank (docs/decisions/0027-price-lists.md); null or absent: none. */
  garment_list?: PriceList<GarmentList> | null;
  /** Priced by width × height on this list; null or absent: priced per piece. */
  area_list?: PriceList<AreaList> | null;
  /** Standard days and rush options; null or absent: none offered. */
  turnaround_list?: PriceList<TurnaroundList> | null;
  /** An area product's size bounds and presets; null or absent: not priced by area. */
  area_bounds?: AreaBounds | null;
  weight_oz: number | null;
  length_in: number | null;
  width_in: number | null;
  height_in: number | null;
}

/** One entry of GET /api/catalog: an active collection with its active products, in shop order. */
export interface CatalogSection {
  collection: Pick<CollectionSummary, 'slug' | 'name' | 'description' | 'image_main_url'>;
  products: ProductCard[];
}

/** The slug rule of the database (collections, products, services): lower-case words joined by '-'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return value.length <= 200 && SLUG_PATTERN.test(value);
}

/** The path of a product page. */
export function productPath(collectionSlug: string, productSlug: string): string {
  return `/collections/${collectionSlug}/products/${productSlug}`;
}

/** Bullets typed by hand ("- ", "* ", "• ") are list markup already; the page draws its own. */
const BULLET = /^(?:[-*•]\s+)/;

/** A product description: the first line is the intro, the remaining non-empty lines are highlights. */
export function splitDescription(text: string | null | undefined): { intro: string; highlights: string[] } {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const [intro = '', ...rest] = lines;
  return { intro, highlights: rest.map((line) => line.replace(BULLET, '').trim()).filter((l) => l.length > 0) };
}

/**
 * Stock a customer can buy: the sum over variants when the product has any (stock lives there),
 * else the product-level count; null when that is not tracked (made to order), which a single
 * untracked variant makes the whole product: some of it can always be ordered.
 */
export function totalStock(product: Pick<ProductDetail, 'variants' | 'stock_qty'>): number | null {
  if (product.variants.length > 0) {
    if (product.variants.some((v) => v.stock_qty === null)) return null;
    return product.variants.reduce((sum, v) => sum + Math.max(0, v.stock_qty ?? 0), 0);
  }
  return product.stock_qty;
}

/** Low-stock warning threshold (docs/decisions/spec-rules.md#s9). */
export const LOW_STOCK_THRESHOLD = 3;

/**
 * Availability text (docs/decisions/spec-rules.md#s5): '' when unknown, 'Out of stock', 'Only N
 * left' or 'In stock'. Above the low-stock threshold the count is the shop's business, not the
 * customer's (issue 44: "In stock (7500)" read like a warehouse listing).
 */
export function availabilityText(stock: number | null | undefined): string {
  if (stock === null || stock === undefined || Number.isNaN(stock)) return '';
  if (stock <= 0) return 'Out of stock';
  if (stock <= LOW_STOCK_THRESHOLD) return `Only ${stock} left`;
  return 'In stock';
}

/** The seven hero images (docs/decisions/spec-rules.md#s9 "Hero list: 7 images"). */
export const HERO_IMAGES = Array.from({ length: 7 }, (_, i) => `/images/hero/hero-${i + 1}.webp`);

/**
 * A hero image for a page without its own, picked from the key (a slug) so every build of the
 * same page picks the same one; the spec's "random" would change the page on each rebuild.
 */
export function heroImageFor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return HERO_IMAGES[hash % HERO_IMAGES.length]!;
}
