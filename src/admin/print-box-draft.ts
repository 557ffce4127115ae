import type { AdminPrintBox } from '../lib/admin-schemas/print-boxes.ts';
import type { PictureSize } from '../lib/mockup/placement.ts';

/** A print box as the admin edits it, in the picture's own pixels. */
export interface BoxRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point on the picture as shown, turned into the picture's own pixels. */
export function toPicturePixels(
  client: { x: number; y: number },
  shown: { left: number; top: number; width: number; height: number },
  picture: PictureSize,
): { x: number; y: number } {
  const x = ((client.x - shown.left) / shown.width) * picture.width;
  const y = ((client.y - shown.top) / shown.height) * picture.height;
  return { x: clamp(Math.round(x), 0, picture.width), y: clamp(Math.round(y), 0, picture.height) };
}

/** The box a pointer drag draws from one corner to the other (either direction), at least 1 px. */
export function rectFromDrag(
  from: { x: number; y: number },
  to: { x: number; y: number },
  picture: PictureSize,
): BoxRect {
  const x = clamp(Math.min(from.x, to.x), 0, picture.width - 1);
  const y = clamp(Math.min(from.y, to.y), 0, picture.height - 1);
  return {
    x,
    y,
    width: clamp(Math.abs(to.x - from.x), 1, picture.width - x),
    height: clamp(Math.abs(to.y - from.y), 1, picture.height - y),
  };
}

/** The box moved by (dx, dy) pixels, kept inside the picture. */
export function moveBox(box: BoxRect, dx: number, dy: number, picture: PictureSize): BoxRect {
  return {
    ...box,
    x: clamp(box.x + dx, 0, picture.width - box.width),
    y: clamp(box.y + dy, 0, picture.height - box.height),
  };
}

/** The box grown (or shrunk) by (dw, dh) pixels from its top left, kept inside the picture. */
export function resizeBox(box: BoxRect, dw: number, dh: number, picture: PictureSize): BoxRect {
  return {
    ...box,
    width: clamp(box.width + dw, 1, picture.width - box.x),
    height: clamp(box.height + dh, 1, picture.height - box.y),
  };
}

/** Arrow keys move the box by 1 % of the picture; with Shift they resize it. Null: not a box key. */
export function boxAfterKey(box: BoxRect, key: string, shift: boolean, picture: PictureSize): BoxRect | null {
  const step = Math.max(1, Math.round(Math.max(picture.width, picture.height) / 100));
  const by: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const delta = by[key];
  if (!delta) return null;
  return shift ? resizeBox(box, delta[0], delta[1], picture) : moveBox(box, delta[0], delta[1], picture);
}

/** A first box for a picture that has none: the middle 40 % across and half the height. */
export function startingBox(picture: PictureSize): BoxRect {
  const width = Math.max(1, Math.round(picture.width * 0.4));
  const height = Math.max(1, Math.round(picture.height * 0.5));
  return {
    x: Math.round((picture.width - width) / 2),
    y: Math.round((picture.height - height) / 3),
    width,
    height,
  };
}

/** The key of a box in the form: one per colour and location. */
export const boxKey = (colorId: string, locationCode: string) => `${colorId}/${locationCode}`;

/** The boxes saved, by their key. */
export function boxDrafts(boxes: readonly AdminPrintBox[]): Record<string, AdminPrintBox> {
  return Object.fromEntries(boxes.map((b) => [boxKey(b.color_id, b.location_code), b]));
}

const clamp = (n: number, low: number, high: number) => Math.min(Math.max(n, low), Math.max(low, high));
