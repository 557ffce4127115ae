import type { ArtworkContentType, ArtworkFindings } from '../../lib/artwork/artwork-schema.ts';
import { detectArtworkType } from './detect-type.ts';
import { inspectPdf } from './inspect-pdf.ts';
import { inspectRaster } from './inspect-raster.ts';
import { inspectSvg } from './inspect-svg.ts';
import { withSandbox } from './sandbox.ts';
import { pdfThumbnail, svgThumbnail } from './thumbnail.ts';

export interface InspectedArtwork {
  contentType: ArtworkContentType;
  findings: ArtworkFindings;
  thumbnail: Buffer;
}

/**
 * Everything the shop checks in a file; throws the TooLarge/UnsupportedMedia error of the first
 * problem, or Unavailable when too many checks are running. What can be decided from the bytes
 * (type, polyglots, SVG tree and cost, declared pixels, PDF actions) is decided here first;
 * decoding and drawing happen in a sandboxed child process under the limits of check-limits.ts,
 * in a check slot of the peer `address` that asked (check-slots.ts).
 */
export async function inspectArtwork(bytes: Buffer, address?: string): Promise<InspectedArtwork> {
  const contentType = detectArtworkType(bytes);
  if (contentType === 'image/svg+xml') {
    const findings = await inspectSvg(bytes);
    const drawn = await withSandbox((run) => svgThumbnail(bytes, run), address);
    return {
      contentType,
      findings: { ...findings, hasTransparency: drawn.hasTransparency, inkColors: drawn.inkColors },
      thumbnail: drawn.thumbnail,
    };
  }
  if (contentType === 'application/pdf') {
    return withSandbox(async (run) => {
      const findings = await inspectPdf(bytes, run);
      return { contentType, findings, thumbnail: await pdfThumbnail(findings, run) };
    }, address);
  }
  return withSandbox(async (run) => ({ contentType, ...(await inspectRaster(bytes, contentType, run)) }), address);
}
