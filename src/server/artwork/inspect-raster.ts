import sharp, { type Metadata } from 'sharp';
import type { ArtworkFindings } from '../../lib/artwork-schema.ts';
import { artworkTooLarge, notArtwork } from './refusals.ts';

/** 30,000 × 30,000 is refused; 250 million pixels is a 50 in banner at 300 dpi with room to spare. */
export const MAX_ARTWORK_PIXELS = 250_000_000;

const TRUNCATED = 'The image is incomplete (it could not be read to its end). Export it again.';

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

/**
 * Raster artwork, decoded to the last pixel within the pixel bound (as admin images are): the
 * header's size is checked before anything is decoded, a truncated or corrupt file is refused.
 */
export async function inspectRaster(bytes: Buffer, type: 'image/png' | 'image/jpeg'): Promise<ArtworkFindings> {
  if (type === 'image/png') checkPngStructure(bytes);
  else checkJpegEnd(bytes);
  const image = () => sharp(bytes, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notArtwork('The file is not a readable image. Export it again.');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw notArtwork('The image has no size. Export it again.');
  if (width * height > MAX_ARTWORK_PIXELS) {
    throw artworkTooLarge(
      `The image is ${width} × ${height} pixels, more than the ${MAX_ARTWORK_PIXELS / 1_000_000} million pixels we can take. Resize it and try again.`,
    );
  }
  if (meta.format !== (type === 'image/png' ? 'png' : 'jpeg'))
    throw notArtwork('The file is not the image it looks like.');
  let opaque: boolean;
  try {
    // stats() reads every pixel without keeping the decoded image in memory.
    opaque = (await image().stats()).isOpaque;
  } catch (error) {
    if (/pixel limit/i.test(String(error)))
      throw artworkTooLarge('The image has too many pixels. Resize it and try again.');
    throw notArtwork(TRUNCATED);
  }
  return {
    kind: 'raster',
    widthPx: width,
    heightPx: height,
    hasTransparency: Boolean(meta.hasAlpha) && !opaque,
    pages: null,
    widthIn: null,
    heightIn: null,
    samePageSizes: null,
  };
}
