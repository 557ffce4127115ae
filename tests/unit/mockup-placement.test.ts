import { describe, expect, it } from 'vitest';
import {
  artInches,
  boxInches,
  boxProblem,
  clampPlacement,
  nudgePlacement,
  type PrintBox,
  pixelsPerInch,
  pixelsToPlacement,
  placementProblem,
  placementToPixels,
  placementWords,
  presetPlacement,
  scalePlacement,
} from '../../src/lib/mockup/placement.ts';

/** A 12 × 16 in front box on a 2000 px photo (100 px an inch) and on a 600 px one (30 px an inch). */
const BIG: PrintBox = { x: 400, y: 300, width: 1200, height: 1600, widthIn: 12 };
const SMALL: PrintBox = { x: 120, y: 90, width: 360, height: 480, widthIn: 12 };

describe('placement maths: inches and each picture’s pixels', () => {
  it('gives each picture its own scale from its box and the box’s real width', () => {
    expect(pixelsPerInch(BIG)).toBe(100);
    expect(pixelsPerInch(SMALL)).toBe(30);
    expect(boxInches(BIG)).toEqual({ widthIn: 12, heightIn: 16 });
    expect(boxInches(SMALL)).toEqual({ widthIn: 12, heightIn: 16 });
  });

  it('draws one placement in inches at the same place on pictures of different scales', () => {
    const placement = { xIn: 2, yIn: 1.5, widthIn: 4 };
    // 4 in wide art, 1:2 tall; its centre 2 in right of the box's centre line, its top 1.5 in down.
    expect(placementToPixels(placement, BIG, 0.5)).toEqual({ left: 1000, top: 450, width: 400, height: 200 });
    expect(placementToPixels(placement, SMALL, 0.5)).toEqual({ left: 300, top: 135, width: 120, height: 60 });
  });

  it('reads a rectangle drawn on the picture back as the same inches on either picture', () => {
    const placement = { xIn: -3.25, yIn: 0.75, widthIn: 5.5 };
    for (const box of [BIG, SMALL]) {
      expect(pixelsToPlacement(placementToPixels(placement, box, 1.2), box)).toEqual(placement);
    }
  });

  it('sizes the art from the print width chosen, else the size the file declares, else its DPI', () => {
    const raster = { widthPx: 3600, heightPx: 1800 };
    expect(artInches(raster, { printWidthIn: 10 })).toEqual({ widthIn: 10, heightIn: 5 });
    expect(artInches(raster, { dpi: 300 })).toEqual({ widthIn: 12, heightIn: 6 });
    expect(artInches({ widthPx: null, heightPx: null, widthIn: 8, heightIn: 2 })).toEqual({ widthIn: 8, heightIn: 2 });
    expect(artInches(raster)).toBeNull();
    expect(artInches({ widthPx: 0, heightPx: 10 }, { printWidthIn: 4 })).toBeNull();
  });
});

describe('placement presets', () => {
  const logo = { widthIn: 10, heightIn: 5 };

  it('centres the art at its size in the middle of the box', () => {
    expect(presetPlacement('centre', BIG, logo)).toEqual({ xIn: 0, yIn: 5.5, widthIn: 10 });
  });

  it('puts a left chest crest (at most 4 in) on the wearer’s left, the viewer’s right, at the top', () => {
    expect(presetPlacement('left-chest', BIG, logo)).toEqual({ xIn: 3, yIn: 0, widthIn: 4 });
  });

  it('fills the box’s width for a full front, at the top', () => {
    expect(presetPlacement('full-front', BIG, logo)).toEqual({ xIn: 0, yIn: 0, widthIn: 12 });
  });

  it('keeps an upper back print in the top third of the box', () => {
    const tall = { widthIn: 6, heightIn: 12 };
    const upper = presetPlacement('upper-back', BIG, tall);
    expect(upper.yIn).toBe(0);
    expect(upper.widthIn * 2).toBeLessThanOrEqual(16 / 3 + 0.01);
  });

  it('shrinks art larger than the box so every preset lies inside it', () => {
    const huge = { widthIn: 40, heightIn: 40 };
    for (const preset of ['centre', 'left-chest', 'full-front', 'upper-back'] as const) {
      expect(placementProblem(presetPlacement(preset, BIG, huge), BIG, 1)).toBeNull();
    }
  });
});

