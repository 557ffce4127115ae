import type { AreaBounds } from '../catalog/products.ts';
import { breakdownText } from './breakdown-text.ts';
import { type Job, type PricedJob, PricingInputError } from './job.ts';
import type { OrderChargePricing, OrderItemPricing } from './line-record.ts';
import type { AreaList, PriceList } from './lists.ts';
import { priceJob } from './price-job.ts';
import {
  buildJob,
  type ChosenArea,
  type ChosenDecoration,
  type LineChoice,
  type PricedProduct,
  requestField,
} from './product-job.ts';
import { locationInputs } from './location-inputs.ts';
import { chosenTurnaround } from './turnaround.ts';

/**
 * The lines of products priced by the owner's lists of one request, checkout's or a quote's
 * (docs/decisions/0027-price-lists.md): all such lines are ONE job (pieces of a design pool across colours and sizes,
 * fees once per design), priced from the lists as the database has them now by `priceJob`. Each
 * line gets its price per piece and what the order keeps of it; the job's fees and rush
 * surcharge become charge lines. A flat-priced product never comes here. Pure, so the quote
 * editor previews with it what the server charges.
 */

/** What pricing reads of a requested line (checkout's RequestedLine, a quote's product line). */
export interface ListLineRequest {
  quantity: number;
  locations?: ChosenDecoration[] | undefined;
  area?: ChosenArea | null | undefined;
}

/** A fee or the rush surcharge of the job, one line at its total. */
export interface ListCharge {
  productId: string | null;
  /** The request index of the line whose design the fee is (null: the rush, the whole job's). */
  lineIndex: number | null;
  kind: 'setup_fee' | 'screens' | 'digitizing' | 'rush';
  name: string;
  unitPriceCents: number;
  quantity: number;
  pricing: OrderChargePricing;
}

/** How a caller prices: its request's field prefix ("items", "lines"); exact stitch counts (the owner). */
export interface ListPricingOptions {
  prefix?: string;
  exactStitches?: boolean;
}

/** A list-priced line that passed the line checks, with what pricing reads of its product. */
export interface ListLineEntry {
  /** The line's index in the request (`items.N`). */
  index: number;
  req: ListLineRequest;
  product: PricedProduct & { area_bounds?: AreaBounds | null };
  colorHex: string | null;
  sizeName: string | null;
}

export interface ListPricing {
  /** By request index: the price per piece and what the order line keeps. */
  lines: Map<number, { unitCents: number; record: OrderItemPricing }>;
  /** Screens, digitizing and setup once per design, then the rush surcharge. */
  charges: ListCharge[];
  /** The turnaround the job was priced with (its business days buy the date promised); null: no list. */
  turnaround: { label: string; businessDays: number } | null;
}

/** Problems by request field ("items.0.locations.1.colors", "rush"), and the line each names. */
export interface ListPricingProblem {
  fields: Record<string, string>;
  /** The request indexes the problem makes unpriceable (all, for a rush the lists do not offer). */
  indexes: number[];
}

/** 120 in → "10 ft", 18 in → "18 in", 6000 in → "500 ft". */
function lengthWords(inches: number): string {
  const n = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v);
  return inches % 12 === 0 ? `${n(inches / 12)} ft` : `${n(inches)} in`;
}

/** An area outside the product's size bounds, named as the request names it; else null. */
function boundsProblem(entry: ListLineEntry, prefix: string): Record<string, string> | null {
  const { area } = entry.req;
  const bounds = entry.product.area_bounds;
  if (!area) return null;
  if (!entry.product.area_list) {
    return { [`${prefix}.${entry.index}.area`]: `${entry.product.name} is not priced by size.` };
  }
  if (!bounds) return null;
  const check = (value: number, min: number | null, max: number | null, what: 'width' | 'height') => {
    if ((min !== null && value < min) || (max !== null && value > max)) {
      const range =
        min !== null && max !== null
          ? `from ${lengthWords(min)} to ${lengthWords(max)}`
          : min !== null
            ? `at least ${lengthWords(min)}`
            : `at most ${lengthWords(max!)}`;
      return `${entry.product.name} is made ${range} in ${what}; ${lengthWords(value)} is outside that.`;
    }
    return null;
  };
  const width = check(area.widthIn, bounds.min_width_in, bounds.max_width_in, 'width');
  const height = check(area.heightIn, bounds.min_height_in, bounds.max_height_in, 'height');
  const fields: Record<string, string> = {};
  if (width) fields[`${prefix}.${entry.index}.area.widthIn`] = width;
  if (height) fields[`${prefix}.${entry.index}.area.heightIn`] = height;
  return Object.keys(fields).length > 0 ? fields : null;
}

const listRef = (list: PriceList) => ({ id: list.id, name: list.name, version: list.version });

/** An area line's inputs as kept: the codes, and their words as the list names them now. */
function areaRecord(area: ChosenArea, list: AreaList | undefined) {
  const material = list?.materials.find((m) => m.code === area.material);
  const finishing = area.finishing.map((code) => list?.finishing.find((f) => f.code === code)?.label ?? code);
  return {
    widthIn: area.widthIn,
    heightIn: area.heightIn,
    material: area.material,
    finishing: [...area.finishing],
    ...(material ? { materialLabel: material.label } : {}),
    ...(list ? { finishingLabels: finishing } : {}),
  };
}

