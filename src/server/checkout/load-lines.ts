import { Conflict, Invalid } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { pricingInputsOf } from '../catalog/pricing-inputs.ts';
import type { ErrorLine } from '../../lib/api-error.ts';
import { shopDateWords } from '../../lib/site/shop-time.ts';
import { belowMinimumMessage, unitPriceCents } from '../../lib/pricing/tiers.ts';
import { designKey, type PrintLocation } from '../../lib/pricing/print-locations.ts';
import { collectionOnSale, shopToday } from '../catalog/collection-window.ts';
import type { Database } from '../db/types.ts';
import type { ChosenArea, ChosenDecoration, PricedProduct } from '../../lib/pricing/product-job.ts';
import { isListPriced, pricedProductOf } from '../../lib/pricing/product-job.ts';
import type { ChargeLine, NewOrderLine } from '../orders/create-order.ts';
import { type ListLineEntry, type ListPricing, priceListLines } from '../../lib/pricing/price-list-lines.ts';
import type { StockSource } from '../orders/stock-lock-order.ts';

/** One line as the browser asked for it; any price it sent has already been dropped. */
export interface RequestedLine {
  productId: string;
  colorId: string | null;
  sizeId: string | null;
  quantity: number;
  /**
   * Chosen print locations, each with its artwork upload or null (sent later) and, for a product
   * priced by lists, its inputs (ink colours, stitches, print size).
   */
  locations?: ChosenDecoration[] | undefined;
  /** Width × height, material and finishing of a product priced by area. */
  area?: ChosenArea | undefined;
}

/** What checking asks besides the lines. */
export interface CheckOptions {
  /** The rush option chosen for the products' turnaround list; null or absent: standard. */
  rush?: string | null;
  /**
   * False where a line cannot carry the inputs a list-priced product needs (Buy Now): such a
   * product is refused with a message pointing to the cart. Default true.
   */
  listPriced?: boolean;
}

/** A line priced and described from the database. */
export interface CheckoutLine extends NewOrderLine {
  /** The chosen print locations as the database prices them, with their artwork (null: later). */
  locations: (PrintLocation & { artworkId: string | null })[];
  stock: StockSource;
  /** A list-priced line's product with today's lists, for the cart to price with from now on. */
  listProduct?: PricedProduct;
}

/**
 * The field of line `index` an error names, as the cart's checkout payload has it. Buy Now, whose
 * payload names its one line's fields differently, renames them at its function.
 */
export const lineField = (
  index: number,
  field: 'productId' | 'colorId' | 'sizeId' | 'quantity' | 'locations' | 'area',
) => `items.${index}.${field}`;

/** A collection's date (a date column, read as midnight UTC of its day) in words. */
const dayWords = (day: Date) => shopDateWords(day.toISOString().slice(0, 10));

/** Why a product of a collection outside its dates cannot be bought (a date reads as UTC midnight). */
function offSaleMessage(name: string, upcoming: boolean, start: Date | null, end: Date | null): string {
  if (upcoming && start) return `${name} is not on sale yet: it can be ordered from ${dayWords(start)}.`;
  if (end) return `${name} is no longer on sale: it could be ordered until ${dayWords(end)}.`;
  return `${name} is not on sale right now.`;
}

type Option = { product_id: string; id: string; name: string; is_active: boolean; hex?: string };

/** Every requested line checked: priced lines by request index, and the problems by field. */
export interface LineCheck {
  lines: Map<number, CheckoutLine>;
  /** A choice is missing (400): a colour or size the product asks for. */
  badInput: Record<string, string>;
  /** The product, colour or size cannot be bought now (409). */
  unavailable: Record<string, string>;
  /** The fees and rush surcharge of the list-priced lines' job (src/lib/pricing/price-list-lines.ts). */
  charges: ChargeLine[];
  /** The turnaround the job was priced with; null when no list priced it. */
  turnaround: ListPricing['turnaround'];
}

/** Checked lines in request order, and the list-priced job's fees and rush as order charges. */
export interface LoadedLines {
  lines: CheckoutLine[];
  charges: ChargeLine[];
  turnaround: ListPricing['turnaround'];
}

/**
 * Checks every requested line against the database and prices it from there: the product
 * (and its collection) active, the colour and size offered by it and active, a colour or size
 * chosen when the product has them. All problems are reported at once; nothing is written.
 */
