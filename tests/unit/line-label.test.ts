import { describe, expect, it } from 'vitest';
import { lineLabel, storedLineLabel } from '../../src/lib/orders/line-label.ts';

describe('how an order line reads', () => {
  it('names the product with its colour and size, when it has them', () => {
    expect(lineLabel({ name: 'Game Day Hoodie', colorName: 'Black', sizeName: 'L' })).toBe(
      'Game Day Hoodie (Black, L)',
    );
    expect(lineLabel({ name: 'Enamel Camp Mug', colorName: 'Turquoise', sizeName: null })).toBe(
      'Enamel Camp Mug (Turquoise)',
    );
    expect(lineLabel({ name: 'Heavy-Duty Vinyl Banner', colorName: null, sizeName: null })).toBe(
      'Heavy-Duty Vinyl Banner',
    );
  });

  it('reads a stored line from its variant metadata, ignoring what is not a name', () => {
    expect(storedLineLabel('Tourney Tee', { color: 'Navy', size: 'M', locations: [] })).toBe('Tourney Tee (Navy, M)');
    expect(storedLineLabel('Tourney Tee', { color: '', size: 3 })).toBe('Tourney Tee');
    expect(storedLineLabel('Sticker Sampler Pack', null)).toBe('Sticker Sampler Pack');
  });
});