describe('keeping the art inside the print box', () => {
  it('pulls art past an edge back in and shrinks art wider or taller than the box', () => {
    expect(clampPlacement({ xIn: 10, yIn: -2, widthIn: 4 }, BIG, 0.5)).toEqual({ xIn: 4, yIn: 0, widthIn: 4 });
    expect(clampPlacement({ xIn: -10, yIn: 20, widthIn: 4 }, BIG, 0.5)).toEqual({ xIn: -4, yIn: 14, widthIn: 4 });
    expect(clampPlacement({ xIn: 0, yIn: 0, widthIn: 30 }, BIG, 2)).toEqual({ xIn: 0, yIn: 0, widthIn: 8 });
  });

  it('moves by quarter-inch nudges and stops at the edge', () => {
    const start = { xIn: 0, yIn: 0, widthIn: 4 };
    expect(nudgePlacement(start, BIG, 1, 1, 2)).toEqual({ xIn: 0.25, yIn: 0.5, widthIn: 4 });
    expect(nudgePlacement(start, BIG, 1, -100, 0)).toEqual({ xIn: -4, yIn: 0, widthIn: 4 });
  });

  it('scales about the art’s centre in 5 % steps, never past the box', () => {
    const scaled = scalePlacement({ xIn: 0, yIn: 4, widthIn: 4 }, BIG, 1, 1);
    expect(scaled.widthIn).toBe(4.2);
    expect(scaled.yIn).toBe(3.9);
    expect(scalePlacement({ xIn: 0, yIn: 0, widthIn: 11 }, BIG, 1, 10).widthIn).toBe(12);
  });

  it('refuses a placement outside the box and one without a size', () => {
    expect(placementProblem({ xIn: 0, yIn: 0, widthIn: 12 }, BIG, 1)).toBeNull();
    expect(placementProblem({ xIn: 0.5, yIn: 0, widthIn: 12 }, BIG, 1)).toMatch(/inside the print area/);
    expect(placementProblem({ xIn: 0, yIn: 15, widthIn: 4 }, BIG, 0.5)).toMatch(/inside the print area/);
    expect(placementProblem({ xIn: 0, yIn: -1, widthIn: 4 }, BIG, 0.5)).toMatch(/inside the print area/);
    expect(placementProblem({ xIn: Number.NaN, yIn: 0, widthIn: 4 }, BIG, 1)).toMatch(/position and a width/);
    expect(placementProblem({ xIn: 0, yIn: 0, widthIn: 0 }, BIG, 1)).toMatch(/position and a width/);
  });

  it('refuses a box outside the picture, without a size or without its real width', () => {
    const picture = { width: 2000, height: 2000 };
    expect(boxProblem(BIG, picture)).toBeNull();
    expect(boxProblem({ ...BIG, x: 900 }, picture)).toMatch(/inside the picture/);
    expect(boxProblem({ ...BIG, y: -1 }, picture)).toMatch(/inside the picture/);
    expect(boxProblem({ ...BIG, width: 0 }, picture)).toMatch(/width and a height/);
    expect(boxProblem({ ...BIG, widthIn: 0 }, picture)).toMatch(/real width in inches/);
  });

  it('says the placement in inches for the work order', () => {
    expect(placementWords({ xIn: 3, yIn: 0.5, widthIn: 4 }, 0.5)).toBe(
      '4.00 in × 2.00 in, 3.00 in right of centre, 0.50 in below the top of the print area',
    );
    expect(placementWords({ xIn: 0, yIn: 0, widthIn: 12 }, 1)).toMatch(/^12.00 in × 12.00 in, centred,/);
  });
});
