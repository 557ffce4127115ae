import { priceArea } from './area.ts';
import type { DecorationContext } from './decoration-context.ts';
import { priceEmbroidery } from './embroidery.ts';
import { designCharges } from './fees.ts';
import { blankParts } from './garment.ts';
import type { Job, JobLine, PricedJob, PricedLine, PricePart } from './job.ts';
import { formatUsd } from '../money.ts';
import { countPools, type Pools, productKey } from './pools.ts';
import { priceScreenPrint } from './screen-print.ts';
import { priceFlat, priceTransfer } from './transfer.ts';
import { rushCharge } from './turnaround.ts';

function decorationParts(ctx: DecorationContext): PricePart[] {
  const list = ctx.decoration.list.data;
  switch (list.method) {
    case 'screen_print':
      return priceScreenPrint(ctx, list);
    case 'embroidery':
      return priceEmbroidery(ctx, list);
    case 'flat':
      return priceFlat(ctx, list);
    default:
      return priceTransfer(ctx, list);
  }
}

function lineParts(line: JobLine, index: number, pools: Pools): PricePart[] {
  const field = `lines[${index}]`;
  const parts = blankParts(line, pools.products.get(productKey(line)) ?? line.quantity);
  if (line.area) parts.push(...priceArea(line.area, line.quantity, `${field}.area`));
  // The first screen-printed location of the line is priced from the grid; the additional-location
  // rule discounts further screen prints on the same press run, not prints after an embroidery.
  const firstScreen = line.decorations.findIndex((d) => d.list.data.method === 'screen_print');
  line.decorations.forEach((decoration, j) => {
    parts.push(
      ...decorationParts({
        decoration,
        pieces: pools.designs.get(decoration.design)?.pieces ?? line.quantity,
        first: j === firstScreen,
        darkGarment: line.darkGarment,
        field: `${field}.decorations[${j}]`,
      }),
    );
  });
  return parts;
}

/**
 * The one pricing function of a print job (docs/decisions/0027-price-lists.md): every line's price per piece with its
 * parts (blank, size upcharge, area and finishing, each decoration at its pooled band,
 * surcharges, spread screens, the list's minimum charge), the job's one-time fees once per
 * design, and the rush surcharge. Pure and in integer cents; an input outside the lists throws
 * PricingInputError with the field and a message for the customer.
 */
export function priceJob(job: Job): PricedJob {
  const pools = countPools(job);
  const partsByLine = job.lines.map((line, i) => lineParts(line, i, pools));
  const { fees, spread } = designCharges(pools.designs);
  const lines: PricedLine[] = job.lines.map((line, i) => {
    const parts = partsByLine[i]!;
    for (const decoration of line.decorations) {
      const part = spread.get(decoration.design);
      if (part) parts.push(part);
    }
    let unit = parts.reduce((sum, p) => sum + p.unit_cents, 0);
    const minimum = line.area?.list.data.min_charge_cents ?? 0;
    if (unit * line.quantity < minimum) {
      // The top-up per piece, rounded up so the line reaches the minimum (the only rounding).
      const topUp = Math.ceil((minimum - unit * line.quantity) / line.quantity);
      parts.push({ kind: 'minimum', label: `To the ${formatUsd(minimum)} minimum`, unit_cents: topUp });
      unit += topUp;
    }
    return { key: line.key, unit_cents: unit, quantity: line.quantity, total_cents: unit * line.quantity, parts };
  });
  const base = lines.reduce((sum, l) => sum + l.total_cents, 0) + fees.reduce((sum, f) => sum + f.total_cents, 0);
  const rush = rushCharge(job.turnaround, base);
  return { lines, fees, rush, subtotal_cents: base + (rush?.cents ?? 0) };
}

/**
 * The priced job as priceCart's lines (src/lib/pricing/cart-totals.ts): each line at its price per piece,
 * each fee and the rush surcharge as one piece at its total.
 */
export function cartLines(priced: PricedJob): { unit_price_cents: number; quantity: number }[] {
  return [
    ...priced.lines.map((l) => ({ unit_price_cents: l.unit_cents, quantity: l.quantity })),
    ...priced.fees.map((f) => ({ unit_price_cents: f.total_cents, quantity: 1 })),
    ...(priced.rush && priced.rush.cents > 0 ? [{ unit_price_cents: priced.rush.cents, quantity: 1 }] : []),
  ];
}
