import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArtworkFindings } from '../../src/lib/artwork/artwork-schema.ts';
import { type PrintBox, placementToPixels } from '../../src/lib/mockup/placement.ts';
import { type MockupArt, NO_BOX_NOTE, renderMockup, SOLID_BACKGROUND_NOTE } from '../../src/server/artwork/mockup.ts';

/**
 * Issue 49, item 3: the composite drawn in the artwork sandbox puts the art where the placement
 * maths says, within 1 px, keeps its transparency, and never draws what the check did not pass.
 */
const BIG: PrintBox = { x: 400, y: 300, width: 1200, height: 1600, widthIn: 12 };
const SMALL: PrintBox = { x: 120, y: 90, width: 360, height: 480, widthIn: 12 };
const GREY = { r: 128, g: 128, b: 128 };

const findings = (widthPx: number, heightPx: number, hasTransparency: boolean): ArtworkFindings => ({
  kind: 'raster',
  widthPx,
  heightPx,
  hasTransparency,
  pages: null,
  widthIn: null,
  heightIn: null,
  samePageSizes: null,
});

/** A 600 × 300 logo: its left half see-through, its right half red. */
async function halfRedLogo(): Promise<MockupArt> {
  const red = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
  const bytes = await sharp({
    create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: red, left: 300, top: 0 }])
    .png()
    .toBuffer();
  return { bytes, contentType: 'image/png', status: 'ready', findings: findings(600, 300, true) };
}

const photo = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: GREY } })
    .png()
    .toBuffer();

/** The bounding box of the pixels that match, in the image's pixels. */
async function boundsOf(image: Buffer, match: (r: number, g: number, b: number) => boolean) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (!match(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + 1);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return { left, top, width: right - left, height: bottom - top, image: info };
}
const isRed = (r: number, g: number, b: number) => r > 200 && g < 60 && b < 60;
const isWhite = (r: number, g: number, b: number) => r > 240 && g > 240 && b > 240;

const expectWithinPixel = (found: { left: number; top: number; width: number; height: number }, want: typeof found) => {
  for (const side of ['left', 'top', 'width', 'height'] as const) {
    expect(Math.abs(found[side] - want[side]), `${side}: ${found[side]} vs ${want[side]}`).toBeLessThanOrEqual(1);
  }
};

describe('mock-ups composited in the artwork sandbox', () => {
  let logo: MockupArt;
  beforeAll(async () => {
    logo = await halfRedLogo();
  });

  it('draws the art inside the box at true scale where the maths says, keeping its transparency', async () => {
    const placement = { xIn: 2, yIn: 1.5, widthIn: 4 };
    const mockup = await renderMockup({
      art: logo,
      picture: { bytes: await photo(2000), size: { width: 2000, height: 2000 }, box: BIG, hex: '#808080' },
      placement,
    });
    expect(mockup.contentType).toBe('image/png');
    expect(mockup.notes).toEqual([]);
    const art = placementToPixels(placement, BIG, 0.5);
    // The red half is the right half of where the art goes; the see-through half shows the shirt.
    const red = await boundsOf(mockup.image, isRed);
    expect(red.image.width).toBe(2000);
    expectWithinPixel(red, { left: art.left + art.width / 2, top: art.top, width: art.width / 2, height: art.height });
    const seeThrough = await sharp(mockup.image)
      .extract({
        left: Math.round(art.left + art.width / 8),
        top: Math.round(art.top + art.height / 4),
        width: 1,
        height: 1,
      })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([...seeThrough]).toEqual([128, 128, 128]);
    expect(mockup.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('puts one placement at the same place on a picture of another scale', async () => {
    const placement = { xIn: -3, yIn: 4, widthIn: 6 };
    const mockup = await renderMockup({
      art: logo,
      picture: { bytes: await photo(600), size: { width: 600, height: 600 }, box: SMALL, hex: null },
      placement,
    });
    const art = placementToPixels(placement, SMALL, 0.5);
    const red = await boundsOf(mockup.image, isRed);
    expectWithinPixel(red, { left: art.left + art.width / 2, top: art.top, width: art.width / 2, height: art.height });
  });

  it('centres the art at the print width chosen when the customer has not placed it', async () => {
    const mockup = await renderMockup({
      art: logo,
      picture: { bytes: await photo(2000), size: { width: 2000, height: 2000 }, box: BIG, hex: null },
      printWidthIn: 10,
    });
    expect(mockup.placement).toEqual({ xIn: 0, yIn: 5.5, widthIn: 10 });
    expectWithinPixel(await boundsOf(mockup.image, isRed), { left: 1000, top: 850, width: 500, height: 500 });
  });

  it('shows a white-background JPEG on a dark garment as it would print, with a note', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
            .png()
            .toBuffer(),
          left: 100,
          top: 100,
        },
      ])
      .jpeg()
      .toBuffer();
    const black = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#1c1c1c' } })
      .png()
      .toBuffer();
    const mockup = await renderMockup({
      art: { bytes: jpeg, contentType: 'image/jpeg', status: 'ready', findings: findings(400, 400, false) },
      picture: { bytes: black, size: { width: 2000, height: 2000 }, box: BIG, hex: '#1c1c1c' },
      placement: { xIn: 0, yIn: 0, widthIn: 4 },
    });
    expect(mockup.notes).toEqual([SOLID_BACKGROUND_NOTE]);
    expectWithinPixel(await boundsOf(mockup.image, isWhite), { left: 800, top: 300, width: 400, height: 400 });
  });

  it('falls back to the flat artwork with a note where the location has no box', async () => {
    const mockup = await renderMockup({
      art: logo,
      picture: { bytes: await photo(2000), size: { width: 2000, height: 2000 }, box: null, hex: null },
    });
    expect(mockup.notes).toEqual([NO_BOX_NOTE]);
    expect(mockup.artRect).toBeNull();
    const meta = await sharp(mockup.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 300]);
  });

  it('never draws artwork the check refused, nor a placement outside the box', async () => {
    const picture = { bytes: await photo(2000), size: { width: 2000, height: 2000 }, box: BIG, hex: null };
    await expect(renderMockup({ art: { ...logo, status: 'rejected' }, picture })).rejects.toMatchObject({
      code: 'artwork_not_checked',
    });
    await expect(renderMockup({ art: logo, picture, placement: { xIn: 5, yIn: 0, widthIn: 4 } })).rejects.toMatchObject(
      { code: 'invalid_placement' },
    );
  });

  it('refuses a picture that is not an image, without drawing', async () => {
    const picture = { bytes: Buffer.from('not a picture'), size: { width: 2000, height: 2000 }, box: BIG, hex: null };
    await expect(renderMockup({ art: logo, picture })).rejects.toMatchObject({ code: 'unsupported_artwork' });
  });
});
