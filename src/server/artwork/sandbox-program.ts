/**
 * The program a check's child process runs (sandbox.ts starts it with `node -e`). Plain
 * JavaScript that loads only installed packages by name, so it runs the same from the source
 * tree and from a bundled Netlify function. Everything that decodes or draws an untrusted
 * file happens here: sharp (libvips, librsvg) and pdf.js. It answers each job sent to it over
 * IPC; the parent kills it when the check is done or its time is up.
 */
export const SANDBOX_PROGRAM = `
const sharp = require('sharp');
sharp.concurrency(1);
sharp.cache(false);
const SIZE = 400;
const webp = (image) =>
  image.resize(SIZE, SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

async function raster({ bytes, maxPixels }) {
  const input = Buffer.from(bytes);
  const open = () => sharp(input, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
  const meta = await open().metadata();
  // Only an image with an alpha channel needs every pixel read to say whether it is see-through;
  // the thumbnail below decodes the whole file anyway, so a truncated one is still caught.
  const opaque = meta.hasAlpha ? (await open().stats()).isOpaque : true;
  const thumbnail = await webp(open().rotate());
  return {
    format: meta.format,
    width: meta.autoOrient ? meta.autoOrient.width : meta.width,
    height: meta.autoOrient ? meta.autoOrient.height : meta.height,
    hasTransparency: Boolean(meta.hasAlpha) && !opaque,
    thumbnail,
  };
}

async function svg({ bytes, maxPixels }) {
  const drawn = await sharp(Buffer.from(bytes), { limitInputPixels: maxPixels, failOn: 'error' })
    .resize(SIZE, SIZE, { fit: 'inside' })
    .png()
    .toBuffer();
  const stats = await sharp(drawn).stats();
  return { thumbnail: await webp(sharp(drawn)), hasTransparency: !stats.isOpaque };
}

async function card({ svgText }) {
  return { thumbnail: await sharp(Buffer.from(svgText)).webp({ quality: 80 }).toBuffer() };
}

// pdf.js answers Maps (or plain objects in older versions), or null for none.
const count = (found) => (!found ? 0 : found instanceof Map ? found.size : Object.keys(found).length);

async function pdf({ bytes, maxPages, measure }) {
  globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true,
    enableXfa: false, verbosity: 0, disableAutoFetch: true, disableStream: true,
  }).promise;
  const pages = doc.numPages;
  const sizes = [];
  const active = [];
  const js = await doc.getJSActions();
  if (count(js)) active.push('JavaScript');
  const attachments = await doc.getAttachments();
  if (count(attachments)) active.push('EmbeddedFile');
  if (pages <= maxPages) {
    for (let n = 1; n <= Math.min(pages, measure); n++) {
      const page = await doc.getPage(n);
      const [x1, y1, x2, y2] = page.view;
      const turned = page.rotate % 180 !== 0;
      const w = Math.abs(x2 - x1), h = Math.abs(y2 - y1);
      sizes.push(turned ? [h, w] : [w, h]);
      const pageJs = await page.getJSActions();
      if (count(pageJs)) active.push('JavaScript');
      for (const a of await page.getAnnotations()) {
        if (count(a.actions)) active.push('JavaScript');
        if (a.annotationType === 17 || a.file) active.push('EmbeddedFile');
      }
      page.cleanup();
    }
  }
  return { pages, sizes, active };
}

const JOBS = { raster, svg, card, pdf };
process.on('message', (job) => {
  JOBS[job.kind](job)
    .then((answer) => process.send({ answer }))
    .catch((e) => process.send({ failed: { name: String((e && e.name) || 'Error'), message: String(e && e.message) } }));
});
process.send({ ready: true });
`;
