import type { ArtworkFindings } from './artwork-schema.ts';

/**
 * The check's findings in plain words, for the customer before they pay. Isomorphic: the server
 * answers them for the print width the client named, and the upload component recomputes them
 * when the person picks another width, without checking the file again.
 */

/** Pixels per inch the art will have when printed `printWidthInches` wide. */
export function effectiveDpi(widthPx: number, printWidthInches: number): number {
  return Math.round(widthPx / printWidthInches);
}

/** At or above: prints sharp. Below SOFT_DPI and at or above BLURRY_DPI: may print soft. */
export const SHARP_DPI = 200;
export const BLURRY_DPI = 100;

const inches = (n: number) => `${Number(n.toFixed(2))} in`;

export interface ArtworkWords {
  effectiveDpi: number | null;
  notes: string[];
  warnings: string[];
}

export function describeArtwork(found: ArtworkFindings, printWidthInches: number | null): ArtworkWords {
  const notes: string[] = [];
  const warnings: string[] = [];
  let dpi: number | null = null;
  if (found.kind === 'raster' && found.widthPx && found.heightPx) {
    notes.push(`Raster image, ${found.widthPx} × ${found.heightPx} pixels.`);
    if (printWidthInches) {
      dpi = effectiveDpi(found.widthPx, printWidthInches);
      const at = `${dpi} dpi at ${inches(printWidthInches).replace(' in', ' in wide')}`;
      if (dpi >= SHARP_DPI) notes.push(`${at}: prints sharp.`);
      else if (dpi >= BLURRY_DPI) warnings.push(`${at}: may print soft.`);
      else warnings.push(`${at}: will print blurry. Send a larger image or choose a smaller print.`);
    }
  }
  if (found.kind === 'vector') {
    notes.push('Vector drawing (SVG): prints sharp at any size.');
    if (found.widthIn && found.heightIn) notes.push(`Drawn at ${inches(found.widthIn)} × ${inches(found.heightIn)}.`);
  }
  if (found.kind === 'pdf' && found.pages) {
    notes.push(`PDF, ${found.pages} ${found.pages === 1 ? 'page' : 'pages'}.`);
    if (found.widthIn && found.heightIn) notes.push(`Page size ${inches(found.widthIn)} × ${inches(found.heightIn)}.`);
    if (found.samePageSizes === false) warnings.push('The pages are not all the same size.');
    if (found.pages > 1) warnings.push('We print the first page unless you tell us otherwise.');
  }
  if (found.hasTransparency === true) notes.push('Has a transparent background.');
  if (found.hasTransparency === false && found.kind === 'raster') {
    notes.push('No transparency: the background prints as it is in the file.');
  }
  const inks = inkColorNote(found);
  if (inks) notes.push(inks);
  return { effectiveDpi: dpi, notes, warnings };
}

/** "white", "black" or "solid" for a background colour like "#fdfdfd". */
function groundWord(hex: string): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  if (channels.every((c) => c >= 235)) return 'white';
  if (channels.every((c) => c <= 24)) return 'black';
  return 'solid';
}

/**
 * The ink colours the check counted, as a suggestion (screen print prices by colour; the
 * customer confirms or changes the count). Nothing for files it cannot count (PDF, older checks).
 */
export function inkColorNote(found: Pick<ArtworkFindings, 'inkColors'>): string | null {
  const inks = found.inkColors;
  if (!inks) return null;
  if (inks.fullColor) return 'Full colour (a photo or gradients): printed in full colour, not by spot inks.';
  if (!inks.count) return null;
  const ground = inks.background ? groundWord(inks.background) : null;
  const besides = ground ? ` (not counting the ${ground} background)` : '';
  return `We count ${inks.count} ink ${inks.count === 1 ? 'colour' : 'colours'}${besides}.`;
}