export async function loadLines(
  db: Kysely<Database>,
  requested: RequestedLine[],
  options: CheckOptions = {},
): Promise<LoadedLines> {
  const { lines, badInput, unavailable, charges, turnaround } = await checkLines(db, requested, options);
  if (Object.keys(badInput).length > 0) {
    throw new Invalid('invalid_input', 'Some fields are missing or invalid.', {
      fields: { ...badInput, ...unavailable },
    });
  }
  if (Object.keys(unavailable).length > 0) {
    // Per line, so the cart can offer to remove exactly the lines that cannot be bought.
    const errorLines = requested.flatMap((req, index): ErrorLine[] => {
      if (lines.has(index)) return [];
      const message = (['productId', 'colorId', 'sizeId'] as const)
        .map((field) => unavailable[lineField(index, field)])
        .find(Boolean);
      return [{ index, ...lineRef(req), available: 0, message: message ?? 'This item is no longer available.' }];
    });
    throw new Conflict('product_unavailable', 'Some items in your order are no longer available.', {
      fields: unavailable,
      lines: errorLines,
    });
  }
  return { lines: [...lines.values()], charges, turnaround };
}

/** What names a line (product, colour, size), as sent back in errors and refresh answers. */
export function lineRef(line: Pick<RequestedLine, 'productId' | 'colorId' | 'sizeId'>) {
  return { productId: line.productId, colorId: line.colorId ?? null, sizeId: line.sizeId ?? null };
}

/**
 * The checks of `loadLines` without the verdict: checkout refuses on any problem, the cart's
 * refresh reports each line's state. One reading, so a rule added here applies to both.
 */
