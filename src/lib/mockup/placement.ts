/**
 * Where artwork sits on a product picture, at true scale (issue 49). The owner marks each
 * location's print box on each colour's picture in the picture's own pixels and the box is as
 * wide as the location prints (its print width, in inches), which gives each picture its own
 * scale. A placement is kept in inches, measured from the box's top centre, so the same
 * placement draws on any colour's picture and prints on the work order as it was chosen.
 * Pure maths: the admin, the placement tool, the composite and the work order all use it.
 */

/** A picture's size in pixels. */
export interface PictureSize {
  width: number;
  height: number;
}

/** A print box on a picture: pixels from the picture's top left, and its real width in inches. */
export interface PrintBox {
  x: number;
  y: number;
  width: number;
  height: number;
  widthIn: number;
}

/** A size in inches. */
export interface InchSize {
  widthIn: number;
  heightIn: number;
}

/**
 * The art's place in the box, in inches: `xIn` from the box's centre line to the art's centre
 * (positive to the viewer's right), `yIn` from the box's top edge down to the art's top edge,
 * `widthIn` how wide the art prints (its height follows its proportions).
 */
export interface Placement {
  xIn: number;
  yIn: number;
  widthIn: number;
}

/** A rectangle in the picture's pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const PLACEMENT_PRESETS = ['centre', 'left-chest', 'full-front', 'upper-back'] as const;
export type PlacementPreset = (typeof PLACEMENT_PRESETS)[number];

/** The words the customer and the work order read for each preset. */
export const PRESET_WORDS: Record<PlacementPreset, string> = {
  centre: 'Centre',
  'left-chest': 'Left chest',
  'full-front': 'Full front',
  'upper-back': 'Upper back',
};

/** How wide a left-chest print is, at most, in inches (the usual 3.5–4 in crest). */
const LEFT_CHEST_WIDTH_IN = 4;
/** How tall an upper-back print is, at most, as a share of the box's height. */
const UPPER_BACK_HEIGHT_SHARE = 1 / 3;
/** The smallest art the tools scale down to, in inches. */
export const MIN_ART_WIDTH_IN = 0.5;
/** One keyboard nudge, in inches, and one scale step (5 %). */
export const NUDGE_IN = 0.25;
export const SCALE_STEP = 1.05;
/** Measurements within this much of a limit count as on it (floating point, pixel rounding). */
const TOLERANCE_IN = 0.01;

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** Pixels per inch of a picture: its box's width in pixels over the width the box prints. */
export function pixelsPerInch(box: PrintBox): number {
  return box.width / box.widthIn;
}

/** The box's size in inches (its height at the picture's scale). */
export function boxInches(box: PrintBox): InchSize {
  return { widthIn: box.widthIn, heightIn: box.height / pixelsPerInch(box) };
}

/** Why a box cannot be used on a picture, in the owner's words; null when it can. */
export function boxProblem(box: PrintBox, picture: PictureSize): string | null {
  if (!positive(box.widthIn)) return 'Give the print box its real width in inches.';
  if (![box.x, box.y].every(Number.isFinite) || !positive(box.width) || !positive(box.height))
    return 'Draw the print box with a width and a height.';
  if (box.x < 0 || box.y < 0 || box.x + box.width > picture.width || box.y + box.height > picture.height)
    return 'The print box must lie inside the picture.';
  return null;
}

/**
 * The art's printed size: across the print width the customer chose when there is one, else the
 * size the file declares (PDF, SVG), else its pixels at its DPI. Null when none of these is known.
 */
export function artInches(
  art: { widthPx: number | null; heightPx: number | null; widthIn?: number | null; heightIn?: number | null },
  chosen: { printWidthIn?: number | null; dpi?: number | null } = {},
): InchSize | null {
  const aspect = artAspect(art);
  if (aspect === null) return null;
  if (positive(chosen.printWidthIn)) return { widthIn: chosen.printWidthIn, heightIn: chosen.printWidthIn * aspect };
  if (positive(art.widthIn)) return { widthIn: art.widthIn, heightIn: art.widthIn * aspect };
  if (positive(chosen.dpi) && positive(art.widthPx)) {
    const widthIn = art.widthPx / chosen.dpi;
    return { widthIn, heightIn: widthIn * aspect };
  }
  return null;
}

/** Height over width of the art, from its pixels or its declared inches; null when unknown. */
export function artAspect(art: {
  widthPx: number | null;
  heightPx: number | null;
  widthIn?: number | null;
  heightIn?: number | null;
}): number | null {
  if (positive(art.widthPx) && positive(art.heightPx)) return art.heightPx / art.widthPx;
  if (positive(art.widthIn) && positive(art.heightIn)) return art.heightIn / art.widthIn;
  return null;
}

/**
 * The placement moved and shrunk so the art lies wholly inside the box: first no wider or taller
 * than the box (keeping its proportions, never below the smallest size), then pulled in from
 * whichever edge it crossed.
 */
