import type { ArtworkFindings } from '../../lib/artwork/artwork-schema.ts';
import { MAX_ARTWORK_PIXELS } from './check-limits.ts';
import { jpegOutline, pngOutline } from './image-structure.ts';
import { type ColorSample, inkColorsOf } from './ink-colors.ts';
import { artworkTooLarge, notArtwork } from './refusals.ts';
import { type Run, SandboxFailure } from './sandbox.ts';

const TRUNCATED = 'The image is incomplete or damaged (it could not be read to its end). Export it again.';
const MILLIONS = MAX_ARTWORK_PIXELS / 1_000_000;

/** PNG: chunks walked to IEND, nothing but padding after it (an appended ZIP or page is refused). */
function checkPngStructure(bytes: Buffer): void {
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw notArtwork(TRUNCATED);
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    at += 12 + length;
    if (at > bytes.length) throw notArtwork(TRUNCATED);
    if (type === 'IEND') break;
  }
  if (bytes.subarray(at).some((b) => b !== 0)) {
    throw notArtwork('The file has something else attached after the image. Export it again as a plain PNG.');
  }
}

/** JPEG: must end with its end-of-image marker (trailing zero padding allowed). */
function checkJpegEnd(bytes: Buffer): void {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0) end--;
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) {
    throw notArtwork('The image is incomplete or has something attached after it. Export it again as a plain JPEG.');
  }
}

interface RasterAnswer {
  format: string;
  width: number;
  height: number;
  hasTransparency: boolean;
  thumbnail: Uint8Array;
  sample?: ColorSample;
}

/**
 * Raster artwork: the size its header declares is checked against MAX_ARTWORK_PIXELS before a
 * pixel is decoded (decoding time grows with pixels, not bytes: a 233 KB PNG can hold 240
 * million), then it is decoded to the last pixel in the sandbox; a truncated or corrupt file
 * is refused.
 */
export async function inspectRaster(
  bytes: Buffer,
  type: 'image/png' | 'image/jpeg',
  run: Run,
): Promise<{ findings: ArtworkFindings; thumbnail: Buffer }> {
  if (type === 'image/png') checkPngStructure(bytes);
  else checkJpegEnd(bytes);
  const { width, height } = type === 'image/png' ? pngOutline(bytes) : jpegOutline(bytes);
  if (!width || !height) throw notArtwork('The image has no size. Export it again.');
  if (width * height > MAX_ARTWORK_PIXELS) {
    throw artworkTooLarge(
      `The image is ${width} × ${height} pixels, more than the ${MILLIONS} million pixels we can check (10,000 × 10,000). Resize it or send it as a PDF.`,
    );
  }
  let answer: RasterAnswer;
  try {
    answer = await run<RasterAnswer>({ kind: 'raster', bytes, maxPixels: MAX_ARTWORK_PIXELS });
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    if (/pixel limit/i.test(error.message))
      throw artworkTooLarge(`The image has more than ${MILLIONS} million pixels.`);
    throw notArtwork(TRUNCATED);
  }
  if (answer.format !== (type === 'image/png' ? 'png' : 'jpeg'))
    throw notArtwork('The file is not the image it looks like.');
  const findings: ArtworkFindings = {
    kind: 'raster',
    widthPx: answer.width,
    heightPx: answer.height,
    hasTransparency: answer.hasTransparency,
    pages: null,
    widthIn: null,
    heightIn: null,
    samePageSizes: null,
    inkColors: inkColorsOf(answer.sample),
  };
  return { findings, thumbnail: Buffer.from(answer.thumbnail) };
}
