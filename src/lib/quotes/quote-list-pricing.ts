import { type LineToPrice, priceLines } from '../pricing/price-lines.ts';
import { type ChosenArea, isListPriced, type PricedProduct } from '../pricing/product-job.ts';
import type { AreaBounds } from '../catalog/products.ts';
import { type PricedQuoteLine, type QuoteCharge, priceCustomLine, priceProductLine } from './quote-pricing.ts';

/**
 * A quote's lines priced (docs/decisions/0017-quotes.md, #27): a catalogue product priced by the owner's lists goes
 * through the very job checkout builds (src/lib/pricing/price-list-lines.ts: all such lines one
 * job, fees once per design, the quote's rush), so the same inputs give the same money; other
 * products keep their tiers and flat location charges, free lines their typed prices. The quote
 * editor previews with it and the server saves with it, reading the products from the database.
 */

/** A location's inputs on a quote line: ink colours, stitches (any count the list prices), print size. */
export interface QuoteLocationInputs {
  colors?: number | undefined;
  stitches?: number | undefined;
  printSize?: string | undefined;
}

/** A quote line as the revision request sends it (see quoteRevisionSchema). */
export type QuoteLineInput =
  | {
      kind: 'product';
      product_id: string;
      quantity: number;
      locations: string[];
      /** By location code; read for a list-priced product only. */
      location_inputs?: Record<string, QuoteLocationInputs> | undefined;
      area?: ChosenArea | null | undefined;
      /** Printed on a dark garment (flash/underbase, dark prices). */
      dark_garment?: boolean | undefined;
      note?: string | null | undefined;
    }
  | { kind: 'custom'; description: string; quantity: number; unit_price_cents: number; setup_fee_cents: number };

/** What a quote line reads of its product: pricing's inputs and an area product's bounds. */
export type QuotePricedProduct = PricedProduct & { area_bounds?: AreaBounds | null };

/** A garment colour dark enough for dark prices (the engine reads darkness from the colour). */
const DARK = '#000000';

export type QuotePricingResult = { ok: true; lines: PricedQuoteLine[] } | { ok: false; fields: Record<string, string> };

const charge = (c: {
  kind: QuoteCharge['kind'];
  name: string;
  unitPriceCents: number;
  quantity: number;
  pricing: NonNullable<QuoteCharge['pricing']>;
}): QuoteCharge => ({
  kind: c.kind,
  name: c.name,
  unit_price_cents: c.unitPriceCents,
  quantity: c.quantity,
  pricing: c.pricing,
});

/**
 * Prices a revision's lines with the rush chosen (null: standard). Every product must be in
 * `products` (the caller reports a missing one). Problems are named as the request names them
 * ("lines.0.locations.1.colors", "lines.2.area.widthIn", "rush").
 */
export function priceQuoteLines(
  lines: readonly QuoteLineInput[],
  products: ReadonlyMap<string, QuotePricedProduct>,
  rush: string | null,
): QuotePricingResult {
  const entries: LineToPrice[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'product') return;
    const product = products.get(line.product_id);
    if (!product) return;
    entries.push({
      index,
      pieces: line.quantity,
      req: {
        quantity: line.quantity,
        locations: line.locations.map((code) => ({ code, artworkId: null, ...line.location_inputs?.[code] })),
        area: line.area ?? null,
      },
      product,
      colorHex: line.dark_garment ? DARK : null,
      sizeName: null,
    });
  });
  const job = priceLines(entries, rush, { prefix: 'lines', exactStitches: true });
  if (job.problem) return { ok: false, fields: job.problem.fields };
  const { lines: pricedLines, charges } = job;
  const lastListed = entries.filter((entry) => isListPriced(entry.product)).at(-1)?.index ?? null;
  const priced = lines.map((line, index): PricedQuoteLine => {
    if (line.kind === 'custom') {
      return priceCustomLine({
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unit_price_cents,
        setupFeeCents: line.setup_fee_cents,
      });
    }
    const product = products.get(line.product_id)!;
    const listed = pricedLines.get(index)!;
    if (!listed.record) {
      const input = { quantity: line.quantity, locations: line.locations, note: line.note ?? null };
      return priceProductLine(product, input, listed.unitCents);
    }
    return {
      kind: 'product',
      description: line.note ? `${product.name}: ${line.note}` : product.name,
      quantity: line.quantity,
      unit_price_cents: listed.unitCents,
      product_id: product.id,
      locations: [...line.locations],
      note: line.note ?? null,
      pricing: listed.record,
      charges: charges.filter((c) => (c.lineIndex ?? lastListed) === index).map((c) => charge(c)),
    };
  });
  return { ok: true, lines: priced };
}
