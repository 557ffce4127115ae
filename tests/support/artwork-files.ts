import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { activePdfs } from './hostile/active-pdfs.ts';
import { blackPng, imagePolyglots, svgBombs, svgFilterBypasses } from './hostile/artwork-bombs.ts';

/** Artwork files made in the test (nothing large is committed). */

export const noise = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: channels === 4 ? { r: 128, g: 128, b: 128, alpha: 0.5 } : '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

export const png = (width: number, height: number) => noise(width, height).png().toBuffer();
export const jpeg = (width: number, height: number) => noise(width, height).jpeg().toBuffer();
/** A PNG with see-through pixels. */
export const transparentPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: Math.ceil(width / 2), height, channels: 4, background: '#2040c0ff' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

/** A PNG whose header claims `width` × `height` pixels (IHDR rewritten, CRC recomputed). */
export function withClaimedSize(file: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(file);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A JPEG with a comment segment holding a page: an image and a script at once. */
export function jpegWithHtmlComment(file: Buffer): Buffer {
  const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([file.subarray(0, 2), segment, html, file.subarray(2)]);
}

/** A PDF written by hand from its objects' bodies (object n is the n-th body), with its xref table. */
export function pdfOf(objects: string[], version = '1.4'): Buffer {
  let out = `%PDF-${version}\n`;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF written by hand: `pages` pages of `width` × `height` points, optional extra objects. */
export function pdf(options: { pages?: number; width?: number; height?: number; pagesDict?: string } = {}): Buffer {
  const pages = options.pages ?? 1;
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  objects.push(options.pagesDict ?? `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let i = 0; i < pages; i++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${options.width ?? 612} ${options.height ?? 792}] >>`);
  }
  return pdfOf(objects);
}

/**
 * PDF bombs: a tiny file whose page tree names one page 50,000 times, a page tree in a loop,
 * and a million nested arrays (a parser that recurses runs out of stack).
 */
export const pdfBombs = () => [
  {
    name: 'PDF naming one page 50,000 times',
    bytes: pdf({ pagesDict: `<< /Type /Pages /Kids [${'3 0 R '.repeat(50_000)}] /Count 50000 >>` }),
  },
  { name: 'PDF page tree in a loop', bytes: pdf({ pagesDict: '<< /Type /Pages /Kids [2 0 R 2 0 R] /Count 2 >>' }) },
  {
    name: 'PDF with a million nested arrays',
    bytes: pdf({
      pagesDict: `<< /Type /Pages /Kids [3 0 R] /Count 1 /X ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)} >>`,
    }),
  },
];

export const svg = (body = '<rect width="100" height="50" fill="#c00"/>', attrs = 'width="4in" height="2in"') =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs} viewBox="0 0 100 50">${body}</svg>`,
  );

export interface HostileArtwork {
  name: string;
  bytes: Buffer;
  /** The status the check must answer. */
  status: 413 | 415;
}

/**
 * The hostile file corpus of docs/decisions/0015-print-ordering.md and
 * docs/decisions/0025-hardening.md: each must be refused by the check.
 */
export async function hostileArtwork(): Promise<HostileArtwork[]> {
  const smallPng = await png(64, 64);
  const smallJpeg = await jpeg(64, 64);
  const page = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
  const list: [string, Buffer, 413 | 415][] = [
    ['polyglot: JPEG with a page in its comment', jpegWithHtmlComment(smallJpeg), 415],
    ['polyglot: PNG with a ZIP appended', Buffer.concat([smallPng, Buffer.from('PK\x03\x04zip-archive-data')]), 415],
    ['polyglot: PNG signature + HTML', Buffer.concat([smallPng.subarray(0, 8), page]), 415],
    ['a ZIP renamed .png', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]), 415],
    ['an HTML page', page, 415],
    ['a PNG of 30,000 × 30,000 pixels', withClaimedSize(smallPng, 30_000, 30_000), 413],
    ['a truncated PNG', smallPng.subarray(0, Math.floor(smallPng.length * 0.6)), 415],
    ['a truncated JPEG', smallJpeg.subarray(0, Math.floor(smallJpeg.length * 0.6)), 415],
    ['a truncated PDF', pdf().subarray(0, 200), 415],
    ['an SVG with script', svg('<script>alert(1)</script><rect width="1" height="1"/>'), 415],
    ['an SVG with an event handler', svg('<rect width="1" height="1" onload="alert(1)"/>'), 415],
    [
      'an SVG with foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      415,
    ],
    ['an SVG with an external image', svg('<image href="https://evil.example/a.png" width="1" height="1"/>'), 415],
    [
      'an SVG with an external url()',
      svg('<rect width="1" height="1" fill="url(https://evil.example/p.svg#g)"/>'),
      415,
    ],
    ['an SVG with an external stylesheet', svg('<style>@import url(https://evil.example/s.css);</style>'), 415],
    [
      'an SVG with a DOCTYPE entity',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ),
      415,
    ],
    ...pdfBombs().map((b): [string, Buffer, 413 | 415] => [b.name, b.bytes, b.name.includes('50,000') ? 413 : 415]),
    // docs/decisions/0025-hardening.md: bombs and decompression bombs (413), filter bypasses and active content (415).
    ...svgBombs().map(([name, bytes]): [string, Buffer, 413 | 415] => [name, bytes, 413]),
    ['a valid PNG of 15,000 × 16,000 pixels in a few KB', blackPng(15_000, 16_000), 413],
    ...[...svgFilterBypasses(), ...imagePolyglots(smallJpeg), ...activePdfs()].map(
      ([name, bytes]): [string, Buffer, 413 | 415] => [name, bytes, 415],
    ),
  ];
  return list.map(([name, bytes, status]) => ({ name, bytes, status }));
}

/** A two-ink logo (navy and red on a transparent ground), as a customer's spot-colour PNG. */
export const twoInkLogoPng = (width = 400, height = 400) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100">` +
        '<rect x="10" y="10" width="40" height="80" fill="#1f3a93"/><circle cx="72" cy="50" r="20" fill="#c0392b"/></svg>',
    ),
  )
    .png()
    .toBuffer();
