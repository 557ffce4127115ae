import { describe, expect, it } from 'vitest';
import { type FromPriceProduct, fromPrice, fromPriceText } from '../../src/lib/pricing/from-price.ts';
import type { ProductLocation } from '../../src/lib/catalog/products.ts';
import {
  bannerList,
  contractScreenPrint,
  dtgList,
  embroideryList,
  garmentList,
  spreadScreenPrint,
  stickerList,
  turnaroundList,
} from '../support/price-list-fixtures.ts';

const location = (overrides: Partial<ProductLocation> = {}): ProductLocation => ({
  code: 'front',
  name: 'Front',
  price_cents_per_piece: 0,
  setup_fee_cents: 0,
  print_width_in: 12,
  price_list: null,
  ...overrides,
});

const tee = (overrides: Partial<FromPriceProduct> = {}): FromPriceProduct => ({
  id: 'tee',
  name: 'Tee',
  price_cents: 400,
  price_tiers: [],
  print_locations: [location({ price_list: spreadScreenPrint }), location({ code: 'back', name: 'Back' })],
  garment_list: garmentList,
  area_list: null,
  turnaround_list: turnaroundList,
  sizes: [{ name: '2XL' }, { name: 'S' }, { name: 'M' }],
  ...overrides,
});

describe('fromPrice', () => {
  it('prices one colour on the first location at the grid’s last row, the screens spread over the pieces', () => {
    // 72 pieces: blank $4.00 + 1 colour $1.30 + one $20 screen over 72 pieces (27.8¢, rounded up).
    expect(fromPrice(tee())).toEqual({ cents: 400 + 130 + 28, pieces: 72 });
  });

  it('takes the smallest size without an upcharge, not the first size', () => {
    const allUpcharged = tee({ sizes: [{ name: '2XL' }] });
    // Only 2XL: its $2.00 upcharge is in the price.
    expect(fromPrice(allUpcharged)?.cents).toBe(400 + 200 + 130 + 28);
  });

  it('falls back to the band below when the last row is left blank for a quote', () => {
    // The contract chart's 1,000+ row is empty: 576 pieces, 1 colour $1.00, screens waived over 144.
    const product = tee({ print_locations: [location({ price_list: contractScreenPrint })] });
    expect(fromPrice(product)).toEqual({ cents: 400 + 100, pieces: 576 });
  });

  it('prices embroidery at the smallest stitch size, digitizing spread over the pieces', () => {
    const product = tee({ print_locations: [location({ price_list: embroideryList })], price_cents: 900 });
    // 300 pieces: $9.00 + $4.00 + $75 digitizing / 300 (25¢).
    expect(fromPrice(product)).toEqual({ cents: 900 + 400 + 25, pieces: 300 });
  });

  it('prices DTG at the smallest print size on a light garment', () => {
    const product = tee({ print_locations: [location({ price_list: dtgList })] });
    expect(fromPrice(product)).toEqual({ cents: 400 + 400, pieces: 48 });
  });

  it('prices a garment-list-only product at its last tier with the flat location', () => {
    const product = tee({
      price_cents: 1000,
      price_tiers: [
        { min_quantity: 12, unit_price_cents: 900 },
        { min_quantity: 48, unit_price_cents: 800 },
      ],
      print_locations: [location({ price_cents_per_piece: 150, setup_fee_cents: 1200 })],
    });
    // 48 pieces: tier $8.00 + $1.50 + $12 setup / 48 (25¢).
    expect(fromPrice(product)).toEqual({ cents: 800 + 150 + 25, pieces: 48 });
  });

  it('prices a banner at its smallest preset in the first material, no finishing', () => {
    const banner = tee({
      price_cents: 0,
      print_locations: [],
      garment_list: null,
      area_list: bannerList,
      sizes: [],
      area_bounds: {
        min_width_in: 12,
        max_width_in: 120,
        min_height_in: 12,
        max_height_in: 240,
        presets: [
          { label: '3 × 6 ft', width_in: 36, height_in: 72 },
          { label: '2 × 4 ft', width_in: 24, height_in: 48 },
        ],
      },
    });
    // 10 pieces of 8 sq ft at $7.00 a square foot.
    expect(fromPrice(banner)).toEqual({ cents: 5600, pieces: 10 });
  });

  it('prices stickers at the minimum size, square-foot bands turned into pieces', () => {
    const sticker = tee({
      price_cents: 0,
      print_locations: [],
      garment_list: null,
      area_list: stickerList,
      sizes: [],
      area_bounds: { min_width_in: 3, max_width_in: 24, min_height_in: 3, max_height_in: 24, presets: [] },
    });
    // 3 × 3 in bills as 0.25 sq ft; the 250 sq ft band starts at 1,000 pieces; $4.00 × 0.25.
    expect(fromPrice(sticker)).toEqual({ cents: 100, pieces: 1000 });
  });

  it('gives nothing for a product priced by its own flat price and tiers', () => {
    expect(fromPrice(tee({ print_locations: [location()], garment_list: null }))).toBeNull();
  });

  it('reads in words with the pieces grouped', () => {
    expect(fromPriceText({ cents: 500, pieces: 1000 })).toBe('from $5.00 each at 1,000 pieces');
  });
});
