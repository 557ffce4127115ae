import type { ArtworkFindings, InkColorCount } from '../../lib/artwork/artwork-schema.ts';
import { MAX_ARTWORK_PIXELS } from './check-limits.ts';
import { type ColorSample, inkColorsOf } from './ink-colors.ts';
import { notArtwork } from './refusals.ts';
import { type Run, SandboxFailure } from './sandbox.ts';

/** A card with the file's type and facts, for files the shop does not draw itself (PDF). */
export function placeholderSvg(label: string, lines: string[]): string {
  const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const text = lines
    .map((line, i) => `<text x="150" y="${250 + i * 34}" font-size="24" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<rect x="8" y="8" width="284" height="384" rx="12" fill="#fff" stroke="#6b7280" stroke-width="4"/>
<text x="150" y="170" font-size="64" font-weight="bold" text-anchor="middle" font-family="sans-serif" fill="#1f2937">${escapeXml(label)}</text>
<g font-family="sans-serif" fill="#374151">${text}</g></svg>`;
}

/** A PDF's thumbnail: a typed card (pages and page size) rather than a render of an untrusted document. */
export async function pdfThumbnail(found: ArtworkFindings, run: Run): Promise<Buffer> {
  const size = found.widthIn && found.heightIn ? `${found.widthIn} × ${found.heightIn} in` : '';
  const pages = `${found.pages} ${found.pages === 1 ? 'page' : 'pages'}`;
  const svgText = placeholderSvg('PDF', [pages, size].filter(Boolean));
  return Buffer.from((await run<{ thumbnail: Uint8Array }>({ kind: 'card', svgText })).thumbnail);
}

/**
 * An SVG drawn by librsvg in the sandbox, only after inspectSvg refused script, outside
 * references and drawings past the cost limits (so it draws nothing but the file); also tells
 * whether the drawing has transparent areas.
 */
export async function svgThumbnail(
  bytes: Buffer,
  run: Run,
): Promise<{ thumbnail: Buffer; hasTransparency: boolean; inkColors: InkColorCount | null }> {
  try {
    const drawn = await run<{ thumbnail: Uint8Array; hasTransparency: boolean; sample?: ColorSample }>({
      kind: 'svg',
      bytes,
      maxPixels: MAX_ARTWORK_PIXELS,
    });
    return {
      thumbnail: Buffer.from(drawn.thumbnail),
      hasTransparency: drawn.hasTransparency,
      inkColors: inkColorsOf(drawn.sample),
    };
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    throw notArtwork('The SVG could not be drawn: it is not a well-formed SVG file. Export it again.');
  }
}