/** What an order line keeps of how it was priced. */
function recordOf(job: Job, priced: PricedJob, i: number, entry: ListLineEntry, rush: string | null): OrderItemPricing {
  const line = job.lines[i]!;
  const pricedLine = priced.lines[i]!;
  const lists: OrderItemPricing['lists'] = [];
  if (line.garment) lists.push({ role: 'garment', ...listRef(line.garment) });
  if (line.area) lists.push({ role: 'area', ...listRef(line.area.list) });
  // A location without a list of its own is priced by its flat price (a list of version 0): no list to keep.
  for (const d of line.decorations) {
    if (d.list.version > 0) lists.push({ role: `location:${d.location.code}`, ...listRef(d.list) });
  }
  if (job.turnaround) lists.push({ role: 'turnaround', ...listRef(job.turnaround.list) });
  const area = entry.req.area;
  const rushOption = rush ? job.turnaround?.list.data.rush.find((r) => r.code === rush) : undefined;
  return {
    inputs: {
      locations: line.decorations.map((d) => {
        const size =
          'print_sizes' in d.list.data ? d.list.data.print_sizes.find((s) => s.code === d.inputs.printSize) : undefined;
        return {
          code: d.location.code,
          name: d.location.name,
          method: d.list.data.method,
          ...locationInputs(d.inputs),
          ...(size ? { printSizeLabel: size.label } : {}),
        };
      }),
      area: area ? areaRecord(area, line.area?.list.data) : null,
      rush,
      ...(rushOption ? { rushLabel: rushOption.label } : {}),
      darkGarment: line.darkGarment,
    },
    lists,
    parts: pricedLine.parts,
    unit_cents: pricedLine.unit_cents,
    breakdown: breakdownText(pricedLine),
  };
}

/** The job's fees and rush as order charge lines (each one line at its total). */
function chargesOf(job: Job, priced: PricedJob): ListCharge[] {
  const designOwner = (design: string) => {
    for (const line of job.lines) {
      const decoration = line.decorations.find((d) => d.design === design);
      if (decoration) return { productId: line.productId ?? null, lineIndex: Number(line.key), list: decoration.list };
    }
    return null;
  };
  const fees = priced.fees.map((fee): ListCharge => {
    const owner = designOwner(fee.design);
    const pricing: OrderChargePricing = {
      kind: fee.kind,
      list: owner ? listRef(owner.list) : null,
      design: fee.design,
      unit_cents: fee.unit_cents,
      quantity: fee.quantity,
    };
    return {
      productId: owner?.productId ?? null,
      lineIndex: owner?.lineIndex ?? null,
      kind: fee.kind === 'setup' ? 'setup_fee' : fee.kind,
      name: fee.label,
      unitPriceCents: fee.total_cents,
      quantity: 1,
      pricing,
    };
  });
  const { rush } = priced;
  if (!rush || rush.cents <= 0 || !job.turnaround) return fees;
  const words = /^rush\b/i.test(rush.label) ? rush.label : `Rush, ${rush.label}`;
  return [
    ...fees,
    {
      productId: null,
      lineIndex: null,
      kind: 'rush',
      name: `${words} +${rush.percent} %`,
      unitPriceCents: rush.cents,
      quantity: 1,
      pricing: {
        kind: 'rush',
        list: listRef(job.turnaround.list),
        rush: { code: rush.code, label: rush.label, percent: rush.percent },
      },
    },
  ];
}

/**
 * Prices the list-priced lines of a request as one job with the rush chosen (null: standard).
 * An input the lists or the product's size bounds do not take is a problem named as the request
 * names it; the engine reports the first it meets.
 */
export function priceListLines(
  entries: readonly ListLineEntry[],
  rush: string | null,
  { prefix = 'items', exactStitches = false }: ListPricingOptions = {},
): { ok: true; pricing: ListPricing } | { ok: false; problem: ListPricingProblem } {
  if (entries.length === 0 && rush === null) {
    return { ok: true, pricing: { lines: new Map(), charges: [], turnaround: null } };
  }
  const outOfBounds = entries.flatMap((e) => {
    const fields = boundsProblem(e, prefix);
    return fields ? [{ index: e.index, fields }] : [];
  });
  if (outOfBounds.length > 0) {
    return {
      ok: false,
      problem: {
        fields: Object.assign({}, ...outOfBounds.map((p) => p.fields)),
        indexes: outOfBounds.map((p) => p.index),
      },
    };
  }
  const indexes = entries.map((e) => e.index);
  const choices: LineChoice[] = entries.map((e) => ({
    key: String(e.index),
    product: e.product,
    quantity: e.req.quantity,
    sizeName: e.sizeName,
    colorHex: e.colorHex,
    locations: (e.req.locations ?? []).map((l) => ({
      code: l.code,
      artworkId: l.artworkId,
      colors: l.colors,
      stitches: l.stitches,
      printSize: l.printSize,
    })),
    area: e.req.area ?? null,
  }));
  try {
    const job = buildJob(choices, rush, { exactStitches });
    const priced = priceJob(job);
    const lines = new Map(
      entries.map((e, i) => [
        e.index,
        { unitCents: priced.lines[i]!.unit_cents, record: recordOf(job, priced, i, e, rush) },
      ]),
    );
    const chosen = job.turnaround ? chosenTurnaround(job.turnaround.list.data, job.turnaround.rush) : null;
    const turnaround = chosen ? { label: chosen.label, businessDays: chosen.businessDays } : null;
    return { ok: true, pricing: { lines, charges: chargesOf(job, priced), turnaround } };
  } catch (error) {
    if (!(error instanceof PricingInputError)) throw error;
    const field = requestField(error.field, indexes, prefix);
    const named = /^lines\[(\d+)\]/.exec(error.field);
    const index = named ? indexes[Number(named[1])] : undefined;
    return {
      ok: false,
      problem: { fields: { [field]: error.message }, indexes: index === undefined ? indexes : [index] },
    };
  }
}