export function clampPlacement(placement: Placement, box: PrintBox, aspect: number): Placement {
  const inches = boxInches(box);
  const widest = Math.min(inches.widthIn, inches.heightIn / aspect);
  const widthIn = Math.max(Math.min(placement.widthIn, widest), Math.min(MIN_ART_WIDTH_IN, widest));
  const heightIn = widthIn * aspect;
  const reach = (inches.widthIn - widthIn) / 2;
  const xIn = Math.min(Math.max(placement.xIn, -reach), reach);
  const yIn = Math.min(Math.max(placement.yIn, 0), inches.heightIn - heightIn);
  return { xIn: round(xIn), yIn: round(yIn), widthIn: round(widthIn) };
}

/** Why a placement sent by a browser cannot be kept, in the customer's words; null when it can. */
export function placementProblem(placement: Placement, box: PrintBox, aspect: number): string | null {
  if (![placement.xIn, placement.yIn].every(Number.isFinite) || !positive(placement.widthIn))
    return 'Place the artwork with a position and a width.';
  const inches = boxInches(box);
  const half = placement.widthIn / 2;
  const inside =
    placement.xIn - half >= -inches.widthIn / 2 - TOLERANCE_IN &&
    placement.xIn + half <= inches.widthIn / 2 + TOLERANCE_IN &&
    placement.yIn >= -TOLERANCE_IN &&
    placement.yIn + placement.widthIn * aspect <= inches.heightIn + TOLERANCE_IN;
  return inside ? null : 'The artwork must stay inside the print area.';
}

/** A preset's placement for art of this size in this box (clamped inside it). */
export function presetPlacement(preset: PlacementPreset, box: PrintBox, art: InchSize): Placement {
  const inches = boxInches(box);
  const aspect = art.heightIn / art.widthIn;
  const widestWithin = (widthIn: number, heightIn: number) => Math.min(widthIn, heightIn / aspect);
  switch (preset) {
    case 'centre': {
      const widthIn = widestWithin(Math.min(art.widthIn, inches.widthIn), inches.heightIn);
      return clampPlacement({ xIn: 0, yIn: (inches.heightIn - widthIn * aspect) / 2, widthIn }, box, aspect);
    }
    case 'full-front':
      return clampPlacement({ xIn: 0, yIn: 0, widthIn: widestWithin(inches.widthIn, inches.heightIn) }, box, aspect);
    case 'left-chest': {
      // The wearer's left is the viewer's right: the crest's centre a quarter of the box across.
      const widthIn = widestWithin(Math.min(LEFT_CHEST_WIDTH_IN, inches.widthIn / 3, art.widthIn), inches.heightIn);
      return clampPlacement({ xIn: inches.widthIn / 4, yIn: 0, widthIn }, box, aspect);
    }
    case 'upper-back': {
      const widthIn = widestWithin(Math.min(art.widthIn, inches.widthIn), inches.heightIn * UPPER_BACK_HEIGHT_SHARE);
      return clampPlacement({ xIn: 0, yIn: 0, widthIn }, box, aspect);
    }
  }
}

/** Where the art lands on the picture, in its pixels. */
export function placementToPixels(placement: Placement, box: PrintBox, aspect: number): PixelRect {
  const ppi = pixelsPerInch(box);
  const width = placement.widthIn * ppi;
  return {
    left: box.x + box.width / 2 + placement.xIn * ppi - width / 2,
    top: box.y + placement.yIn * ppi,
    width,
    height: width * aspect,
  };
}

/** The placement of art drawn at this rectangle of the picture (a pointer drag), in inches. */
export function pixelsToPlacement(rect: PixelRect, box: PrintBox): Placement {
  const ppi = pixelsPerInch(box);
  return {
    xIn: round((rect.left + rect.width / 2 - (box.x + box.width / 2)) / ppi),
    yIn: round((rect.top - box.y) / ppi),
    widthIn: round(rect.width / ppi),
  };
}

/** The placement moved by whole nudges (keyboard arrows), kept inside the box. */
export function nudgePlacement(placement: Placement, box: PrintBox, aspect: number, dx: number, dy: number) {
  return clampPlacement(
    { ...placement, xIn: placement.xIn + dx * NUDGE_IN, yIn: placement.yIn + dy * NUDGE_IN },
    box,
    aspect,
  );
}

/** The placement scaled by `steps` scale steps (negative: smaller) about its centre, inside the box. */
export function scalePlacement(placement: Placement, box: PrintBox, aspect: number, steps: number): Placement {
  const widthIn = placement.widthIn * SCALE_STEP ** steps;
  const centreY = placement.yIn + (placement.widthIn * aspect) / 2;
  return clampPlacement({ xIn: placement.xIn, yIn: centreY - (widthIn * aspect) / 2, widthIn }, box, aspect);
}

/** The placement as the work order and the proof say it ("4.00 in wide, 1.25 in right of centre, 0.50 in down"). */
export function placementWords(placement: Placement, aspect: number): string {
  const inches = (n: number) => `${Math.abs(n).toFixed(2)} in`;
  const across =
    Math.abs(placement.xIn) < TOLERANCE_IN
      ? 'centred'
      : `${inches(placement.xIn)} ${placement.xIn > 0 ? 'right' : 'left'} of centre`;
  return `${inches(placement.widthIn)} × ${inches(placement.widthIn * aspect)}, ${across}, ${inches(placement.yIn)} below the top of the print area`;
}

/** Inches kept to a hundredth: what the work order prints and the database stores. */
const round = (n: number) => Math.round(n * 100) / 100;
