import { describe, expect, it } from 'vitest';
import { checkRequestSchema, printWidthSchema } from '../../src/lib/artwork/artwork-schema.ts';
import { describeArtwork } from '../../src/lib/artwork/artwork-words.ts';
import { printWidthOf } from '../../src/lib/catalog/print-widths.ts';

/**
 * The width the DPI advice is given at (docs/decisions/0027-price-lists.md): the owner's width for
 * the location, else a guess.
 */
const OWNER = 'owner-token-0123456789abcdefghijklmnop';

describe('the print width of a location', () => {
  it('is the width the owner set, whatever the code guesses', () => {
    expect(printWidthOf({ code: 'face', print_width_in: 96 })).toBe(96);
    expect(printWidthOf({ code: 'front', print_width_in: 10 })).toBe(10);
    expect(printWidthOf({ code: 'left-sleeve', print_width_in: 4.25 })).toBe(4.25);
  });

  it('falls back to the typical width of the code when none is set', () => {
    expect(printWidthOf({ code: 'front', print_width_in: null })).toBe(12);
    expect(printWidthOf({ code: 'back' })).toBe(12);
    expect(printWidthOf({ code: 'right-sleeve', print_width_in: undefined })).toBe(3.5);
    expect(printWidthOf({ code: 'left-chest', print_width_in: null })).toBe(4);
  });

  it('gives no width for an unknown code without one, nor for a width that is not a size', () => {
    expect(printWidthOf({ code: 'second-side', print_width_in: null })).toBeNull();
    expect(printWidthOf({ code: 'face', print_width_in: 0 })).toBeNull();
    expect(printWidthOf({ code: 'front', print_width_in: Number.NaN })).toBe(12);
  });

  it('turns a banner face’s width into the advice a customer reads', () => {
    const raster = {
      kind: 'raster' as const,
      widthPx: 3600,
      heightPx: 1800,
      hasTransparency: false,
      pages: null,
      widthIn: null,
      heightIn: null,
      samePageSizes: null,
    };
    const banner = describeArtwork(raster, printWidthOf({ code: 'face', print_width_in: 96 }));
    expect(banner.effectiveDpi).toBe(38);
    expect(banner.warnings[0]).toMatch(/^38 dpi at 96 in wide: will print blurry/);
    const sticker = describeArtwork(raster, printWidthOf({ code: 'sticker', print_width_in: 3 }));
    expect(sticker.notes).toContain('1200 dpi at 3 in wide: prints sharp.');
  });

  it('is the width ordered for a product priced by area, not the location’s usual width', () => {
    // docs/decisions/0041-outside-audit.md item 12: a 30 in banner's file was judged at 96 in.
    const face = { code: 'face', print_width_in: 96 };
    expect(printWidthOf(face, { widthIn: 30 })).toBe(30);
    expect(printWidthOf({ code: 'front', print_width_in: null }, { widthIn: 18.5 })).toBe(18.5);
    const file = {
      kind: 'raster' as const,
      widthPx: 1536,
      heightPx: 3686,
      hasTransparency: false,
      pages: null,
      widthIn: null,
      heightIn: null,
      samePageSizes: null,
    };
    const advice = describeArtwork(file, printWidthOf(face, { widthIn: 30 }));
    expect(advice.effectiveDpi).toBe(51);
    expect(advice.warnings[0]).toMatch(/^51 dpi at 30 in wide/);
    expect(
      checkRequestSchema.safeParse({ ownerToken: OWNER, printWidthInches: printWidthOf(face, { widthIn: 30 }) }),
    ).toMatchObject({ success: true });
  });

  it('keeps the location’s width while the size ordered is not a size the check takes', () => {
    const face = { code: 'face', print_width_in: 96 };
    for (const widthIn of [0, -30, Number.NaN, Number.POSITIVE_INFINITY, 1200.5]) {
      expect(printWidthOf(face, { widthIn })).toBe(96);
    }
    expect(printWidthOf(face, null)).toBe(96);
  });

  it('is bounded by the check request on the server: a finite width above 0, at most 1,200 in', () => {
    for (const printWidthInches of [30, 0.25, 1200, null]) {
      expect(checkRequestSchema.safeParse({ ownerToken: OWNER, printWidthInches }).success).toBe(true);
    }
    // JSON.parse turns 1e400 into Infinity: the bound refuses it like any other width too large.
    for (const printWidthInches of [JSON.parse('1e400'), 0, -30, 1200.5, '30']) {
      expect(checkRequestSchema.safeParse({ ownerToken: OWNER, printWidthInches }).success).toBe(false);
    }
  });

  it('is a width the artwork check accepts, from a small sticker to a 100 ft banner', () => {
    for (const width of [0.25, 3, 96, 1200]) expect(printWidthSchema.safeParse(width).success).toBe(true);
    for (const width of [0, -1, 1200.5]) expect(printWidthSchema.safeParse(width).success).toBe(false);
  });
});
