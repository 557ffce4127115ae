import { describe, expect, it } from 'vitest';
import { PricingInputError } from '../../src/lib/pricing/job.ts';
import { priceJob } from '../../src/lib/pricing/price-job.ts';
import {
  buildJob,
  isDarkHex,
  isListPriced,
  type PricedProduct,
  requestField,
} from '../../src/lib/pricing/product-job.ts';
import {
  bannerList,
  contractScreenPrint,
  embroideryList,
  garmentList,
  turnaroundList,
} from '../support/price-list-fixtures.ts';

const tee: PricedProduct = {
  id: 'tee',
  name: 'Contract Tee',
  price_cents: 400,
  price_tiers: [],
  print_locations: [
    {
      code: 'front',
      name: 'Front',
      price_cents_per_piece: 0,
      setup_fee_cents: 0,
      print_width_in: 12,
      price_list: contractScreenPrint,
    },
    {
      code: 'back',
      name: 'Back',
      price_cents_per_piece: 0,
      setup_fee_cents: 0,
      print_width_in: 12,
      price_list: contractScreenPrint,
    },
    {
      code: 'sleeve',
      name: 'Sleeve',
      price_cents_per_piece: 200,
      setup_fee_cents: 1000,
      print_width_in: 3,
      price_list: null,
    },
  ],
  garment_list: garmentList,
  area_list: null,
  turnaround_list: turnaroundList,
};
const printed = [
  { code: 'front', artworkId: null, colors: 2 },
  { code: 'back', artworkId: null, colors: 1 },
];
const teeLine = (key: string, quantity: number, sizeName: string) => ({
  key,
  product: tee,
  quantity,
  sizeName,
  colorHex: '#ffffff',
  locations: printed,
});

describe('a product and its choices become the job the engine prices', () => {
  it('prices 48 two-colour tees with a one-colour back across sizes from the grid', () => {
    const priced = priceJob(buildJob([teeLine('m', 24, 'M'), teeLine('l', 24, 'L')], null));
    // Blank $4.00 + front 2 colours at 48+ $2.80 + back as an extra location $0.75; 3 screens × $15.
    expect(priced.lines.map((l) => l.unit_cents)).toEqual([755, 755]);
    expect(priced.fees.reduce((s, f) => s + f.total_cents, 0)).toBe(4500);
    expect(priced.subtotal_cents).toBe(48 * 755 + 4500);
  });

  it('adds the size upcharge, flash on a dark colour, and keeps a location without a list flat', () => {
    const dark = { ...teeLine('2xl', 48, '2XL'), colorHex: '#101820' };
    const withSleeve = { ...dark, locations: [...printed, { code: 'sleeve', artworkId: null }] };
    const priced = priceJob(buildJob([withSleeve], null));
    const [line] = priced.lines;
    expect(line!.parts.map((p) => p.kind)).toContain('size_upcharge');
    expect(line!.parts.map((p) => p.kind)).toContain('surcharge');
    // Flash on each screen-printed location (front and back).
    expect(line!.unit_cents).toBe(400 + 200 + 280 + 75 + 2 * 15 + 200);
    expect(priced.fees.map((f) => f.total_cents).sort()).toEqual([1000, 1500, 3000]);
  });

  it('prices a 4 × 8 ft banner by its area and rushes the job by the list', () => {
    const banner: PricedProduct = {
      ...tee,
      id: 'banner',
      name: 'Banner',
      // Its own price is not added: the area is the price.
      price_cents: 6500,
      print_locations: [],
      garment_list: null,
      area_list: bannerList,
    };
    const job = buildJob(
      [
        {
          key: 'b',
          product: banner,
          quantity: 1,
          sizeName: null,
          colorHex: null,
          locations: [],
          area: { widthIn: 96, heightIn: 48, material: '13oz', finishing: [] },
        },
      ],
      'rush-4',
    );
    const priced = priceJob(job);
    expect(priced.lines[0]!.unit_cents).toBe(32 * 800);
    expect(priced.rush?.cents).toBe(Math.round(32 * 800 * 0.75));
  });

  it('names a bad input as the request does', () => {
    const seven = { ...teeLine('m', 48, 'M'), locations: [{ code: 'front', artworkId: null, colors: 7 }] };
    let error: unknown;
    try {
      priceJob(buildJob([teeLine('ok', 1, 'S'), seven], null));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PricingInputError);
    expect(requestField((error as PricingInputError).field, [3, 5])).toMatch(/^items\.5\.locations\.0/);
    expect(() => buildJob([{ ...teeLine('m', 1, 'M'), product: { ...tee, area_list: bannerList } }], null)).toThrow(
      /Choose a size/,
    );
    const noRush = { ...tee, turnaround_list: null };
    expect(() => buildJob([{ ...teeLine('m', 1, 'M'), product: noRush }], 'rush-5')).toThrow(
      /standard turnaround only/,
    );
  });

  it('takes an embroidery size only from the sizes the list offers', () => {
    const cap: PricedProduct = {
      ...tee,
      print_locations: [
        {
          code: 'front',
          name: 'Front',
          price_cents_per_piece: 0,
          setup_fee_cents: 0,
          print_width_in: 4,
          price_list: embroideryList,
        },
      ],
    };
    const stitches = embroideryList.data.method === 'embroidery' ? embroideryList.data.size_choices[0]!.stitches : 0;
    const ok = buildJob(
      [{ ...teeLine('c', 12, 'M'), product: cap, locations: [{ code: 'front', artworkId: null, stitches }] }],
      null,
    );
    expect(priceJob(ok).lines[0]!.unit_cents).toBeGreaterThan(400);
    expect(() =>
      buildJob(
        [{ ...teeLine('c', 12, 'M'), product: cap, locations: [{ code: 'front', artworkId: null, stitches: 101 }] }],
        null,
      ),
    ).toThrow(PricingInputError);
  });

  it('tells a list-priced product and a dark colour', () => {
    expect(isListPriced(tee)).toBe(true);
    expect(isListPriced({ ...tee, garment_list: null, print_locations: [tee.print_locations[2]!] })).toBe(false);
    expect(isDarkHex('#101820')).toBe(true);
    expect(isDarkHex('#f5f5f5')).toBe(false);
    expect(isDarkHex(null)).toBe(false);
  });
});
