import sharp, { type Sharp } from 'sharp';
import type { ArtworkContentType, ArtworkFindings } from '../../lib/artwork-schema.ts';
import { MAX_ARTWORK_PIXELS } from './inspect-raster.ts';
import { notArtwork } from './refusals.ts';

const SIZE = 400;
const webp = (image: Sharp) =>
  image.resize(SIZE, SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

/** A card with the file's type and facts, for files the shop does not draw itself (PDF). */
export function placeholderThumbnail(label: string, lines: string[]): Promise<Buffer> {
  const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const text = lines
    .map((line, i) => `<text x="150" y="${250 + i * 34}" font-size="24" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<rect x="8" y="8" width="284" height="384" rx="12" fill="#fff" stroke="#6b7280" stroke-width="4"/>
<text x="150" y="170" font-size="64" font-weight="bold" text-anchor="middle" font-family="sans-serif" fill="#1f2937">${escapeXml(label)}</text>
<g font-family="sans-serif" fill="#374151">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/**
 * The thumbnail for the cart and the admin: raster art scaled down; SVG drawn by librsvg only
 * after inspectSvg refused script and outside references (so it draws nothing but the file);
 * PDF as a typed card (pages and page size) rather than a render of an untrusted document.
 * For SVG it also tells whether the drawing has transparent areas.
 */
export async function makeThumbnail(
  bytes: Buffer,
  type: ArtworkContentType,
  found: ArtworkFindings,
): Promise<{ thumbnail: Buffer; hasTransparency: boolean | null }> {
  if (type === 'image/png' || type === 'image/jpeg') {
    const image = sharp(bytes, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error', sequentialRead: true });
    return { thumbnail: await webp(image.rotate()), hasTransparency: found.hasTransparency };
  }
  if (type === 'image/svg+xml') {
    try {
      const drawn = await sharp(bytes, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error' })
        .resize(SIZE, SIZE, { fit: 'inside' })
        .png()
        .toBuffer();
      const stats = await sharp(drawn).stats();
      return { thumbnail: await webp(sharp(drawn)), hasTransparency: !stats.isOpaque };
    } catch {
      throw notArtwork('The SVG could not be drawn: it is not a well-formed SVG file. Export it again.');
    }
  }
  const size = found.widthIn && found.heightIn ? `${found.widthIn} × ${found.heightIn} in` : '';
  const pages = `${found.pages} ${found.pages === 1 ? 'page' : 'pages'}`;
  return { thumbnail: await placeholderThumbnail('PDF', [pages, size].filter(Boolean)), hasTransparency: null };
}
