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
const DRAWN_SIZE = 1000;
const webp = (image) =>
  image.resize(SIZE, SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
// A small RGBA copy for counting the design's ink colours (ink-colors.ts, in the parent).
const SAMPLE_SIZE = 160;
async function sample(image) {
  const { data, info } = await image
    .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: new Uint8Array(data), width: info.width, height: info.height };
}

async function raster({ bytes, maxPixels }) {
  const input = Buffer.from(bytes);
  const meta = await sharp(input, { limitInputPixels: maxPixels }).metadata();
  // One decode, to the last pixel (so a truncated file fails here), straight into a copy of at
  // most 2000 px a side: the thumbnail and the transparency come from that copy. Downscaling
  // averages, so a see-through area of a few source pixels still leaves its mark in it.
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
    .rotate()
    .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const copy = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const opaque = meta.hasAlpha ? (await copy().stats()).isOpaque : true;
  return {
    format: meta.format,
    width: meta.autoOrient ? meta.autoOrient.width : meta.width,
    height: meta.autoOrient ? meta.autoOrient.height : meta.height,
    hasTransparency: Boolean(meta.hasAlpha) && !opaque,
    thumbnail: await webp(copy()),
    sample: await sample(copy()),
  };
}

async function svg({ bytes, maxPixels }) {
  const input = Buffer.from(bytes);
  // Drawn at a scale that fits DRAWN_SIZE, not at its declared size (a 9000 px canvas would
  // cost 80 times the pixels): what a filter or a fill costs grows with the pixels drawn.
  const declared = await sharp(input, { limitInputPixels: false }).metadata();
  const side = Math.max(declared.width || 1, declared.height || 1);
  const density = Math.max(1, Math.min(72, (72 * DRAWN_SIZE) / side));
  const drawn = await sharp(input, { density, limitInputPixels: maxPixels, failOn: 'error' })
    .resize(SIZE, SIZE, { fit: 'inside' })
    .png()
    .toBuffer();
  const stats = await sharp(drawn).stats();
  return { thumbnail: await webp(sharp(drawn)), hasTransparency: !stats.isOpaque, sample: await sample(sharp(drawn)) };
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

// A mock-up (issue 49): the art drawn at rect (pixels of a picture of expected.width, scaled to the
// picture's real size) over the product picture, its transparency kept; or, flat, the art alone.
async function mockup({ bytes, picture, maxPixels, svg, rect, expected, format }) {
  const source = Buffer.from(bytes);
  const open = async (width) => {
    if (!svg) return sharp(source, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    const declared = await sharp(source, { limitInputPixels: false }).metadata();
    const density = Math.max(1, Math.min(2400, (72 * width) / Math.max(1, declared.width || 1)));
    return sharp(source, { density, limitInputPixels: maxPixels, failOn: 'error' });
  };
  if (!picture) {
    const flat = (await open(1000)).resize(1000, 1000, { fit: 'inside', withoutEnlargement: !svg });
    return { image: await flat.png().toBuffer(), rect: null };
  }
  const photo = Buffer.from(picture);
  const meta = await sharp(photo, { limitInputPixels: maxPixels }).metadata();
  const width = meta.autoOrient ? meta.autoOrient.width : meta.width;
  const height = meta.autoOrient ? meta.autoOrient.height : meta.height;
  const sx = width / expected.width, sy = height / expected.height;
  const left = Math.round(rect.left * sx), top = Math.round(rect.top * sy);
  const w = Math.max(1, Math.min(Math.round(rect.width * sx), width - left));
  const h = Math.max(1, Math.min(Math.round(rect.height * sy), height - top));
  const art = await (await open(w)).resize(w, h, { fit: 'fill' }).ensureAlpha().png().toBuffer();
  const base = sharp(photo, { limitInputPixels: maxPixels, failOn: 'error' }).rotate().composite([{ input: art, left, top }]);
  const out = format === 'jpeg' ? base.flatten({ background: '#ffffff' }).jpeg({ quality: 86 }) : base.png();
  return { image: await out.toBuffer(), rect: { left, top, width: w, height: h } };
}

const JOBS = { raster, svg, card, pdf, mockup };
process.on('message', (job) => {
  // The file comes as a path (a private temporary copy): 20 MB over IPC took over a second.
  if (job.file) job.bytes = require('node:fs').readFileSync(job.file);
  if (job.pictureFile) job.picture = require('node:fs').readFileSync(job.pictureFile);
  JOBS[job.kind](job)
    .then((answer) => process.send({ answer }))
    .catch((e) => process.send({ failed: { name: String((e && e.name) || 'Error'), message: String(e && e.message) } }));
});
process.send({ ready: true });
`;