export async function checkLines(
  db: Kysely<Database>,
  requested: RequestedLine[],
  options: CheckOptions = {},
): Promise<LineCheck> {
  const ids = [...new Set(requested.map((l) => l.productId))];
  // One statement (a round trip instead of four): each product with its offered colours and
  // sizes and its variants as JSON arrays.
  const productRef = sql.ref<string>('p.id');
  const products = await db
    .selectFrom('products as p')
    .innerJoin('collections as col', 'col.id', 'p.collection_id')
    .select([
      'p.id',
      'p.name',
      'p.price_cents',
      'p.stock_qty',
      'p.minimum_quantity',
      'p.is_active',
      'col.is_active as collection_active',
      'col.start_date',
      'col.end_date',
      collectionOnSale('col').as('collection_on_sale'),
      sql<boolean>`coalesce(col.start_date > ${shopToday()}, false)`.as('collection_upcoming'),
      jsonArrayFrom(
        db
          .selectFrom('product_colors as pc')
          .innerJoin('colors as c', 'c.id', 'pc.color_id')
          .select(['c.id', 'c.name', 'c.hex', 'c.is_active'])
          .where('pc.product_id', '=', productRef),
      ).as('colors'),
      jsonArrayFrom(
        db
          .selectFrom('product_sizes as ps')
          .innerJoin('sizes as s', 's.id', 'ps.size_id')
          .select(['s.id', 's.name', 's.is_active'])
          .where('ps.product_id', '=', productRef),
      ).as('sizes'),
      ...pricingInputsOf(db, productRef),
      jsonArrayFrom(
        db
          .selectFrom('product_variants as v')
          .select(['v.id', 'v.color_id', 'v.size_id', 'v.stock_qty'])
          .where('v.product_id', '=', productRef),
      ).as('variants'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  const colors = products.flatMap((p) => p.colors.map((c) => ({ ...c, product_id: p.id })));
  const sizes = products.flatMap((p) => p.sizes.map((s) => ({ ...s, product_id: p.id })));
  const variants = products.flatMap((p) => p.variants.map((v) => ({ ...v, product_id: p.id })));

  const productById = new Map(products.map((p) => [p.id, p]));
  const optionsOf = (list: Option[], productId: string) => list.filter((o) => o.product_id === productId);

  const badInput: Record<string, string> = {};
  const unavailable: Record<string, string> = {};
  const lines = new Map<number, CheckoutLine>();
  const listEntries: ListLineEntry[] = [];
  // A line's tier and minimum count the pieces of its design (product, colour, locations), sizes together.
  const pieces = new Map<string, number>();
  const groupOf = (req: RequestedLine) => designKey({ ...req, colorId: req.colorId ?? null });
  for (const req of requested) pieces.set(groupOf(req), (pieces.get(groupOf(req)) ?? 0) + req.quantity);

  requested.forEach((req, index) => {
    const product = productById.get(req.productId);
    if (!product?.is_active || !product.collection_active) {
      unavailable[lineField(index, 'productId')] = product
        ? `${product.name} is no longer available.`
        : 'This product is no longer available.';
      return;
    }
    if (!product.collection_on_sale) {
      unavailable[lineField(index, 'productId')] = offSaleMessage(
        product.name,
        product.collection_upcoming,
        product.start_date,
        product.end_date,
      );
      return;
    }
    const activeColors = optionsOf(colors, product.id).filter((c) => c.is_active);
    const activeSizes = optionsOf(sizes, product.id).filter((s) => s.is_active);
    const color = req.colorId ? activeColors.find((c) => c.id === req.colorId) : undefined;
    const size = req.sizeId ? activeSizes.find((s) => s.id === req.sizeId) : undefined;
    let ok = true;
    if (req.colorId && !color) {
      unavailable[lineField(index, 'colorId')] = `This colour is not available for ${product.name}.`;
      ok = false;
    } else if (!req.colorId && activeColors.length > 0) {
      badInput[lineField(index, 'colorId')] = `Choose a colour for ${product.name}.`;
      ok = false;
    }
    if (req.sizeId && !size) {
      unavailable[lineField(index, 'sizeId')] = `This size is not available for ${product.name}.`;
      ok = false;
    } else if (!req.sizeId && activeSizes.length > 0) {
      badInput[lineField(index, 'sizeId')] = `Choose a size for ${product.name}.`;
      ok = false;
    }
    const offered = new Map(product.print_locations.map((l) => [l.code, l]));
    const unknown = (req.locations ?? []).filter((l) => !offered.has(l.code));
    if (unknown.length > 0) {
      badInput[lineField(index, 'locations')] =
        `${product.name} cannot be printed there (${unknown.map((l) => l.code).join(', ')}).`;
      ok = false;
    }
    const linePieces = pieces.get(groupOf(req)) ?? req.quantity;
    if (linePieces < product.minimum_quantity) {
      badInput[lineField(index, 'quantity')] = belowMinimumMessage(product.name, product.minimum_quantity, linePieces);
      ok = false;
    }
    const listPriced = isListPriced(product);
    if (listPriced && options.listPriced === false) {
      badInput[lineField(index, 'productId')] =
        `${product.name} is priced by its print options: add it to your cart to choose them.`;
      ok = false;
    }
    if (!ok) return;
    if (listPriced)
      listEntries.push({ index, req, product, colorHex: color?.hex ?? null, sizeName: size?.name ?? null });

    const own = variants.filter((v) => v.product_id === product.id);
    const colorId = req.colorId ?? null;
    const sizeId = req.sizeId ?? null;
    let stock: StockSource;
    if (own.length > 0) {
      const variant = own.find((v) => v.color_id === colorId && v.size_id === sizeId);
      // A variant made to order (stock null, issue 44) has nothing to run out of.
      stock = !variant
        ? { kind: 'none' }
        : variant.stock_qty === null
          ? { kind: 'untracked' }
          : { kind: 'variant', id: variant.id };
    } else {
      // No per-option stock: the product's own count, as the catalog shows it (null = made to order).
      stock = product.stock_qty === null ? { kind: 'untracked' } : { kind: 'product', id: product.id };
    }
    lines.set(index, {
      productId: product.id,
      colorId,
      sizeId,
      name: product.name,
      colorName: color?.name ?? null,
      sizeName: size?.name ?? null,
      unitPriceCents: unitPriceCents(product, linePieces),
      locations: (req.locations ?? []).map((l) => ({ ...offered.get(l.code)!, artworkId: l.artworkId })),
      quantity: req.quantity,
      stock,
      pricing: null,
    });
  });

  const listed = priceListLines(listEntries, options.rush ?? null);
  if (!listed.ok) {
    Object.assign(badInput, listed.problem.fields);
    for (const index of listed.problem.indexes) lines.delete(index);
    return { lines, badInput, unavailable, charges: [], turnaround: null };
  }
  const productAt = new Map(listEntries.map((e) => [e.index, e.product]));
  for (const [index, priced] of listed.pricing.lines) {
    const line = lines.get(index);
    const product = productAt.get(index);
    if (line && product) {
      lines.set(index, {
        ...line,
        unitPriceCents: priced.unitCents,
        pricing: priced.record,
        listProduct: pricedProductOf(product),
      });
    }
  }
  return { lines, badInput, unavailable, charges: listed.pricing.charges, turnaround: listed.pricing.turnaround };
}
