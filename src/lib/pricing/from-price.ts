import type { AreaBounds, ProductSize } from '../catalog/products.ts';
import { billableSqft } from './area.ts';
import { PricingInputError } from './job.ts';
import type { DecorationList, PriceList } from './lists.ts';
import { priceJob } from './price-job.ts';
import { type ChosenArea, type ChosenDecoration, type PricedProduct, buildJob, isListPriced } from './product-job.ts';

/**
 * "from $X each at N pieces" on a catalogue card and a search result
 * (docs/decisions/0027-price-lists.md): the price per piece of the simplest order of a list-priced
 * product at the start of its largest quantity band. Computed on the server (card reads, the search
 * index build), so only {cents, pieces} leave it.
 */

export interface FromPrice {
  /** Cents per piece: the whole order (fees included) over its pieces, rounded up. */
  cents: number;
  pieces: number;
}

/** What the from-price reads of a product: its lists, its sizes and an area product's bounds. */
export type FromPriceProduct = PricedProduct & {
  sizes: readonly Pick<ProductSize, 'name'>[];
  area_bounds?: AreaBounds | null | undefined;
};

/** A side of an area product with no size bound nor preset: one foot. */
const DEFAULT_SIDE_IN = 12;

/** The first location's cheapest input: 1 ink colour, the smallest stitch size or print size. */
function simplestDecoration(code: string, list: PriceList<DecorationList> | null | undefined): ChosenDecoration {
  const choice: ChosenDecoration = { code, artworkId: null };
  const data = list?.data;
  if (data?.method === 'screen_print') choice.colors = 1;
  if (data?.method === 'embroidery') choice.stitches = Math.min(...data.size_choices.map((s) => s.stitches));
  if (data && (data.method === 'dtg' || data.method === 'dtf' || data.method === 'heat_transfer')) {
    const smallest = [...data.print_sizes].sort(
      (a, b) => a.max_width_in * a.max_height_in - b.max_width_in * b.max_height_in,
    )[0];
    if (smallest) choice.printSize = smallest.code;
  }
  return choice;
}

/** The smallest preset by area, else the smallest width × height the product takes. */
function simplestArea(product: FromPriceProduct): ChosenArea | null {
  const list = product.area_list;
  if (!list) return null;
  const bounds = product.area_bounds;
  const presets = [...(bounds?.presets ?? [])].sort((a, b) => a.width_in * a.height_in - b.width_in * b.height_in);
  const size = presets[0] ?? {
    width_in: bounds?.min_width_in ?? DEFAULT_SIDE_IN,
    height_in: bounds?.min_height_in ?? DEFAULT_SIDE_IN,
  };
  return { widthIn: size.width_in, heightIn: size.height_in, material: list.data.materials[0]!.code, finishing: [] };
}

/** The smallest size without an upcharge (the first size when every size has one; null: no sizes). */
function simplestSize(product: FromPriceProduct): string | null {
  const upcharged = new Set(
    (product.garment_list?.data.size_upcharges ?? []).filter((u) => u.cents > 0).map((u) => u.size.toLowerCase()),
  );
  const plain = product.sizes.find((s) => !upcharged.has(s.name.toLowerCase()));
  return (plain ?? product.sizes[0])?.name ?? null;
}

/**
 * Where each quantity band starts, in pieces, on the list that sets the bands: the area list (a
 * square-foot band: the pieces of the simplest size that reach it), else the first location's
 * grid, else the blank's quantity tiers; [1] when none has bands.
 */
function bandStarts(product: FromPriceProduct, area: ChosenArea | null): number[] {
  if (product.area_list && area) {
    const data = product.area_list.data;
    if (data.band_basis === 'pieces') return data.grid.rows;
    const perPiece = billableSqft({
      list: product.area_list,
      width_in: area.widthIn,
      height_in: area.heightIn,
      material: area.material,
      finishing: [],
    });
    return data.grid.rows.map((sqft) => Math.max(1, Math.ceil(sqft / perPiece - 1e-9)));
  }
  const data = product.print_locations[0]?.price_list?.data;
  if (data && data.method !== 'flat') {
    return data.method === 'embroidery' || data.method === 'screen_print' ? data.grid.rows : data.light.rows;
  }
  return [1, ...product.price_tiers.map((t) => t.min_quantity)];
}

function priceAt(product: FromPriceProduct, area: ChosenArea | null, pieces: number): FromPrice | null {
  const first = product.print_locations[0];
  try {
    const job = buildJob(
      [
        {
          key: 'from',
          product,
          quantity: pieces,
          sizeName: simplestSize(product),
          colorHex: null,
          locations: first ? [simplestDecoration(first.code, first.price_list)] : [],
          area,
        },
      ],
      null,
    );
    return { cents: Math.ceil(priceJob(job).subtotal_cents / pieces), pieces };
  } catch (error) {
    // The list does not offer this job in that band (a blank cell, "a quote"): try the band below.
    if (error instanceof PricingInputError) return null;
    throw error;
  }
}

/**
 * The from-price of a list-priced product: the simplest job (first print location at its
 * cheapest input, smallest size without upcharge, smallest area in the first material without
 * finishing, standard turnaround, a light garment) at the start of the largest band that
 * prices it (a last band left blank, "call for a quote", gives way to the one below), by the
 * one engine. null: not list-priced (the card keeps its own price), or no band offers that job.
 */
export function fromPrice(product: FromPriceProduct): FromPrice | null {
  if (!isListPriced(product)) return null;
  const area = simplestArea(product);
  const starts = bandStarts(product, area);
  for (let i = starts.length - 1; i >= 0; i--) {
    const price = priceAt(product, area, starts[i]!);
    if (price) return price;
  }
  return null;
}

export { fromPriceText } from './from-price-text.ts';
