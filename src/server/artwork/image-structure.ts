import { inflateSync } from 'node:zlib';

/**
 * Reads the parts of PNG and JPEG files the checks need without decoding any pixels: the
 * declared size, and the text a file carries (PNG tEXt/zTXt/iTXt chunks, JPEG comments and
 * APPn segments), compressed text inflated to at most TEXT_LIMIT bytes.
 */
const TEXT_LIMIT = 256 * 1024;

export interface ImageOutline {
  width: number;
  height: number;
  texts: string[];
}

function inflated(data: Buffer): string {
  try {
    return inflateSync(data, { maxOutputLength: TEXT_LIMIT }).toString('latin1');
  } catch {
    // Past the limit or not deflate at all: kept as it is, still looked at in the clear.
    return data.toString('latin1');
  }
}

export function pngOutline(bytes: Buffer): ImageOutline {
  const outline: ImageOutline = { width: 0, height: 0, texts: [] };
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length));
    if (type === 'IHDR' && data.length >= 8) {
      outline.width = data.readUInt32BE(0);
      outline.height = data.readUInt32BE(4);
    } else if (type === 'tEXt') {
      outline.texts.push(data.toString('latin1'));
    } else if (type === 'zTXt') {
      const nul = data.indexOf(0);
      outline.texts.push(data.subarray(0, nul).toString('latin1'), inflated(data.subarray(nul + 2)));
    } else if (type === 'iTXt') {
      // keyword \0 compressed-flag method language \0 translated keyword \0 text
      const nul = data.indexOf(0);
      const compressed = data[nul + 1] === 1;
      const langEnd = data.indexOf(0, nul + 3);
      const keyEnd = data.indexOf(0, langEnd + 1);
      const text = data.subarray(keyEnd + 1);
      outline.texts.push(
        data.subarray(0, keyEnd).toString('utf8'),
        compressed ? inflated(text) : text.toString('utf8'),
      );
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return outline;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function jpegOutline(bytes: Buffer): ImageOutline {
  const outline: ImageOutline = { width: 0, height: 0, texts: [] };
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = bytes.readUInt16BE(at + 2);
    const data = bytes.subarray(at + 4, Math.min(bytes.length, at + 2 + length));
    if (SOF.has(marker) && data.length >= 5) {
      outline.height = data.readUInt16BE(1);
      outline.width = data.readUInt16BE(3);
    } else if (marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) {
      outline.texts.push(data.toString('latin1'));
    }
    at += 2 + length;
  }
  return outline;
}
