import { describe, expect, it } from 'vitest';
import { qrModules, qrSvg } from '../../src/server/admin/qr-svg.ts';
import { adminOrderUrl } from '../../src/server/admin/work-order.ts';

/** Reads the dark modules back out of the SVG: the grid a phone's camera sees on paper. */
function modulesOf(svg: string): boolean[][] {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let col = Number(x); col < Number(x) + Number(w); col++) grid[Number(y)]![col] = true;
  }
  return grid;
}

describe('the work order QR code', () => {
  const id = '6f1c1a5e-2b1d-4c55-9a0e-2d7f3c1b9e42';
  const url = adminOrderUrl(id, 'https://shop.example');

  it('opens the order in the admin', () => {
    expect(url).toBe(`https://shop.example/admin/orders?order=${id}`);
  });

  it('draws exactly the modules of the admin URL, inside a white quiet zone of 4 modules', () => {
    const svg = qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const drawn = modulesOf(svg);
    const expected = qrModules(url);
    // A 76-character URL needs version 5 (37 modules) at medium error correction.
    expect(expected).toHaveLength(37);
    expect(drawn).toHaveLength(expected.length + 8);
    expect(drawn.slice(0, 4).flat().some(Boolean)).toBe(false);
    expect(drawn.slice(-4).flat().some(Boolean)).toBe(false);
    expect(drawn.slice(4, -4).map((row) => row.slice(4, -4))).toEqual(expected);
    // The finder pattern's top-left corner is a dark 7-module row.
    expect(drawn[4]!.slice(4, 11)).toEqual(Array(7).fill(true));
  });

  it('differs for another order', () => {
    const other = adminOrderUrl('00000000-0000-4000-8000-000000000000', 'https://shop.example');
    expect(modulesOf(qrSvg(other))).not.toEqual(modulesOf(qrSvg(url)));
  });
});
