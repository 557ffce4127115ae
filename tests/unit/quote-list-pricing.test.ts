import { describe, expect, it } from 'vitest';
import { priceListLines } from '../../src/lib/pricing/price-list-lines.ts';
import {
  priceQuoteLines,
  type QuoteLineInput,
  type QuotePricedProduct,
} from '../../src/lib/quotes/quote-list-pricing.ts';
import { lineTotalCents } from '../../src/lib/quotes/quote-pricing.ts';
import type { DecorationList, PriceList } from '../../src/lib/pricing/lists.ts';
import {
  bannerList,
  contractScreenPrint,
  embroideryList,
  garmentList,
  turnaroundList,
} from '../support/price-list-fixtures.ts';

const location = (code: string, name: string, list: PriceList<DecorationList> | null) => ({
  code,
  name,
  price_cents_per_piece: 0,
  setup_fee_cents: 0,
  print_width_in: 12,
  price_list: list,
});

const TEE: QuotePricedProduct = {
  id: 'tee',
  name: 'Contract Tee',
  price_cents: 400,
  price_tiers: [],
  print_locations: [
    location('front', 'Front', contractScreenPrint),
    location('back', 'Back', contractScreenPrint),
    location('left-chest', 'Left chest', embroideryList),
  ],
  garment_list: garmentList,
  area_list: null,
  turnaround_list: turnaroundList,
};

const BANNER: QuotePricedProduct = {
  id: 'banner',
  name: 'Vinyl Banner',
  price_cents: 0,
  price_tiers: [],
  print_locations: [],
  garment_list: null,
  area_list: bannerList,
  turnaround_list: null,
  area_bounds: { min_width_in: 12, max_width_in: 120, min_height_in: 12, max_height_in: 60, presets: [] },
};

/** A flat product: tiers and flat location charges, as before lists. */
const HOODIE: QuotePricedProduct = {
  id: 'hoodie',
  name: 'Game Day Hoodie',
  price_cents: 4500,
  price_tiers: [{ min_quantity: 24, unit_price_cents: 3800 }],
  print_locations: [{ ...location('back', 'Back', null), price_cents_per_piece: 400, setup_fee_cents: 3000 }],
  garment_list: null,
  area_list: null,
  turnaround_list: null,
};

const products = new Map([TEE, BANNER, HOODIE].map((p) => [p.id, p]));

const teeLine = (extra: Partial<Extract<QuoteLineInput, { kind: 'product' }>> = {}): QuoteLineInput => ({
  kind: 'product',
  product_id: 'tee',
  quantity: 48,
  locations: ['front', 'back'],
  location_inputs: { front: { colors: 2 }, back: { colors: 1 } },
  ...extra,
});

