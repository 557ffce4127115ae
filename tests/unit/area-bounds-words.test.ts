import { describe, expect, it } from 'vitest';
import { boundsText } from '../../src/islands/product/AreaFields.tsx';

/**
 * The sizes an area product is made in, in one unit per range (issue 44, item 13): "Width 1 to
 * 50 ft", not "Width 12 in to 50 ft".
 */
const bounds = (min_width_in: number, max_width_in: number, min_height_in: number, max_height_in: number) => ({
  area_list: null,
  area_bounds: { min_width_in, max_width_in, min_height_in, max_height_in, presets: [] },
});

describe('an area product’s size range in words', () => {
  it('says a banner’s range in feet', () => {
    expect(boundsText(bounds(12, 600, 12, 120) as never)).toBe('Width 1 to 50 ft, height 1 to 10 ft.');
  });

  it('says a sticker’s range in inches', () => {
    expect(boundsText(bounds(1, 12, 1, 12) as never)).toBe('Width 1 to 12 in, height 1 to 12 in.');
  });

  it('keeps inches for a start that is not whole feet', () => {
    expect(boundsText(bounds(6, 96, 18, 48) as never)).toBe('Width 6 in to 8 ft, height 18 in to 4 ft.');
  });
});
