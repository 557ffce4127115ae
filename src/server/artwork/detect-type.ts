import type { ArtworkContentType } from '../../lib/artwork/artwork-schema.ts';
import { refusePolyglot } from './polyglot.ts';
import { ACCEPTED_TYPES_TEXT, notArtwork } from './refusals.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The type of an artwork file by its content, never its name: PNG and JPEG by signature and
 * structure, PDF by its header, SVG by a root <svg> element. Anything else, and files that are
 * two things at once, are refused with 415 and a message saying what the file is.
 */
export function detectArtworkType(bytes: Buffer): ArtworkContentType {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return refusePolyglot(bytes, 'image/png');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return refusePolyglot(bytes, 'image/jpeg');
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return refusePolyglot(bytes, 'application/pdf');
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) {
    throw notArtwork(`This is a ZIP archive, whatever its name says. ${ACCEPTED_TYPES_TEXT}`);
  }
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const start = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->)*/, '');
  if (/^<svg[\s>]/.test(start)) return 'image/svg+xml';
  if (/^<!doctype\s+svg/i.test(start)) {
    throw notArtwork('SVG files with a DOCTYPE are not accepted (it can pull in other files). Export it again.');
  }
  if (/^<(!doctype\s+html|html|head|body|script)/i.test(start)) {
    throw notArtwork(`This is a web page (HTML), not artwork. ${ACCEPTED_TYPES_TEXT}`);
  }
  throw notArtwork(`This file type is not accepted. ${ACCEPTED_TYPES_TEXT}`);
}
