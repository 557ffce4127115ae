import { describe, expect, it } from 'vitest';
import {
  lineTotalCents,
  priceCustomLine,
  priceProductLine,
  priceQuote,
  type QuoteProduct,
} from '../../src/lib/quotes/quote-pricing.ts';

const HOODIE: QuoteProduct = {
  id: 'hoodie',
  name: 'Game Day Hoodie',
  price_cents: 4500,
  price_tiers: [
    { min_quantity: 24, unit_price_cents: 3800 },
    { min_quantity: 12, unit_price_cents: 4200 },
  ],
  print_locations: [
    { code: 'front', name: 'Front', price_cents_per_piece: 0, setup_fee_cents: 3000 },
    { code: 'back', name: 'Back', price_cents_per_piece: 400, setup_fee_cents: 3000 },
  ],
};

describe('quote pricing (docs/decisions/0017-quotes.md)', () => {
  it('prices a catalogue line by its tier for the quantity and charges each chosen location', () => {
    const line = priceProductLine(HOODIE, { quantity: 30, locations: ['back'] });
    expect(line.unit_price_cents).toBe(3800);
    expect(line.charges).toEqual([
      { kind: 'print_location', name: 'Back print, Game Day Hoodie', unit_price_cents: 400, quantity: 30 },
      { kind: 'setup_fee', name: 'Back setup, Game Day Hoodie', unit_price_cents: 3000, quantity: 1 },
    ]);
    expect(lineTotalCents(line)).toBe(30 * 3800 + 30 * 400 + 3000);
    expect(priceProductLine(HOODIE, { quantity: 11, locations: [] }).unit_price_cents).toBe(4500);
    expect(() => priceProductLine(HOODIE, { quantity: 1, locations: ['sleeve'] })).toThrow(RangeError);
  });

  it('keeps a free line as the owner priced it, its setup fee once, none when zero', () => {
    const line = priceCustomLine({
      description: 'Vehicle wrap',
      quantity: 1,
      unitPriceCents: 240_000,
      setupFeeCents: 0,
    });
    expect(line).toMatchObject({ kind: 'custom', product_id: null, charges: [] });
    expect(
      lineTotalCents(priceCustomLine({ description: 'Banner', quantity: 3, unitPriceCents: 1000, setupFeeCents: 500 })),
    ).toBe(3500);
  });

  it('totals with the discount capped at the subtotal, free shipping past the threshold, and tax on what is left', () => {
    const small = priceCustomLine({ description: 'Sample', quantity: 2, unitPriceCents: 1000, setupFeeCents: 0 });
    expect(
      priceQuote({ lines: [small], discountCents: 0, fulfillment: 'shipping', shippingSpeed: 'overnight' }),
    ).toMatchObject({
      subtotal_cents: 2000,
      shipping_cents: 2500,
      tax_cents: 160,
      total_cents: 4660,
    });
    expect(
      priceQuote({ lines: [small], discountCents: 5000, fulfillment: 'local', shippingSpeed: null }),
    ).toMatchObject({
      discount_cents: 2000,
      total_cents: 0,
    });
    const big = priceCustomLine({ description: 'Banners', quantity: 300, unitPriceCents: 1850, setupFeeCents: 4500 });
    expect(
      priceQuote({ lines: [big], discountCents: 0, fulfillment: 'shipping', shippingSpeed: 'standard' }).shipping_cents,
    ).toBe(0);
  });
});
