import type { ArtworkFindings } from '../../lib/artwork/artwork-schema.ts';
import { PDF_LIMITS } from './check-limits.ts';
import { pdfActiveContent } from './pdf-active-content.ts';
import { artworkTooLarge, notArtwork } from './refusals.ts';
import { type Run, SandboxFailure } from './sandbox.ts';

/**
 * PDFs are read with Mozilla's pdf.js (pdfjs-dist): widely used on hostile files every day
 * (Firefox's viewer), maintained, Apache-2.0, and lazy: it reads the cross-reference table and
 * only the objects asked for (page count and each page's box), never every stream. A PDF bomb
 * (objects referring to each other without end, a page tree of millions, streams that inflate
 * to gigabytes) is bounded by the sandbox's time and heap limits, and only so many pages are
 * looked at.
 */
interface PdfAnswer {
  pages: number;
  sizes: [number, number][];
  active: string[];
}

const refuseActive = (what: string) =>
  notArtwork(
    `The PDF ${what}, which we do not accept in print files. Export it again without scripts, actions or attachments (for example as PDF/X).`,
  );

export async function inspectPdf(bytes: Buffer, run: Run): Promise<ArtworkFindings> {
  if (
    !bytes
      .subarray(Math.max(0, bytes.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  ) {
    throw notArtwork('The PDF is incomplete (its end is missing). Export it again.');
  }
  const active = pdfActiveContent(bytes);
  if (active) throw refuseActive(active);
  let answer: PdfAnswer;
  try {
    answer = await run<PdfAnswer>({
      kind: 'pdf',
      bytes,
      maxPages: PDF_LIMITS.pages,
      measure: PDF_LIMITS.pagesMeasured,
    });
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    if (error.failedName === 'PasswordException') {
      throw notArtwork('The PDF is password protected. Send it without a password.');
    }
    throw notArtwork('The file is not a readable PDF. Export it again.');
  }
  if (answer.active.includes('JavaScript')) throw refuseActive('runs JavaScript');
  if (answer.active.length) throw refuseActive('carries embedded files');
  if (answer.pages > PDF_LIMITS.pages) {
    throw artworkTooLarge(`The PDF has ${answer.pages} pages; we take up to ${PDF_LIMITS.pages}.`);
  }
  const [first] = answer.sizes;
  if (!first || first[0] <= 0 || first[1] <= 0) throw notArtwork('The PDF’s first page has no size.');
  const inches = (points: number) => Number((points / 72).toFixed(2));
  return {
    kind: 'pdf',
    widthPx: null,
    heightPx: null,
    hasTransparency: null,
    pages: answer.pages,
    widthIn: inches(first[0]),
    heightIn: inches(first[1]),
    samePageSizes: answer.sizes.every(([w, h]) => Math.abs(w - first[0]) < 1 && Math.abs(h - first[1]) < 1),
  };
}
