import { shopDateWords } from '../../lib/site/shop-time.ts';
import type { LineToPrice } from '../../lib/pricing/price-lines.ts';
import { designKey, type PrintLocation } from '../../lib/pricing/print-locations.ts';
import { isListPriced } from '../../lib/pricing/product-job.ts';
import { belowMinimumMessage } from '../../lib/pricing/tiers.ts';
import type { StockSource } from '../orders/stock-lock-order.ts';
import type { LineProduct } from './line-products.ts';
import { type CheckOptions, lineField, type RequestedLine } from './requested-lines.ts';

/**
 * The checks of one requested line against its product as the database has it, in the order
 * their messages are reported: on sale, colour and size, print locations, the design's minimum,
 * a list-priced product where it cannot be (Buy Now).
 */

/** Problems by request field: a choice missing (400) or a product, colour or size not to be had now (409). */
export interface LineProblems {
  badInput: Record<string, string>;
  unavailable: Record<string, string>;
}

/** A line that passed its checks: what pricing reads of it, and what the order line takes besides. */
export interface AcceptedLine {
  entry: LineToPrice & { product: LineProduct; req: RequestedLine };
  color: LineProduct['colors'][number] | undefined;
  size: LineProduct['sizes'][number] | undefined;
  locations: (PrintLocation & { artworkId: string | null })[];
  stock: StockSource;
}

/** A collection's date (a date column, read as midnight UTC of its day) in words. */
const dayWords = (day: Date) => shopDateWords(day.toISOString().slice(0, 10));

/** Why a product of a collection outside its dates cannot be bought (a date reads as UTC midnight). */
function offSaleMessage(name: string, upcoming: boolean, start: Date | null, end: Date | null): string {
  if (upcoming && start) return `${name} is not on sale yet: it can be ordered from ${dayWords(start)}.`;
  if (end) return `${name} is no longer on sale: it could be ordered until ${dayWords(end)}.`;
  return `${name} is not on sale right now.`;
}

/** Why a product cannot be bought now (gone, or its collection off sale), or null. */
function saleProblem(product: LineProduct | undefined): string | null {
  if (!product?.is_active || !product.collection_active) {
    return product ? `${product.name} is no longer available.` : 'This product is no longer available.';
  }
  if (!product.collection_on_sale) {
    return offSaleMessage(product.name, product.collection_upcoming, product.start_date, product.end_date);
  }
  return null;
}

/** The pieces of each design (product, colour, locations), sizes together: they choose a tier and meet a minimum. */
export function designPieces(requested: readonly RequestedLine[]): (req: RequestedLine) => number {
  const groupOf = (req: RequestedLine) => designKey({ ...req, colorId: req.colorId ?? null });
  const pieces = new Map<string, number>();
  for (const req of requested) pieces.set(groupOf(req), (pieces.get(groupOf(req)) ?? 0) + req.quantity);
  return (req) => pieces.get(groupOf(req)) ?? req.quantity;
}

/** The colour and size chosen, among the product's active ones; a problem for each that is wrong. */
function chosenOptions(req: RequestedLine, index: number, product: LineProduct, problems: LineProblems) {
  const activeColors = product.colors.filter((c) => c.is_active);
  const activeSizes = product.sizes.filter((s) => s.is_active);
  const color = req.colorId ? activeColors.find((c) => c.id === req.colorId) : undefined;
  const size = req.sizeId ? activeSizes.find((s) => s.id === req.sizeId) : undefined;
  let ok = true;
  if (req.colorId && !color) {
    problems.unavailable[lineField(index, 'colorId')] = `This colour is not available for ${product.name}.`;
    ok = false;
  } else if (!req.colorId && activeColors.length > 0) {
    problems.badInput[lineField(index, 'colorId')] = `Choose a colour for ${product.name}.`;
    ok = false;
  }
  if (req.sizeId && !size) {
    problems.unavailable[lineField(index, 'sizeId')] = `This size is not available for ${product.name}.`;
    ok = false;
  } else if (!req.sizeId && activeSizes.length > 0) {
    problems.badInput[lineField(index, 'sizeId')] = `Choose a size for ${product.name}.`;
    ok = false;
  }
  return { color, size, ok };
}

/** The print locations, the design's minimum and where a list-priced product may be bought; false on a problem. */
function orderable(
  req: RequestedLine,
  index: number,
  product: LineProduct,
  pieces: number,
  options: CheckOptions,
  badInput: Record<string, string>,
): boolean {
  let ok = true;
  const offered = new Set(product.print_locations.map((l) => l.code));
  const unknown = (req.locations ?? []).filter((l) => !offered.has(l.code));
  if (unknown.length > 0) {
    badInput[lineField(index, 'locations')] =
      `${product.name} cannot be printed there (${unknown.map((l) => l.code).join(', ')}).`;
    ok = false;
  }
  if (pieces < product.minimum_quantity) {
    badInput[lineField(index, 'quantity')] = belowMinimumMessage(product.name, product.minimum_quantity, pieces);
    ok = false;
  }
  if (isListPriced(product) && options.listPriced === false) {
    badInput[lineField(index, 'productId')] =
      `${product.name} is priced by its print options: add it to your cart to choose them.`;
    ok = false;
  }
  return ok;
}

/** Where a line's stock is counted: its variant, the product's own count, or nowhere (made to order). */
function stockOf(product: LineProduct, colorId: string | null, sizeId: string | null): StockSource {
  if (product.variants.length === 0) {
    // No per-option stock: the product's own count, as the catalog shows it (null = made to order).
    return product.stock_qty === null ? { kind: 'untracked' } : { kind: 'product', id: product.id };
  }
  const variant = product.variants.find((v) => v.color_id === colorId && v.size_id === sizeId);
  // A variant made to order (stock null, issue 44) has nothing to run out of.
  if (!variant) return { kind: 'none' };
  return variant.stock_qty === null ? { kind: 'untracked' } : { kind: 'variant', id: variant.id };
}

/** Line `index` checked against its product: accepted, or null with its problems recorded. */
export function acceptLine(
  req: RequestedLine,
  index: number,
  product: LineProduct | undefined,
  pieces: number,
  options: CheckOptions,
  problems: LineProblems,
): AcceptedLine | null {
  const unsold = saleProblem(product);
  if (unsold || !product) {
    problems.unavailable[lineField(index, 'productId')] = unsold ?? 'This product is no longer available.';
    return null;
  }
  const { color, size, ok } = chosenOptions(req, index, product, problems);
  if (!orderable(req, index, product, pieces, options, problems.badInput) || !ok) return null;
  const offered = new Map(product.print_locations.map((l) => [l.code, l]));
  return {
    entry: { index, req, product, colorHex: color?.hex ?? null, sizeName: size?.name ?? null, pieces },
    color,
    size,
    locations: (req.locations ?? []).map((l) => ({ ...offered.get(l.code)!, artworkId: l.artworkId })),
    stock: stockOf(product, req.colorId ?? null, req.sizeId ?? null),
  };
}
