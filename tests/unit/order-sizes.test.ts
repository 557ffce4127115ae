import { describe, expect, it } from 'vitest';
import { planSizeChange } from '../../src/lib/orders/order-sizes.ts';

const tee = {
  price_cents: 2_200,
  price_tiers: [
    { min_quantity: 12, unit_price_cents: 1_900 },
    { min_quantity: 24, unit_price_cents: 1_600 },
  ],
};
const design = {
  sizes: [
    { id: 'm', sizeId: 'M', sizeName: 'M', quantity: 6, unitPriceCents: 1_900 },
    { id: 'xl', sizeId: 'XL', sizeName: 'XL', quantity: 6, unitPriceCents: 1_900 },
  ],
  charges: [{ id: 'back', quantity: 12, unitPriceCents: 300 }],
};
const want = (entries: [string, number][]) =>
  new Map(entries.map(([size, quantity]) => [size, { quantity, sizeName: size }] as const));

describe('a change of the sizes of a design', () => {
  it('keeps the design’s price when the pieces stay within its break, and prints every new piece', () => {
    const plan = planSizeChange(design, want([['XL', 12]]), tee);
    expect(plan).toMatchObject({ unitPriceCents: 1_900, pieces: 18, charges: [{ id: 'back', quantity: 18 }] });
    expect(plan.subtotalDeltaCents).toBe(6 * 1_900 + 6 * 300);
    expect(plan.words).toBe('XL 6 → 12');
  });

  it('applies a new break to every size, as checkout prices a design', () => {
    const plan = planSizeChange(design, want([['S', 14]]), tee);
    expect(plan.unitPriceCents).toBe(1_600);
    expect(plan.sizes.map((s) => [s.sizeId, s.quantity, s.to])).toEqual([
      ['M', 6, 6],
      ['XL', 6, 6],
      ['S', 0, 14],
    ]);
    expect(plan.subtotalDeltaCents).toBe(26 * 1_600 - 12 * 1_900 + 14 * 300);
  });

  it('loses the break when pieces are taken off, and says each size that changed', () => {
    const plan = planSizeChange(
      design,
      want([
        ['M', 0],
        ['XL', 4],
      ]),
      tee,
    );
    expect(plan).toMatchObject({ unitPriceCents: 2_200, pieces: 4, words: 'M 6 → 0; XL 6 → 4' });
    expect(plan.subtotalDeltaCents).toBe(4 * 2_200 - 12 * 1_900 - 8 * 300);
  });
});
