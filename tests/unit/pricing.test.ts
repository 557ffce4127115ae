import { describe, expect, it } from 'vitest';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';

const lines = (...prices: [number, number][]) =>
  prices.map(([unit_price_cents, quantity]) => ({ unit_price_cents, quantity }));

describe('priceCart (docs/decisions/spec-rules.md#s9)', () => {
  it('adds shipping by speed and 8% tax of the subtotal', () => {
    const base = { lines: lines([2400, 2]), fulfillment: 'shipping' as const, discount: null };
    expect(priceCart({ ...base, shippingSpeed: 'standard' })).toMatchObject({
      subtotal_cents: 4800,
      discount_cents: 0,
      shipping_cents: 500,
      tax_cents: 384,
      total_cents: 5684,
    });
    expect(priceCart({ ...base, shippingSpeed: 'express' }).shipping_cents).toBe(1500);
    expect(priceCart({ ...base, shippingSpeed: 'overnight' }).shipping_cents).toBe(2500);
  });

  it('charges no shipping for local handoff, a free-shipping code, or $100+ after discount', () => {
    const base = { lines: lines([2400, 2]), shippingSpeed: 'overnight' as const };
    expect(priceCart({ ...base, fulfillment: 'local', discount: null }).shipping_cents).toBe(0);
    expect(
      priceCart({ ...base, fulfillment: 'shipping', discount: { type: 'free_shipping', amount_cents: 0 } })
        .shipping_cents,
    ).toBe(0);
    const big = priceCart({
      lines: lines([5000, 2]),
      shippingSpeed: 'standard',
      fulfillment: 'shipping',
      discount: null,
    });
    expect(big).toMatchObject({ shipping_cents: 0, free_shipping_progress: 1, free_shipping_remaining_cents: 0 });
    // $110 less a $20 code is $90: below the threshold again.
    const discounted = priceCart({
      lines: lines([5500, 2]),
      shippingSpeed: 'standard',
      fulfillment: 'shipping',
      discount: { type: 'fixed', amount_cents: 2000 },
    });
    expect(discounted).toMatchObject({
      shipping_cents: 500,
      free_shipping_remaining_cents: 1000,
      free_shipping_progress: 0.9,
    });
  });

  it('caps a fixed discount at the subtotal and takes percentages in basis points', () => {
    const fixed = priceCart({
      lines: lines([800, 1]),
      shippingSpeed: 'standard',
      fulfillment: 'local',
      discount: { type: 'fixed', amount_cents: 1000 },
    });
    expect(fixed).toMatchObject({ discount_cents: 800, discounted_subtotal_cents: 0, tax_cents: 0, total_cents: 0 });
    const pct = priceCart({
      lines: lines([3333, 3]),
      shippingSpeed: 'standard',
      fulfillment: 'shipping',
      discount: { type: 'percentage', amount_cents: 1000 },
    });
    expect(pct).toMatchObject({
      subtotal_cents: 9999,
      discount_cents: 1000,
      discounted_subtotal_cents: 8999,
      tax_cents: 720,
      shipping_cents: 500,
      total_cents: 10219,
    });
  });

  it('prices an empty cart at zero', () => {
    expect(
      priceCart({ lines: [], shippingSpeed: 'standard', fulfillment: 'shipping', discount: null }).total_cents,
    ).toBe(0);
  });
});
