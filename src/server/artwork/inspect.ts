import type { ArtworkContentType, ArtworkFindings } from '../../lib/artwork-schema.ts';
import { detectArtworkType } from './detect-type.ts';
import { inspectPdf } from './inspect-pdf.ts';
import { inspectRaster } from './inspect-raster.ts';
import { inspectSvg } from './inspect-svg.ts';
import { makeThumbnail } from './thumbnail.ts';

export interface InspectedArtwork {
  contentType: ArtworkContentType;
  findings: ArtworkFindings;
  thumbnail: Buffer;
}

/** Everything the shop checks in a file; throws the TooLarge/UnsupportedMedia error of the first problem. */
export async function inspectArtwork(bytes: Buffer): Promise<InspectedArtwork> {
  const contentType = detectArtworkType(bytes);
  const findings =
    contentType === 'application/pdf'
      ? await inspectPdf(bytes)
      : contentType === 'image/svg+xml'
        ? inspectSvg(bytes)
        : await inspectRaster(bytes, contentType);
  const { thumbnail, hasTransparency } = await makeThumbnail(bytes, contentType, findings);
  return { contentType, findings: { ...findings, hasTransparency }, thumbnail };
}
