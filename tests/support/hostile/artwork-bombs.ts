import { crc32, deflateSync } from 'node:zlib';

/**
 * The hostile artwork of docs/decisions/0025-hardening.md: files that cost minutes to check (SVG bombs, a huge PNG),
 * filters that matched text instead of parsing it (SVG bypasses, image polyglots) and PDFs
 * with active content. Each is small and made here; nothing large is committed.
 */

/** An SVG document around `body` (as artwork-files.ts's `svg`, which imports this file's lists). */
const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4in" height="2in" viewBox="0 0 100 50">${body}</svg>`,
  );

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid black 1-bit PNG of `width` × `height`: tiny on disk, every pixel still to decode. */
export function blackPng(width: number, height: number, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const row = Math.ceil(width / 8) + 1;
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngText = (keyword: string, text: string) => chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
export const pngCompressedText = (keyword: string, text: string) =>
  chunk('zTXt', Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), deflateSync(Buffer.from(text))]));
export const pngInternationalText = (keyword: string, text: string) =>
  chunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\x01\0en\0\0`, 'latin1'), deflateSync(Buffer.from(text))]));

/** A JPEG with a comment segment (COM) holding `text`. */
export function jpegWithComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

/** `levels` levels of groups of `fan` <use>s, over a rect (blurred when `blur`): fan^levels drawings. */
export function nestedUseSvg(levels: number, fan: number, blur: boolean): Buffer {
  let defs = `<rect id="a0" width="2000" height="2000"${blur ? ' filter="url(#f)"' : ''}/>`;
  for (let level = 1; level <= levels; level++) {
    defs += `<g id="a${level}">${`<use href="#a${level - 1}"/>`.repeat(fan)}</g>`;
  }
  const filter = blur ? '<filter id="f"><feGaussianBlur stdDeviation="50"/></filter>' : '';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><defs>${filter}${defs}</defs><use href="#a${levels}"/></svg>`,
  );
}

/**
 * Within every count (20 filter primitives, 50 filtered shapes), yet drawing it means 1,000
 * full-canvas turbulence passes: seconds of CPU even at the reduced scale thumbnails are drawn at.
 */
export const slowSvg = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"><filter id="f">${'<feTurbulence baseFrequency="0.01" numOctaves="10"/>'.repeat(20)}</filter>${'<rect width="9000" height="9000" filter="url(#f)"/>'.repeat(50)}</svg>`,
  );

export const svgBombs = (): [string, Buffer][] => [
  ['SVG bomb: 4 levels × 10 <use> over a blurred rect (1 KB)', nestedUseSvg(4, 10, true)],
  ['SVG bomb: 5 levels × 10 <use> over a rect', nestedUseSvg(5, 10, false)],
  [
    'SVG bomb: a <use> that draws its own group',
    svg('<g id="loop"><rect width="1" height="1"/><use href="#loop"/></g>'),
  ],
  ['SVG bomb: 50 shapes through 20 turbulence passes (within the counts, past the CPU limit)', slowSvg()],
  [
    'SVG bomb: a filter of 200 blurs',
    svg(
      `<filter id="f">${'<feGaussianBlur stdDeviation="20"/>'.repeat(200)}</filter><rect width="100" height="50" filter="url(#f)"/>`,
    ),
  ],
];

export const svgFilterBypasses = (): [string, Buffer][] => [
  [
    'SVG bypass: java&#9;script: in an animated href',
    svg('<a href="#x"><animate attributeName="href" to="java&#9;script:alert(1)"/><rect width="1" height="1"/></a>'),
  ],
  [
    'SVG bypass: a <set> that adds an event handler',
    svg('<rect width="1" height="1"><set attributeName="onclick" to="alert(1)"/></rect>'),
  ],
  [
    'SVG bypass: u\\72l( in a style attribute',
    svg('<rect width="1" height="1" style="fill:u\\72l(https://evil.example/p.svg#g)"/>'),
  ],
  [
    'SVG bypass: @\\69mport in a <style>',
    svg("<style>@\\69mport 'https://evil.example/s.css';</style><rect width='1' height='1'/>"),
  ],
  [
    'SVG bypass: an XHTML element under another prefix',
    svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example/"/><rect width="1" height="1"/>'),
  ],
];

/** PNG and JPEG carrying markup in their own text, where the old filter did not look. */
export function imagePolyglots(jpeg: Buffer): [string, Buffer][] {
  return [
    ['polyglot: PNG tEXt with <img onerror>', blackPng(16, 16, [pngText('Comment', '<img src=x onerror=alert(1)>')])],
    ['polyglot: PNG zTXt with <svg onload>', blackPng(16, 16, [pngCompressedText('Comment', '<svg onload=alert(1)>')])],
    [
      'polyglot: PNG iTXt with <svg onload>',
      blackPng(16, 16, [pngInternationalText('Comment', '<svg onload=alert(1)>')]),
    ],
    ['polyglot: JPEG comment with <img onerror>', jpegWithComment(jpeg, '<img src=x onerror=alert(1)>')],
  ];
}
