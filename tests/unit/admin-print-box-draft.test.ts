import { describe, expect, it } from 'vitest';
import {
  boxAfterKey,
  moveBox,
  rectFromDrag,
  resizeBox,
  startingBox,
  toPicturePixels,
} from '../../src/admin/print-box-draft.ts';

/** A 1200 px picture shown 400 px wide at (100, 50) on the screen. */
const PICTURE = { width: 1200, height: 1200 };
const SHOWN = { left: 100, top: 50, width: 400, height: 400 };

describe('marking a print box on a product picture (issue 49)', () => {
  it('turns a point on the picture as shown into the picture’s own pixels, inside it', () => {
    expect(toPicturePixels({ x: 200, y: 150 }, SHOWN, PICTURE)).toEqual({ x: 300, y: 300 });
    expect(toPicturePixels({ x: 0, y: 900 }, SHOWN, PICTURE)).toEqual({ x: 0, y: 1200 });
  });

  it('draws a box from a drag in either direction, never past the picture', () => {
    expect(rectFromDrag({ x: 300, y: 300 }, { x: 900, y: 1000 }, PICTURE)).toEqual({
      x: 300,
      y: 300,
      width: 600,
      height: 700,
    });
    expect(rectFromDrag({ x: 900, y: 1000 }, { x: 300, y: 300 }, PICTURE)).toEqual({
      x: 300,
      y: 300,
      width: 600,
      height: 700,
    });
    expect(rectFromDrag({ x: 500, y: 500 }, { x: 500, y: 500 }, PICTURE)).toEqual({
      x: 500,
      y: 500,
      width: 1,
      height: 1,
    });
  });

  it('moves and resizes by keyboard, 1 % of the picture a press, and stops at its edges', () => {
    const box = { x: 0, y: 0, width: 400, height: 500 };
    expect(boxAfterKey(box, 'ArrowRight', false, PICTURE)).toEqual({ ...box, x: 12 });
    expect(boxAfterKey(box, 'ArrowDown', true, PICTURE)).toEqual({ ...box, height: 512 });
    expect(boxAfterKey(box, 'ArrowLeft', false, PICTURE)).toEqual(box);
    expect(boxAfterKey(box, 'Enter', false, PICTURE)).toBeNull();
    expect(moveBox(box, 5000, 5000, PICTURE)).toEqual({ ...box, x: 800, y: 700 });
    expect(resizeBox(box, 5000, -5000, PICTURE)).toEqual({ x: 0, y: 0, width: 1200, height: 1 });
  });

  it('starts a new box in the middle of the picture', () => {
    expect(startingBox(PICTURE)).toEqual({ x: 360, y: 200, width: 480, height: 600 });
  });
});
