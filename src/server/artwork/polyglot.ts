import type { ArtworkContentType } from '../../lib/artwork/artwork-schema.ts';
import { jpegOutline, pngOutline } from './image-structure.ts';
import { notArtwork } from './refusals.ts';

/**
 * Markup that makes a file something else too (a polyglot: an image or PDF that a browser, a
 * PHP host or a mail client would also run as a page or script). Looked for in two places:
 * anywhere in the file in the clear, for tags that real print files never carry (compressed
 * data matching one by chance is vanishingly rare), and in an image's own text (PNG text
 * chunks, inflated; JPEG comments and APPn segments) for any markup or handler at all.
 */
const ACTIVE_ANYWHERE = /<script|<html|<!doctype\s+html|<iframe|<body[\s>]|<\?php|<svg[\s/>]|<img[\s/>]/i;
const ACTIVE_IN_TEXT =
  /<\s*\/?\s*(script|html|iframe|body|img|svg|object|embed|a|link|meta|style|frame|math|base|form|input|video|audio|marquee)\b|<\?php|<!doctype\s+html|\bon[a-z]+\s*=|(java|vb)script\s*:/i;
const XMP_PACKET = /^(http:\/\/ns\.adobe\.com\/xap\/1\.0\/\0|XML:com\.adobe\.xmp)/;

const refuse = () =>
  notArtwork('The file holds web page or script content besides the artwork. Export it again as a plain file.');

/** An image's text that could run: XMP metadata is XML, so only its markup that is not metadata counts. */
function textIsActive(text: string): boolean {
  if (XMP_PACKET.test(text))
    return ACTIVE_ANYWHERE.test(text) || /\son[a-z]+\s*=\s*["']|(java|vb)script\s*:/i.test(text);
  return ACTIVE_IN_TEXT.test(text);
}

export function refusePolyglot(bytes: Buffer, type: ArtworkContentType): ArtworkContentType {
  if (ACTIVE_ANYWHERE.test(bytes.toString('latin1'))) throw refuse();
  const texts = type === 'image/png' ? pngOutline(bytes).texts : type === 'image/jpeg' ? jpegOutline(bytes).texts : [];
  if (texts.some(textIsActive)) throw refuse();
  return type;
}
