import type { PriceListData, PriceListMethod } from './lists.ts';

/**
 * The list a new one starts from, by method: realistic prices an owner edits rather than an empty
 * grid. The screen-print grid is a published contract chart (docs/decisions/0027-price-lists.md) with its gaps filled;
 * the embroidery grid is the chart up to 10,000 stitches. The demo seed uses the same.
 */
const screenPrint: PriceListData = {
  method: 'screen_print',
  grid: {
    rows: [1, 24, 48, 72, 144, 288, 576],
    cells: [
      [450, 510, 570, 630, 690, 750],
      [325, 370, 415, 460, 505, 550],
      [245, 280, 315, 350, 385, 420],
      [190, 220, 250, 280, 310, 340],
      [150, 172, 194, 216, 238, 260],
      [120, 140, 160, 180, 200, 220],
      [100, 115, 130, 145, 160, 175],
    ],
  },
  additional_location: { first_color_cents: 75, per_extra_color_cents: 25 },
  screen_fee_cents: 1500,
  screen_fee_rules: [
    { min_pieces: 145, max_colors: 3, share: 0 },
    { min_pieces: 145, max_colors: 6, share: 0.5 },
  ],
  screen_fee_display: 'line',
  surcharges: [{ code: 'flash', label: 'Flash underbase (dark garments)', cents_per_piece: 15, when: 'dark_garment' }],
};

const embroidery: PriceListData = {
  method: 'embroidery',
  stitch_bands: [10_000],
  grid: { rows: [1, 6, 12, 36, 72, 150, 300], cells: [[1000], [800], [700], [600], [500], [450], [400]] },
  extra_per_thousand_cents: [150, 130, 110, 90, 70, 50, 30],
  max_stitches: 30_000,
  digitizing_fee_cents: 5000,
  size_choices: [
    { code: 'left-chest', label: 'Left-chest logo, up to 5,000 stitches', stitches: 5000 },
    { code: 'cap-front', label: 'Cap front, up to 8,000 stitches', stitches: 8000 },
    { code: 'full-back', label: 'Full back, up to 20,000 stitches', stitches: 20_000 },
  ],
};

const printSizes = [
  { code: 'small', label: 'Up to 5 × 5 in', max_width_in: 5, max_height_in: 5 },
  { code: 'medium', label: 'Up to 10 × 10 in', max_width_in: 10, max_height_in: 10 },
  { code: 'large', label: 'Up to 14 × 18 in', max_width_in: 14, max_height_in: 18 },
];

const transfer = (method: 'dtg' | 'dtf' | 'heat_transfer'): PriceListData => ({
  method,
  print_sizes: printSizes,
  light: {
    rows: [1, 12, 24, 48, 72],
    cells: [
      [1000, 1400, 1800],
      [800, 1100, 1500],
      [700, 1000, 1300],
      [600, 900, 1200],
      [550, 800, 1100],
    ],
  },
  dark: {
    rows: [1, 12, 24, 48, 72],
    cells: [
      [1200, 1700, 2200],
      [1000, 1400, 1900],
      [900, 1250, 1650],
      [800, 1150, 1500],
      [700, 1000, 1350],
    ],
  },
  setup_fee_cents: 0,
});

const STARTERS: Record<PriceListMethod, () => PriceListData> = {
  screen_print: () => screenPrint,
  embroidery: () => embroidery,
  dtg: () => transfer('dtg'),
  dtf: () => transfer('dtf'),
  heat_transfer: () => transfer('heat_transfer'),
  flat: () => ({ method: 'flat', cents_per_piece: 300, setup_fee_cents: 2500 }),
  garment: () => ({
    method: 'garment',
    size_upcharges: [
      { size: '2XL', cents: 200 },
      { size: '3XL', cents: 300 },
      { size: '4XL', cents: 400 },
      { size: '5XL', cents: 400 },
    ],
  }),
  area: () => ({
    method: 'area',
    materials: [
      { code: 'vinyl-13oz', label: '13 oz vinyl' },
      { code: 'vinyl-18oz', label: '18 oz vinyl' },
    ],
    grid: {
      rows: [1, 5, 10, 25],
      cells: [
        [800, 1000],
        [750, 950],
        [700, 900],
        [650, 850],
      ],
    },
    band_basis: 'pieces',
    min_billable_sqft: 1,
    min_charge_cents: 2500,
    finishing: [
      { code: 'hems', label: 'Hemmed edges', basis: 'edge_ft', amount: 50 },
      { code: 'grommets', label: 'Grommets every 2 ft', basis: 'edge_ft', amount: 50 },
      { code: 'pole-pockets', label: 'Pole pockets', basis: 'edge_ft', amount: 150 },
    ],
  }),
  turnaround: () => ({
    method: 'turnaround',
    standard_days: 10,
    rush: [
      { code: 'rush-7', label: 'Rush, 7 business days', business_days: 7, percent: 50 },
      { code: 'rush-5', label: 'Rush, 5 business days', business_days: 5, percent: 75 },
    ],
  }),
};

/** A fresh copy each call: the editor changes what it gets. */
export function starterList(method: PriceListMethod): PriceListData {
  return structuredClone(STARTERS[method]());
}
