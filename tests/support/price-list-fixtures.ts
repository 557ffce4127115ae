import type { DecorationInputs, JobDecoration, JobLine } from '../../src/lib/pricing/job.ts';
import type {
  AreaList,
  DecorationList,
  EmbroideryList,
  FlatList,
  GarmentList,
  PriceList,
  ScreenPrintList,
  TransferList,
  TurnaroundList,
} from '../../src/lib/pricing/lists.ts';

/**
 * Real shops' published price lists (/work/shared/notes/print-shop-market.md,
 * docs/decisions/0027-price-lists.md) as the owner would enter them, for the pricing engine's tests and benchmark.
 */

const list = <D extends PriceList['data']>(id: string, name: string, data: D): PriceList<D> => ({
  id,
  name,
  version: 1,
  data,
});

const none = [null, null, null, null, null, null];

/**
 * One shop's contract chart, per piece, one location, as published: 24+ one colour only; 48+ up
 * to 5 colours (6 colours starts at 72: the chart leaves it blank, so it is not offered below
 * 72); 576–999 the last priced band (1,000 and up: a quote). Below 24: not offered.
 */
export const contractScreenPrint = list<ScreenPrintList>('screen-contract', 'Screen print (contract chart)', {
  method: 'screen_print',
  grid: {
    rows: [1, 24, 48, 72, 144, 288, 576, 1000],
    cells: [
      none,
      [360, null, null, null, null, null],
      [245, 280, 315, 350, 385, null],
      [190, 220, 250, 280, 310, 340],
      [150, 175, 195, 215, 235, 260],
      [120, 140, 160, 180, 200, 220],
      [100, 115, 130, 145, 160, 175],
      none,
    ],
  },
  additional_location: { first_color_cents: 75, per_extra_color_cents: 25 },
  screen_fee_cents: 1500,
  // "Waived over 144 pieces for 1–3 colours, half price for 4–6": over 144 is 145 and up.
  screen_fee_rules: [
    { min_pieces: 145, max_colors: 6, share: 0.5 },
    { min_pieces: 145, max_colors: 3, share: 0 },
  ],
  screen_fee_display: 'line',
  surcharges: [{ code: 'flash', label: 'Flash on dark', cents_per_piece: 15, when: 'dark_garment' }],
});

/**
 * Another shop's formula: setup = total colours across locations × $20, spread over the pieces;
 * every location from its scale (no additional-location rule). Only the 36–71 row is published
 * (4 colours $3.45, 1 colour $1.70); the other cells are this fixture's own.
 */
export const spreadScreenPrint = list<ScreenPrintList>('screen-spread', 'Screen print (setup spread)', {
  method: 'screen_print',
  grid: {
    rows: [1, 12, 36, 72],
    cells: [
      [400, 500, 600, 700],
      [250, 320, 390, 460],
      [170, 230, 290, 345],
      [130, 180, 230, 280],
    ],
  },
  additional_location: null,
  screen_fee_cents: 2000,
  screen_fee_rules: [],
  screen_fee_display: 'spread',
  surcharges: [],
});

/** One shop's embroidery: logos up to 10,000 stitches by quantity, then per extra 1,000 stitches. */
export const embroideryList = list<EmbroideryList>('embroidery', 'Embroidery', {
  method: 'embroidery',
  stitch_bands: [10_000],
  grid: { rows: [1, 6, 12, 36, 72, 150, 300], cells: [[1000], [800], [700], [600], [500], [450], [400]] },
  extra_per_thousand_cents: [150, 130, 110, 90, 70, 50, 30],
  max_stitches: 25_000,
  digitizing_fee_cents: 7500,
  size_choices: [
    { code: 'left-chest', label: 'Left-chest logo, up to 5,000 stitches', stitches: 5000 },
    { code: 'full-back', label: 'Full back, about 20,000 stitches', stitches: 20_000 },
  ],
});

/** Embroidery with two stitch bands and nothing past the last. */
export const embroideryNoExtras = list<EmbroideryList>('embroidery-capped', 'Embroidery (capped)', {
  method: 'embroidery',
  stitch_bands: [5000, 10_000],
  grid: {
    rows: [1, 12],
    cells: [
      [800, 1100],
      [600, 900],
    ],
  },
  extra_per_thousand_cents: null,
  max_stitches: 10_000,
  digitizing_fee_cents: 5000,
  size_choices: [{ code: 'left-chest', label: 'Left-chest logo, up to 5,000 stitches', stitches: 5000 }],
});

