import { describe, expect, it } from 'vitest';
import { startingLocations } from '../../src/islands/product/PrintLocations.tsx';

/**
 * A banner's only print location is chosen from the start (issue 44, item 13), so its upload is
 * offered at once instead of after ticking the one box there is.
 */
const face = {
  code: 'face',
  name: 'Face',
  price_cents_per_piece: 0,
  setup_fee_cents: 0,
  print_width_in: 96,
  price_list: null,
};
const back = { ...face, code: 'back', name: 'Back' };

describe('the print locations chosen at the start', () => {
  it('chooses an area product’s only location, artwork to come', () => {
    expect(startingLocations({ area_list: {} as never, print_locations: [face] })).toEqual([
      { code: 'face', upload: false, artworkId: null },
    ]);
  });

  it('leaves the choice to the customer where there are several, or on a garment', () => {
    expect(startingLocations({ area_list: {} as never, print_locations: [face, back] })).toEqual([]);
    expect(startingLocations({ area_list: null, print_locations: [face] })).toEqual([]);
  });
});
