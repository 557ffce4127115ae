import { describe, expect, it } from 'vitest';
import { inkColorNote } from '../../src/lib/artwork/artwork-words.ts';
import { countInkColors, inkColorsOf } from '../../src/server/artwork/ink-colors.ts';

type Rgba = [number, number, number, number];
const SIZE = 100;

/** A SIZE × SIZE picture: `paint(x, y)` gives each pixel. */
function picture(paint: (x: number, y: number) => Rgba): Uint8Array {
  const data = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) data.set(paint(x, y), (y * SIZE + x) * 4);
  }
  return data;
}

const clear: Rgba = [0, 0, 0, 0];
const white: Rgba = [255, 255, 255, 255];
const navy: Rgba = [20, 40, 120, 255];
const red: Rgba = [200, 30, 40, 255];
const gold: Rgba = [230, 180, 40, 255];
const inBox = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

describe('counting a design’s ink colours (docs/decisions/0027-price-lists.md)', () => {
  it('counts the spot inks of a logo on a transparent background, blended edges not counted', () => {
    const logo = picture((x, y) => {
      if (inBox(x, y, 10, 10, 50, 90)) return navy;
      // One column where the two inks blend (anti-aliasing): not an ink of its own.
      if (x === 50 && inBox(x, y, 50, 10, 51, 90)) return [110, 35, 80, 255];
      if (inBox(x, y, 51, 10, 90, 90)) return red;
      return clear;
    });
    const found = countInkColors(logo, SIZE, SIZE);
    expect(found).toMatchObject({ count: 2, fullColor: false, background: null });
    expect(found.inks).toHaveLength(2);
    expect(inkColorNote({ inkColors: found })).toBe('We count 2 ink colours.');
  });

  it('does not count an opaque image’s background, and says so', () => {
    const flyer = picture((x, y) => {
      if (inBox(x, y, 10, 10, 40, 40)) return navy;
      if (inBox(x, y, 50, 10, 90, 40)) return red;
      if (inBox(x, y, 10, 50, 90, 90)) return gold;
      return white;
    });
    const found = countInkColors(flyer, SIZE, SIZE);
    expect(found.count).toBe(3);
    expect(found.background).toBe('#ffffff');
    expect(inkColorNote({ inkColors: found })).toBe('We count 3 ink colours (not counting the white background).');
  });

  it('treats noise in one ink (a JPEG) as that ink, and ignores a speck under 1 % of the design', () => {
    const noisy = picture((x, y) => {
      if (x === 70 && y === 70) return gold; // 1 pixel of 1,600
      if (!inBox(x, y, 30, 30, 70, 70) && !(x === 70 && y === 70)) return clear;
      const wobble = ((x * 7 + y * 13) % 21) - 10;
      return [navy[0] + wobble, navy[1] + wobble, navy[2] + wobble, 255];
    });
    expect(countInkColors(noisy, SIZE, SIZE)).toMatchObject({ count: 1, fullColor: false });
    expect(inkColorNote({ inkColors: countInkColors(noisy, SIZE, SIZE) })).toBe('We count 1 ink colour.');
  });

  it('calls a photograph or a gradient full colour, with no count', () => {
    const gradient = picture((x, y) => [Math.round((x / SIZE) * 255), Math.round((y / SIZE) * 255), 128, 255]);
    const found = countInkColors(gradient, SIZE, SIZE);
    expect(found).toMatchObject({ count: null, fullColor: true, inks: [] });
    // A smooth blend of two colours clusters into a few broad shades, none of them flat.
    const sunset = picture((x) => [Math.round(20 + (x / SIZE) * 220), 60, Math.round(200 - (x / SIZE) * 160), 255]);
    expect(countInkColors(sunset, SIZE, SIZE)).toMatchObject({ count: null, fullColor: true });
    expect(inkColorNote({ inkColors: found })).toMatch(/^Full colour/);
  });

  it('finds no ink in an empty drawing, and says nothing for files it could not count', () => {
    expect(
      countInkColors(
        picture(() => clear),
        SIZE,
        SIZE,
      ),
    ).toMatchObject({ count: 0, fullColor: false });
    expect(
      inkColorNote({
        inkColors: countInkColors(
          picture(() => clear),
          SIZE,
          SIZE,
        ),
      }),
    ).toBeNull();
    expect(inkColorNote({})).toBeNull();
    expect(inkColorNote({ inkColors: null })).toBeNull();
  });

  it('refuses a sample that does not hold its declared size', () => {
    expect(() => countInkColors(new Uint8Array(10), SIZE, SIZE)).toThrow(RangeError);
    expect(inkColorsOf({ rgba: new Uint8Array(10), width: SIZE, height: SIZE })).toBeNull();
    expect(inkColorsOf({ rgba: new Uint8Array(4 * 500 * 500), width: 500, height: 500 })).toBeNull();
    expect(inkColorsOf(undefined)).toBeNull();
  });
});
