import type { InkColorCount } from '../../lib/artwork/artwork-schema.ts';

/**
 * How many ink colours a design seems to use (docs/decisions/0027-price-lists.md: screen print
 * prices by colour, and the customer confirms the count the check suggests). Read from a small RGBA sample of the drawn
 * file (at most 160 px a side, made in the sandbox): transparent pixels are the garment; nearby
 * shades are one ink (anti-aliased edges and JPEG noise blend between inks); a colour on under
 * 1 % of the design is an edge or a speck, not an ink. An opaque image's background (the colour
 * along its border) is not counted as an ink. A design whose inks do not cover most of it, or
 * whose pixels mostly sit between its inks' own colours (smooth tones), is a photograph or a
 * gradient: full colour, no count.
 */

/** Shades closer than this (RGB distance, 0–441) are one ink. */
const SAME_INK = 56;
/** An ink covers at least this share of the design's pixels. */
const MIN_SHARE = 0.01;
/** The inks found must cover this share of the design, or it is full colour. */
const SPOT_COVERAGE = 0.9;
/** Shades this close to an ink's own colour are the ink itself (noise, not a blend). */
const CORE = 20;
/** Flat inks: at least this share of the design lies at an ink's own colour; gradients do not. */
const FLAT_SHARE = 0.6;
/** More inks than this is full colour too. */
const MAX_SPOT_INKS = 8;
/** A colour on less than this share that lies between two larger ones is their blended edge. */
const EDGE_SHARE = 0.05;

interface Cluster {
  /** The colour of its largest shade. */
  r: number;
  g: number;
  b: number;
  pixels: number;
  /** Pixels within CORE of its colour: all of a flat ink, little of a gradient. */
  core: number;
  border: number;
}

/** The sandbox's RGBA sample of a drawn file. */
export interface ColorSample {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** The count from a sample the sandbox answered; null when it sent none that can be read. */
export function inkColorsOf(sample: ColorSample | undefined): InkColorCount | null {
  if (!sample || !(sample.rgba instanceof Uint8Array)) return null;
  const { width, height } = sample;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width > 400 || height > 400) return null;
  if (sample.rgba.length < width * height * 4) return null;
  return countInkColors(sample.rgba, width, height);
}

/** How far colour `c` is from the straight mix of `a` and `b` (any share of each). */
function distanceToMix(c: Cluster, a: Cluster, b: Cluster): number {
  const ab = [b.r - a.r, b.g - a.g, b.b - a.b] as const;
  const ac = [c.r - a.r, c.g - a.g, c.b - a.b] as const;
  const length = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, (ac[0] * ab[0] + ac[1] * ab[1] + ac[2] * ab[2]) / length));
  return Math.hypot(ac[0] - t * ab[0], ac[1] - t * ab[1], ac[2] - t * ab[2]);
}

/**
 * The clusters that may be inks, without the blended edges between them: a small cluster whose
 * colour is a mix of two larger ones is where they meet (anti-aliasing, a resized image), counted
 * with neither. Only clusters of at least `minPixels` are looked at (the rest are no ink anyway),
 * so the pairs tried stay few however many shades a photograph has: at most 100 clusters reach 1 %.
 */
function inkCandidates(clusters: readonly Cluster[], pixels: number, minPixels: number): Cluster[] {
  return clusters.filter((c, i) => {
    if (c.pixels < minPixels) return false;
    if (c.pixels / pixels >= EDGE_SHARE) return true;
    const larger = clusters.slice(0, i).filter((l) => l.pixels > c.pixels);
    for (let a = 0; a < larger.length; a++) {
      for (let b = a + 1; b < larger.length; b++) {
        if (distanceToMix(c, larger[a]!, larger[b]!) < SAME_INK / 2) return false;
      }
    }
    return true;
  });
}

const binKey = (r: number, g: number, b: number) => ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);

const hex = (c: Cluster) => `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

export function countInkColors(rgba: Uint8Array, width: number, height: number): InkColorCount {
  if (rgba.length < width * height * 4 || width < 1 || height < 1) {
    throw new RangeError('The sample is smaller than its size says.');
  }
  // 4096 bins of 4 bits a channel, each with its mean colour and its pixels on the border.
  const bins = new Map<number, Cluster>();
  let opaque = 0;
  let borderPixels = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (rgba[at + 3]! < 128) continue;
      const [r, g, b] = [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!];
      const key = binKey(r, g, b);
      const bin = bins.get(key) ?? { r: 0, g: 0, b: 0, pixels: 0, core: 0, border: 0 };
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bin.pixels += 1;
      const onBorder = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      if (onBorder) {
        bin.border += 1;
        borderPixels += 1;
      }
      bins.set(key, bin);
      opaque += 1;
    }
  }
  if (opaque === 0) return { count: 0, fullColor: false, background: null, inks: [] };
  // Largest bins first; each joins the first cluster of a close enough colour.
  const clusters: Cluster[] = [];
  const clusterOf = new Map<Cluster, Cluster>();
  const sorted = [...bins.values()].sort((a, b) => b.pixels - a.pixels);
  for (const bin of sorted) {
    const mean = { r: bin.r / bin.pixels, g: bin.g / bin.pixels, b: bin.b / bin.pixels };
    const near = clusters.find((c) => Math.hypot(c.r - mean.r, c.g - mean.g, c.b - mean.b) < SAME_INK);
    if (near) {
      near.pixels += bin.pixels;
      near.border += bin.border;
      clusterOf.set(bin, near);
    } else {
      const founded = { ...mean, pixels: bin.pixels, core: 0, border: bin.border };
      clusters.push(founded);
      clusterOf.set(bin, founded);
    }
  }
  // Second look at each pixel: is it at its ink's own colour, or somewhere between inks?
  for (let at = 0; at < width * height * 4; at += 4) {
    if (rgba[at + 3]! < 128) continue;
    const [r, g, b] = [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!];
    const cluster = clusterOf.get(bins.get(binKey(r, g, b))!)!;
    if (Math.hypot(cluster.r - r, cluster.g - g, cluster.b - b) < CORE) cluster.core += 1;
  }
  // An image with no see-through border: the colour holding most of its border is the background.
  const transparentEdge = borderPixels < 2 * (width + height - 2);
  const ground = transparentEdge ? null : clusters.reduce((a, b) => (b.border > a.border ? b : a));
  const design = opaque - (ground?.pixels ?? 0);
  if (design === 0) return { count: 0, fullColor: false, background: ground ? hex(ground) : null, inks: [] };
  const inks = inkCandidates(clusters, opaque, MIN_SHARE * design).filter((c) => c !== ground);
  const covered = inks.reduce((n, c) => n + c.pixels, 0) / design;
  const flat = inks.reduce((n, c) => n + c.core, 0) / design;
  const fullColor = covered < SPOT_COVERAGE || flat < FLAT_SHARE || inks.length > MAX_SPOT_INKS;
  return {
    count: fullColor ? null : inks.length,
    fullColor,
    background: ground ? hex(ground) : null,
    inks: fullColor ? [] : inks.map(hex),
  };
}
