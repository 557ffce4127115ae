import { deflateSync } from 'node:zlib';
import { pdfOf } from '../artwork-files.ts';

/**
 * PDFs with active content (docs/decisions/0025-hardening.md): JavaScript or a program launch run when the file is
 * opened, names written with #xx escapes, the catalog hidden in a compressed object stream,
 * and an attached file. Each is a one-page PDF written by hand.
 */
function pdfWith(catalogExtra: string, extraObjects: string[] = []): Buffer {
  return pdfOf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      ...extraObjects,
    ],
    '1.7',
  );
}

/** The catalog (with an /OpenAction running JavaScript) inside a compressed object stream. */
function pdfWithCatalogInObjectStream(): Buffer {
  const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>';
  const header = '1 0 ';
  const packed = deflateSync(Buffer.from(header + catalog, 'latin1'));
  const parts: Buffer[] = [];
  let length = 0;
  const offsets: number[] = [];
  const push = (b: Buffer | string) => {
    const bytes = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(bytes);
    length += bytes.length;
  };
  push('%PDF-1.7\n');
  offsets[2] = length;
  push('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n');
  offsets[3] = length;
  push('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n');
  offsets[4] = length;
  push(
    `4 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
  );
  push(packed);
  push('\nendstream\nendobj\n');
  offsets[5] = length;
  // Cross-reference stream, W [1 4 2]: object 1 is entry 0 of object stream 4.
  const entries = Buffer.alloc(6 * 7);
  const entry = (n: number, type: number, a: number, b: number) => {
    entries.writeUInt8(type, n * 7);
    entries.writeUInt32BE(a, n * 7 + 1);
    entries.writeUInt16BE(b, n * 7 + 5);
  };
  entry(0, 0, 0, 65535);
  entry(1, 2, 4, 0);
  for (const n of [2, 3, 4, 5]) entry(n, 1, offsets[n]!, 0);
  push(`5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${entries.length} >>\nstream\n`);
  push(entries);
  push(`\nendstream\nendobj\nstartxref\n${offsets[5]}\n%%EOF\n`);
  return Buffer.concat(parts);
}

export const activePdfs = (): [string, Buffer][] => [
  ['active PDF: /OpenAction running JavaScript', pdfWith('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
  ['active PDF: /OpenAction /Launch of a program', pdfWith('/OpenAction << /S /Launch /F (calc.exe) >>')],
  [
    'active PDF: /J#61vaScript written with hex escapes',
    pdfWith('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>'),
  ],
  ['active PDF: JavaScript in a compressed object stream', pdfWithCatalogInObjectStream()],
  [
    'active PDF: an attached file',
    pdfWith('/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>', [
      '<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>',
      '<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream',
    ]),
  ],
];