export const dtgList = list<TransferList>('dtg', 'DTG', {
  method: 'dtg',
  print_sizes: [
    { code: 'small', label: 'up to 5 × 5 in', max_width_in: 5, max_height_in: 5 },
    { code: 'medium', label: 'up to 10 × 10 in', max_width_in: 10, max_height_in: 10 },
    { code: 'large', label: 'up to 14 × 18 in', max_width_in: 14, max_height_in: 18 },
  ],
  light: {
    rows: [1, 12, 48],
    cells: [
      [600, 900, 1200],
      [500, 750, 1000],
      [400, 600, 800],
    ],
  },
  dark: {
    rows: [1, 12, 48],
    cells: [
      [800, 1150, 1500],
      [700, 950, 1250],
      [600, 800, 1000],
    ],
  },
  setup_fee_cents: 0,
});

export const dtfList = list<TransferList>('dtf', 'DTF', {
  method: 'dtf',
  print_sizes: [{ code: 'medium', label: 'up to 10 × 10 in', max_width_in: 10, max_height_in: 10 }],
  light: { rows: [1, 24], cells: [[550], [450]] },
  dark: null,
  setup_fee_cents: 1000,
});

export const flatList = list<FlatList>('flat', 'Flat', { method: 'flat', cents_per_piece: 500, setup_fee_cents: 2500 });

export const garmentList = list<GarmentList>('garment', 'Apparel sizes', {
  method: 'garment',
  size_upcharges: [
    { size: '2XL', cents: 200 },
    { size: '3XL', cents: 300 },
    { size: '4XL', cents: 400 },
    { size: '5XL', cents: 400 },
  ],
});

/** Vinyl banners at the market's $8.00 per square foot (13 oz), 18 oz dearer; bands on pieces. */
export const bannerList = list<AreaList>('banners', 'Vinyl banners', {
  method: 'area',
  materials: [
    { code: '13oz', label: '13 oz vinyl' },
    { code: '18oz', label: '18 oz vinyl' },
  ],
  grid: {
    rows: [1, 10],
    cells: [
      [800, 1000],
      [700, 900],
    ],
  },
  band_basis: 'pieces',
  min_billable_sqft: 0,
  min_charge_cents: 2500,
  finishing: [
    { code: 'hems', label: 'Hems', basis: 'edge_ft', amount: 50 },
    { code: 'grommets', label: 'Grommets', basis: 'piece', amount: 300 },
    { code: 'lamination', label: 'Lamination', basis: 'sqft', amount: 150 },
    { code: 'double-sided', label: 'Double-sided', basis: 'percent', amount: 100 },
  ],
});

/** Stickers: the same engine, bands on the total square feet, at least a quarter square foot each. */
export const stickerList = list<AreaList>('stickers', 'Stickers', {
  method: 'area',
  materials: [{ code: 'gloss', label: 'Glossy vinyl' }],
  grid: { rows: [1, 50, 250], cells: [[900], [600], [400]] },
  band_basis: 'sqft',
  min_billable_sqft: 0.25,
  min_charge_cents: 0,
  finishing: [],
});

export const turnaroundList = list<TurnaroundList>('turnaround', 'Turnaround', {
  method: 'turnaround',
  standard_days: 8,
  rush: [
    { code: 'rush-6', label: 'Rush, 6 business days', business_days: 6, percent: 50 },
    { code: 'rush-4', label: 'Rush, 4 business days', business_days: 4, percent: 75 },
  ],
});

/** A print location of one design, by a list. */
export function print(
  design: string,
  decorationList: PriceList<DecorationList>,
  inputs: DecorationInputs,
  location = 'Front',
): JobDecoration {
  return {
    location: { code: location.toLowerCase().replace(/\s+/g, '-'), name: location },
    list: decorationList,
    inputs,
    design,
  };
}

/** A line with nothing on it: a $0 blank (customer-supplied garment), no size, light colour. */
export function line(overrides: Partial<JobLine> & { key: string; quantity: number }): JobLine {
  return {
    productName: 'Tee',
    sizeName: null,
    darkGarment: false,
    blank: { price_cents: 0, tiers: [] },
    garment: null,
    area: null,
    decorations: [],
    ...overrides,
  };
}
