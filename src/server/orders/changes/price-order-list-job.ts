import type { OrderItemPricing } from '../../../lib/pricing/line-record.ts';
import type { ListCharge } from '../../../lib/pricing/price-list-lines.ts';
import { type LineToPrice, priceLines } from '../../../lib/pricing/price-lines.ts';
import { designOf } from '../../../lib/pricing/product-job.ts';
import type { OrderListCharge, OrderListLine } from './order-list-job.ts';

/** The order's list-priced job priced by the one engine: each line's price and record, the fees and rush. */
export interface PricedOrderJob {
  lines: { unitCents: number; record: OrderItemPricing }[];
  charges: ListCharge[];
  subtotalCents: number;
}

// The line kept whether its garment was dark (checkout read it from the colour's hex then); the
// engine reads it from a hex, so the kept answer is handed back as one.
const hexOf = (dark: boolean) => (dark ? '#000000' : '#ffffff');

/**
 * Prices an order's list-priced lines (src/server/orders/changes/order-list-job.ts) with the
 * pricing entry checkout uses (priceLines: the same pooling, bands, fees and rush, the
 * owner's exact stitch counts taken), with each line's kept inputs. An input the lists do not
 * price (a band the list leaves blank for the new pieces) is the engine's message, with the
 * field it names ("lines.3.locations.1.colors": line 3's second location).
 */
export function priceOrderJob(
  lines: readonly OrderListLine[],
  rush: string | null,
): { ok: true; priced: PricedOrderJob } | { ok: false; message: string; field: string } {
  const entries: LineToPrice[] = lines.map((line, index) => {
    const { inputs } = line.record;
    return {
      index,
      pieces: line.quantity,
      req: {
        quantity: line.quantity,
        locations: inputs.locations.map((kept) => ({
          code: kept.code,
          artworkId: line.artwork.get(kept.code) ?? null,
          colors: kept.colors,
          stitches: kept.stitches,
          printSize: kept.printSize,
        })),
        area: inputs.area
          ? {
              widthIn: inputs.area.widthIn,
              heightIn: inputs.area.heightIn,
              material: inputs.area.material,
              finishing: inputs.area.finishing,
            }
          : null,
      },
      product: line.product,
      colorHex: hexOf(inputs.darkGarment),
      sizeName: line.sizeName,
    };
  });
  const result = priceLines(entries, rush, { prefix: 'lines', exactStitches: true });
  if (result.problem) {
    const [field, message] = Object.entries(result.problem.fields)[0] ?? ['lines', 'This cannot be priced.'];
    return { ok: false, message, field };
  }
  const priced: PricedOrderJob['lines'] = [];
  for (const [i, line] of lines.entries()) {
    const { unitCents, record } = result.lines.get(i)!;
    if (!record)
      return { ok: false, message: `${line.product.name} is no longer priced by the lists.`, field: `lines.${i}` };
    priced.push({ unitCents, record });
  }
  const { charges } = result;
  const subtotalCents =
    priced.reduce((sum, p, i) => sum + p.unitCents * lines[i]!.quantity, 0) +
    charges.reduce((sum, c) => sum + c.unitPriceCents * c.quantity, 0);
  return { ok: true, priced: { lines: priced, charges, subtotalCents } };
}

/** A fee or rush line's place in the job: its kind and design ("screens|later:<product>:front"). */
export const chargeKey = (charge: Pick<ListCharge, 'kind' | 'pricing'>) =>
  `${charge.kind}|${charge.pricing.design ?? ''}`;

/**
 * A stored fee or rush line's key in today's job. A fee kept the design it was charged for
 * (`later:<product>:<location>` while the file was to come); once the customer sent the file the
 * design is its artwork, so a "later" design is read as the location's artwork now.
 */
export function storedChargeKey(charge: OrderListCharge, lines: readonly OrderListLine[]): string {
  const design = charge.pricing.design;
  const later = design ? /^later:([^:]+):(.+)$/.exec(design) : null;
  if (!later) return chargeKey({ kind: charge.kind as ListCharge['kind'], pricing: charge.pricing });
  const [, productId, code] = later;
  const line = lines.find((l) => l.productId === productId && l.artwork.has(code!));
  const now = line ? designOf(productId!, { code: code!, artworkId: line.artwork.get(code!) ?? null }) : design;
  return `${charge.kind}|${now}`;
}
