import { describe, expect, it } from 'vitest';
import { type LineToPrice, priceLines } from '../../src/lib/pricing/price-lines.ts';
import { priceListLines } from '../../src/lib/pricing/price-list-lines.ts';
import type { PricedProduct } from '../../src/lib/pricing/product-job.ts';
import { contractScreenPrint, garmentList } from '../support/price-list-fixtures.ts';

/** One entry prices a line whatever its method (issue 43, item 4): tiers, or the owner's lists. */

const HOODIE: PricedProduct = {
  id: 'hoodie',
  name: 'Game Day Hoodie',
  price_cents: 4500,
  price_tiers: [{ min_quantity: 24, unit_price_cents: 3800 }],
  print_locations: [],
  garment_list: null,
  area_list: null,
  turnaround_list: null,
};

const TEE: PricedProduct = {
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
  ],
  garment_list: garmentList,
  area_list: null,
  turnaround_list: null,
};

const hoodies = (index: number, quantity: number, pieces: number): LineToPrice => ({
  index,
  req: { quantity },
  product: HOODIE,
  colorHex: null,
  sizeName: 'M',
  pieces,
});

const tees = (index: number, colors: number): LineToPrice => ({
  index,
  req: { quantity: 48, locations: [{ code: 'front', artworkId: null, colors }] },
  product: TEE,
  colorHex: '#ffffff',
  sizeName: 'L',
  pieces: 48,
});

describe('priceLines: one entry for every method', () => {
  it("prices a tiered line by its design's pieces and a list-priced line by the lists, in one call", () => {
    const result = priceLines([hoodies(0, 10, 30), tees(1, 2)], null);
    const listed = priceListLines([tees(1, 2)], null);
    if (!listed.ok) throw new Error('the fixture prices');
    expect(result.problem).toBeNull();
    // 30 pieces of the design reach the 24-piece tier, though this line holds 10.
    expect(result.lines.get(0)).toEqual({ unitCents: 3800, record: null });
    expect(result.lines.get(1)).toEqual(listed.pricing.lines.get(1));
    expect(result.charges).toEqual(listed.pricing.charges);
  });

  it('names a list input the lists do not take, and still prices the tiered lines', () => {
    const result = priceLines([hoodies(0, 5, 5), tees(1, 99)], null);
    expect(result.problem?.indexes).toEqual([1]);
    expect(Object.keys(result.problem?.fields ?? {})).toEqual(['items.1.locations.0.colors']);
    expect(result.lines.get(0)).toEqual({ unitCents: 4500, record: null });
    expect(result.charges).toEqual([]);
  });

  it('refuses a rush when no line is priced by a turnaround list', () => {
    const result = priceLines([hoodies(0, 5, 5)], 'rush-4');
    expect(result.problem?.fields).toEqual({ rush: 'These products have standard turnaround only.' });
  });
});
