// Small SVG and colour helpers shared by the demo image modules. Everything is deterministic.

export const INK = '#1d1a16';
export const ACCENT = '#b4411c';
export const CREAM = '#f6efe3';
export const SAND = '#e9dcc4';
export const GOLD = '#e0a43a';
export const SKY = '#8fc3d9';
export const TEAL = '#2f8f8a';
export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export function svgDoc(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A group drawn in a 200x200 box centred on 0,0, placed at x,y and `size` px wide. */
export function place(x: number, y: number, size: number, body: string, rotate = 0): string {
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${(size / 200).toFixed(4)})">${body}</g>`;
}

/** One horizontal linear gradient definition from top to bottom. */
export function vGradient(id: string, stops: readonly string[]): string {
  const body = stops.map((color, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(3)}" stop-color="${color}"/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${body.join('')}</linearGradient>`;
}

export function text(
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  options: { anchor?: 'start' | 'middle' | 'end'; weight?: string; spacing?: number } = {},
): string {
  const anchor = options.anchor ?? 'start';
  const spacing = options.spacing ? ` letter-spacing="${options.spacing}"` : '';
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${options.weight ?? 'bold'}" fill="${fill}" text-anchor="${anchor}"${spacing}>${escapeXml(content)}</text>`;
}

/** A font size at which `content` (DejaVu Sans Bold capitals, ~0.72 em per character) fits `width`. */
export function fitSize(content: string, width: number, max: number): number {
  return Math.floor(Math.min(max, width / (content.length * 0.72)));
}

/** Splits a title into at most `lines` lines of roughly even length. */
export function wrap(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

// ---- colour ---------------------------------------------------------------------------------

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '').slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex(ca.map((v, i) => v + ((cb[i] as number) - v) * t));
}

/** Darker (amount < 0, towards black) or lighter (amount > 0, towards white). */
export function shade(hex: string, amount: number): string {
  return amount < 0 ? mix(hex, '#000000', -amount) : mix(hex, '#ffffff', amount);
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The candidate that stands out most against `background`. */
export function mostContrasting(background: string, candidates: readonly string[]): string {
  return [...candidates].sort((a, b) => contrast(b, background) - contrast(a, background))[0] as string;
}

// ---- determinism ----------------------------------------------------------------------------

export function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG, so "random" scatter is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length] as T;
}
