import { Worker } from 'node:worker_threads';
import type { ArtworkFindings } from '../../lib/artwork-schema.ts';
import { artworkTooLarge, notArtwork } from './refusals.ts';

/**
 * PDFs are read with Mozilla's pdf.js (pdfjs-dist): widely used on hostile files every day
 * (Firefox's viewer), maintained, Apache-2.0, and lazy: it reads the cross-reference table and
 * only the objects asked for (page count and each page's box), never every stream. A PDF bomb
 * (objects referring to each other without end, a page tree of millions, streams that inflate
 * to gigabytes) is still bounded three ways: it runs in a worker thread with its own heap limit,
 * the worker is terminated past a time limit, and only so many pages are looked at. The main
 * thread, and so the server, stays up whatever the file does.
 */
export const PDF_LIMITS = { heapMb: 192, timeMs: 10_000, pages: 2_000, pagesMeasured: 200 };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(workerData.bytes),
    isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true,
    enableXfa: false, verbosity: 0, disableAutoFetch: true, disableStream: true,
  });
  const doc = await task.promise;
  const pages = doc.numPages;
  const sizes = [];
  if (pages <= workerData.maxPages) {
    for (let n = 1; n <= Math.min(pages, workerData.measure); n++) {
      const page = await doc.getPage(n);
      const [x1, y1, x2, y2] = page.view;
      const turned = page.rotate % 180 !== 0;
      const w = Math.abs(x2 - x1), h = Math.abs(y2 - y1);
      sizes.push(turned ? [h, w] : [w, h]);
      page.cleanup();
    }
  }
  parentPort.postMessage({ pages, sizes });
  await doc.destroy();
})().catch((e) => parentPort.postMessage({ error: String((e && e.name) || 'Error'), message: String(e && e.message) }));
`;

interface WorkerAnswer {
  pages?: number;
  sizes?: [number, number][];
  error?: string;
  message?: string;
}

function runWorker(bytes: Buffer): Promise<WorkerAnswer | 'timeout' | 'out_of_memory'> {
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes: copy, maxPages: PDF_LIMITS.pages, measure: PDF_LIMITS.pagesMeasured },
      transferList: [copy as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: PDF_LIMITS.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (answer: WorkerAnswer | 'timeout' | 'out_of_memory') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish('timeout'), PDF_LIMITS.timeMs);
    worker.on('message', (answer: WorkerAnswer) => finish(answer));
    worker.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out_of_memory' : { error: 'WorkerError', message: error.message },
      ),
    );
    worker.on('exit', () => finish({ error: 'WorkerExit', message: 'the reader stopped' }));
  });
}

const TOO_COMPLEX = 'The PDF is too complex for us to check. Flatten it or export it again as a simpler PDF.';

export async function inspectPdf(bytes: Buffer): Promise<ArtworkFindings> {
  if (
    !bytes
      .subarray(Math.max(0, bytes.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  ) {
    throw notArtwork('The PDF is incomplete (its end is missing). Export it again.');
  }
  const answer = await runWorker(bytes);
  if (answer === 'timeout' || answer === 'out_of_memory') throw artworkTooLarge(TOO_COMPLEX);
  if (answer.error === 'PasswordException') {
    throw notArtwork('The PDF is password protected. Send it without a password.');
  }
  if (answer.error === 'WorkerError' && /memory/i.test(answer.message ?? '')) throw artworkTooLarge(TOO_COMPLEX);
  if (answer.error || !answer.pages || !answer.sizes) {
    throw notArtwork('The file is not a readable PDF. Export it again.');
  }
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
