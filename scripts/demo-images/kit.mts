// What every item drawer gets, and the outline/shadow conventions they share. Items draw on a
// 1200x1200 canvas, centred, on the floor line y≈1040.
import type { SeedProduct } from './seed.mts';
import { luminance, shade } from './svg.mts';

export type ItemArgs = {
  product: SeedProduct;
  /** The item's main colour (the product's first colour, or a palette pick). */
  color: string;
  /** Every colour the product comes in, as hex (for multi-packs). */
  colors: string[];
  /** The product's print motif at x,y, `size` px wide, coloured to stand out on `surface`. */
  art: (x: number, y: number, size: number, surface: string, rotate?: number) => string;
  seed: number;
};
export type Item = (a: ItemArgs) => string;

/** The outline colour for a surface: darker, but never lost on near-black. */
export function edge(color: string): string {
  return luminance(color) < 0.03 ? '#000000' : shade(color, -0.32);
}

/** Standard fill + outline attributes for a surface. */
export function paint(color: string, width = 6): string {
  return `fill="${color}" stroke="${edge(color)}" stroke-width="${width}" stroke-linejoin="round"`;
}

export function floorShadow(cx: number, cy: number, rx: number, ry = 34): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3b2a1a" opacity="0.12"/>`;
}

/** A seam or fold line in a slightly darker tone of the surface. */
export function seam(d: string, color: string, width = 5): string {
  return `<path d="${d}" fill="none" stroke="${shade(color, -0.18)}" stroke-width="${width}" stroke-linecap="round"/>`;
}
