import type { Kysely } from 'kysely';
import type { ErrorLine } from '../../lib/api-error.ts';
import { type LinePricing, type PricedLine, priceLines } from '../../lib/pricing/price-lines.ts';
import type { PrintLocation } from '../../lib/pricing/print-locations.ts';
import { type PricedProduct, pricedProductOf } from '../../lib/pricing/product-job.ts';
import type { Database } from '../db/types.ts';
import { Conflict, Invalid } from '../errors.ts';
import type { ChargeLine, NewOrderLine } from '../orders/create-order.ts';
import type { StockSource } from '../orders/stock-lock-order.ts';
import { type AcceptedLine, acceptLine, designPieces, type LineProblems } from './line-checks.ts';
import { loadLineProducts } from './line-products.ts';
import { type CheckOptions, lineField, lineRef, type RequestedLine } from './requested-lines.ts';

/** A line priced and described from the database. */
export interface CheckoutLine extends NewOrderLine {
  /** The chosen print locations as the database prices them, with their artwork (null: later). */
  locations: (PrintLocation & { artworkId: string | null })[];
  stock: StockSource;
  /** A list-priced line's product with today's lists, for the cart to price with from now on. */
  listProduct?: PricedProduct;
}

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
  turnaround: LinePricing['turnaround'];
}

/** Checked lines in request order, and the list-priced job's fees and rush as order charges. */
export interface LoadedLines {
  lines: CheckoutLine[];
  charges: ChargeLine[];
  turnaround: LinePricing['turnaround'];
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

/**
 * The checks of `loadLines` without the verdict: checkout refuses on any problem, the cart's
 * refresh reports each line's state. One reading, so a rule added here applies to both.
 */
export async function checkLines(
  db: Kysely<Database>,
  requested: RequestedLine[],
  options: CheckOptions = {},
): Promise<LineCheck> {
  const products = await loadLineProducts(
    db,
    requested.map((l) => l.productId),
  );
  const productById = new Map(products.map((p) => [p.id, p]));
  const piecesOf = designPieces(requested);
  const problems: LineProblems = { badInput: {}, unavailable: {} };
  const accepted = requested.flatMap((req, index) => {
    const line = acceptLine(req, index, productById.get(req.productId), piecesOf(req), options, problems);
    return line ? [line] : [];
  });
  const priced = priceLines(
    accepted.map((a) => a.entry),
    options.rush ?? null,
  );
  return checked(accepted, priced, problems);
}

/** The accepted lines at their prices; a pricing problem drops the lines it names. */
function checked(accepted: AcceptedLine[], priced: LinePricing, { badInput, unavailable }: LineProblems): LineCheck {
  const lines = new Map(accepted.map((a) => [a.entry.index, checkoutLine(a, priced.lines.get(a.entry.index)!)]));
  if (priced.problem) {
    Object.assign(badInput, priced.problem.fields);
    for (const index of priced.problem.indexes) lines.delete(index);
    return { lines, badInput, unavailable, charges: [], turnaround: null };
  }
  return { lines, badInput, unavailable, charges: priced.charges, turnaround: priced.turnaround };
}

/** An accepted line as the order takes it; a list-priced one keeps its product's lists for the cart. */
function checkoutLine({ entry, color, size, locations, stock }: AcceptedLine, priced: PricedLine): CheckoutLine {
  return {
    productId: entry.product.id,
    colorId: entry.req.colorId ?? null,
    sizeId: entry.req.sizeId ?? null,
    name: entry.product.name,
    colorName: color?.name ?? null,
    sizeName: size?.name ?? null,
    unitPriceCents: priced.unitCents,
    locations,
    quantity: entry.req.quantity,
    stock,
    pricing: priced.record,
    ...(priced.record ? { listProduct: pricedProductOf(entry.product) } : {}),
  };
}