/** The same tees as checkout prices them: 24 M + 24 L, light colour, files to come. */
function checkoutOf(rush: string | null) {
  const printed = [
    { code: 'front', artworkId: null, colors: 2 },
    { code: 'back', artworkId: null, colors: 1 },
  ];
  const result = priceListLines(
    [24, 24].map((quantity, index) => ({
      index,
      req: { quantity, locations: printed },
      product: TEE,
      colorHex: '#ffffff',
      sizeName: index === 0 ? 'M' : 'L',
    })),
    rush,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  const unit = result.pricing.lines.get(0)!.unitCents;
  return { unit, total: 48 * unit + result.pricing.charges.reduce((s, c) => s + c.unitPriceCents * c.quantity, 0) };
}

function priced(lines: QuoteLineInput[], rush: string | null = null) {
  const result = priceQuoteLines(lines, products, rush);
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.lines;
}

describe('a quote line of a product priced by the owner’s lists (docs/decisions/0027-price-lists.md)', () => {
  it('prices 48 tees, 2 colours front and 1 back, to the cent as checkout does', () => {
    const [line] = priced([teeLine()]);
    // Blank $4.00 + front 2 colours at 48+ $2.80 + back by the extra-location rule $0.75; 3 screens × $15.
    expect(line!.unit_price_cents).toBe(755);
    expect(line!.charges.map((c) => [c.kind, c.name, c.unit_price_cents, c.quantity])).toEqual([
      ['screens', 'Screens, Front of Contract Tee: 2 × $15.00', 3000, 1],
      ['screens', 'Screens, Back of Contract Tee: $15.00', 1500, 1],
    ]);
    expect(line!.charges[0]!.pricing).toMatchObject({
      kind: 'screens',
      list: { id: contractScreenPrint.id, version: 1 },
    });
    expect(line!.pricing).toMatchObject({
      unit_cents: 755,
      breakdown: 'Garment $4.00 · Front, 2 colours $2.80 · Back, 1 colour $0.75',
      inputs: {
        locations: [
          { code: 'front', method: 'screen_print', colors: 2 },
          { code: 'back', method: 'screen_print', colors: 1 },
        ],
        rush: null,
        darkGarment: false,
      },
      lists: expect.arrayContaining([
        { role: 'location:front', id: contractScreenPrint.id, name: contractScreenPrint.name, version: 1 },
      ]),
    });
    const checkout = checkoutOf(null);
    expect(line!.unit_price_cents).toBe(checkout.unit);
    expect(lineTotalCents(line!)).toBe(checkout.total);
    expect(lineTotalCents(line!)).toBe(48 * 755 + 4500);
  });

  it('adds the rush of the quote as a charge, the same amount checkout charges', () => {
    const [line] = priced([teeLine()], 'rush-4');
    const rush = line!.charges.find((c) => c.kind === 'rush');
    expect(rush).toMatchObject({ name: 'Rush, 4 business days +75 %', quantity: 1 });
    expect(rush!.unit_price_cents).toBe(Math.round((48 * 755 + 4500) * 0.75));
    expect(lineTotalCents(line!)).toBe(checkoutOf('rush-4').total);
    expect(line!.pricing!.inputs.rush).toBe('rush-4');
  });

  it('takes the exact stitch count the owner types, past the list’s sizes', () => {
    const [line] = priced([
      teeLine({ locations: ['left-chest'], location_inputs: { 'left-chest': { stitches: 12_500 } } }),
    ]);
    // 48 pieces: the 36+ row, $6.00 to 10,000 stitches + 3 started thousands × $0.90; blank $4.00.
    expect(line!.unit_price_cents).toBe(400 + 600 + 3 * 90);
    expect(line!.pricing!.breakdown).toContain('Left chest, 12,500 stitches $8.70');
    expect(line!.charges).toEqual([expect.objectContaining({ kind: 'digitizing', unit_price_cents: 7500 })]);
  });

  it('prices dark garments with their surcharge', () => {
    const [light] = priced([teeLine()]);
    const [dark] = priced([teeLine({ dark_garment: true })]);
    expect(dark!.pricing!.inputs.darkGarment).toBe(true);
    expect(dark!.unit_price_cents).toBeGreaterThan(light!.unit_price_cents);
  });

  it('prices a banner by its area and keeps flat products and free lines as before', () => {
    const lines = priced([
      {
        kind: 'product',
        product_id: 'banner',
        quantity: 1,
        locations: [],
        area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: [] },
      },
      { kind: 'product', product_id: 'hoodie', quantity: 30, locations: ['back'], note: 'Navy' },
      { kind: 'custom', description: 'Numbers', quantity: 20, unit_price_cents: 250, setup_fee_cents: 1000 },
    ]);
    expect(lines[0]!.unit_price_cents).toBe(32 * 800);
    // The codes and, as the order views read them, the list's words for them at the time.
    expect(lines[0]!.pricing!.inputs.area).toEqual({
      widthIn: 96,
      heightIn: 48,
      material: '13oz',
      materialLabel: '13 oz vinyl',
      finishing: [],
      finishingLabels: [],
    });
    expect(lines[1]).toMatchObject({ description: 'Game Day Hoodie: Navy', unit_price_cents: 3800 });
    expect(lines[1]!.pricing).toBeUndefined();
    expect(lines[1]!.charges.map((c) => [c.kind, c.unit_price_cents, c.quantity])).toEqual([
      ['print_location', 400, 30],
      ['setup_fee', 3000, 1],
    ]);
    expect(lines[2]).toMatchObject({ unit_price_cents: 250, charges: [{ kind: 'setup_fee', unit_price_cents: 1000 }] });
  });

  const refusals: [string, QuoteLineInput[], string | null, string, RegExp][] = [
    [
      '7 colours where the chart has 6',
      [teeLine({ location_inputs: { front: { colors: 7 }, back: { colors: 1 } } })],
      null,
      'lines.0.locations.0.colors',
      /6 ink colours/,
    ],
    [
      'a colour count missing',
      [teeLine({ location_inputs: { back: { colors: 1 } } })],
      null,
      'lines.0.locations.0.colors',
      /colour/,
    ],
    [
      'a banner wider than the product is made',
      [
        teeLine(),
        {
          kind: 'product',
          product_id: 'banner',
          quantity: 1,
          locations: [],
          area: { widthIn: 6000, heightIn: 48, material: '13oz', finishing: [] },
        },
      ],
      null,
      'lines.1.area.widthIn',
      /10 ft.*500 ft/,
    ],
    [
      'a material not offered',
      [
        {
          kind: 'product',
          product_id: 'banner',
          quantity: 1,
          locations: [],
          area: { widthIn: 96, heightIn: 48, material: 'mesh', finishing: [] },
        },
      ],
      null,
      'lines.0.area.material',
      /13 oz vinyl or 18 oz vinyl/,
    ],
    ['a rush the lists do not offer', [teeLine()], 'rush-1', 'rush', /./],
    [
      'a rush on a quote of free lines only',
      [{ kind: 'custom', description: 'X', quantity: 1, unit_price_cents: 100, setup_fee_cents: 0 }],
      'rush-4',
      'rush',
      /standard turnaround/,
    ],
  ];
  it.each(refusals)('refuses %s, naming the field', (_, lines, rush, field, message) => {
    const result = priceQuoteLines(lines, products, rush);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields)).toContain(field);
    expect(result.fields[field]).toMatch(message);
  });
});
