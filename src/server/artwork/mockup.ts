import { createHash } from 'node:crypto';
import type { ArtworkContentType, ArtworkFindings } from '../../lib/artwork/artwork-schema.ts';
import {
  artAspect,
  artInches,
  type PictureSize,
  type Placement,
  type PixelRect,
  type PrintBox,
  placementProblem,
  placementToPixels,
  presetPlacement,
} from '../../lib/mockup/placement.ts';
import { Conflict, Invalid } from '../errors.ts';
import { MAX_ARTWORK_PIXELS } from './check-limits.ts';
import { notArtwork } from './refusals.ts';
import { SandboxFailure, withSandbox } from './sandbox.ts';

/** A checked artwork file as the mock-up needs it. */
export interface MockupArt {
  bytes: Uint8Array;
  contentType: ArtworkContentType;
  /** The artwork row's status: only a file the check passed ('ready') is ever drawn. */
  status: string;
  findings: ArtworkFindings;
}

/** The colour's picture with the location's print box on it (null: no box marked there). */
export interface MockupPicture {
  bytes: Uint8Array;
  size: PictureSize;
  box: PrintBox | null;
  /** The garment colour ("#1c1c1c"), for the note on a solid-background file on a dark garment. */
  hex: string | null;
}

export interface MockupRequest {
  art: MockupArt;
  picture: MockupPicture | null;
  /** The print width chosen for the art (inches), else its declared size, else the box's width. */
  printWidthIn?: number | null;
  /** Where the customer put it; none: centred at its size. */
  placement?: Placement | null;
  format?: 'png' | 'jpeg';
}

export interface Mockup {
  image: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  /** What the customer should know about what they see, in plain words. */
  notes: string[];
  /** The placement drawn (inches from the box's top centre); null for the flat artwork. */
  placement: Placement | null;
  /** Where the art landed, in the picture's pixels; null for the flat artwork. */
  artRect: PixelRect | null;
  /** The content hash the mock-up is cached and served under. */
  hash: string;
}

export const NO_BOX_NOTE =
  'No print area is marked for this location on this colour’s picture yet, so the artwork is shown on its own.';
export const PDF_NOTE = 'A PDF is not drawn on the shirt here: the shop’s proof shows it in place.';
export const SOLID_BACKGROUND_NOTE =
  'This JPEG has a solid background: on a dark garment it prints as a block of that colour, as shown. For the design alone, upload a PNG with a transparent background.';

/** A colour reads dark when its relative luminance is under 0.3. */
export function isDark(hex: string | null): boolean {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number.parseInt(c!, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.3;
}

/**
 * The mock-up of one design on one location (issue 49): the art inside the location's print box on
 * the colour's picture, at true scale (src/lib/mockup/placement.ts), drawn in the artwork sandbox
 * with its time and memory limits. Without a box (or for a PDF) the artwork alone, with a note.
 * Artwork the check refused, or has not passed, is never drawn (409); a placement outside the
 * box is refused (400).
 */
export async function renderMockup(request: MockupRequest, address?: string): Promise<Mockup> {
  const { art, picture } = request;
  if (art.status !== 'ready')
    throw new Conflict('artwork_not_checked', 'Only artwork that passed the check is shown on the product.');
  const format = request.format ?? 'png';
  const notes: string[] = [];
  const aspect = artAspect(art.findings);
  const box = picture?.box ?? null;
  // The sandbox does not draw PDFs (their card stands for them): the proof shows them in place.
  if (art.contentType === 'application/pdf') throw new Conflict('mockup_not_drawn', PDF_NOTE);
  if (!box) notes.push(NO_BOX_NOTE);
  let placement: Placement | null = null;
  let rect: PixelRect | null = null;
  if (aspect !== null && picture && box) {
    const size = artInches(art.findings, { printWidthIn: request.printWidthIn ?? box.widthIn }) ?? {
      widthIn: box.widthIn,
      heightIn: box.widthIn * aspect,
    };
    placement = request.placement ?? presetPlacement('centre', box, size);
    const problem = placementProblem(placement, box, aspect);
    if (problem) throw new Invalid('invalid_placement', problem, { fields: { placement: problem } });
    rect = placementToPixels(placement, box, aspect);
    if (art.contentType === 'image/jpeg' && art.findings.hasTransparency !== true && isDark(picture.hex)) {
      notes.push(SOLID_BACKGROUND_NOTE);
    }
  }
  const drawn = await withSandbox(async (run) => {
    try {
      return await run<{ image: Uint8Array; rect: PixelRect | null }>({
        kind: 'mockup',
        bytes: art.bytes,
        picture: rect && picture ? picture.bytes : null,
        maxPixels: MAX_ARTWORK_PIXELS,
        svg: art.contentType === 'image/svg+xml',
        rect,
        expected: rect && picture ? picture.size : null,
        format: rect ? format : 'png',
      });
    } catch (error) {
      if (error instanceof SandboxFailure) throw notArtwork('The picture or the artwork could not be drawn.');
      throw error;
    }
  }, address);
  const image = Buffer.from(drawn.image);
  return {
    image,
    contentType: drawn.rect && format === 'jpeg' ? 'image/jpeg' : 'image/png',
    notes,
    placement,
    artRect: drawn.rect,
    hash: createHash('sha256').update(image).digest('hex'),
  };
}
