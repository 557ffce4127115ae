// Content negotiation and zlib codecs, the way a CDN edge compresses: brotli first, then gzip.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this are sent as they are; the framing overhead would eat the gain. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Picks br when the client accepts it at all, else gzip, else nothing (q=0 means "never"). */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const name = token.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value) || 0;
    }
    quality.set(name, q);
  }
  const accepts = (name: string): boolean => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Highest ratio for static files: they are compressed once and then served from memory. */
export function compressBuffer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzip(body, { level: 9 });
}

/**
 * A streaming compressor for dynamic responses: a fast level, flushed after every chunk so a
 * function that streams its answer still reaches the browser piece by piece.
 */
export function createCompressStream(encoding: Encoding): Transform {
  if (encoding === 'br') {
    return zlib.createBrotliCompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
  }
  return zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
}

/** Adds `Accept-Encoding` to an existing Vary value without duplicating it. */
export function mergeVary(existing: string | null | undefined): string {
  if (!existing) return 'Accept-Encoding';
  const parts = existing.split(',').map((part) => part.trim().toLowerCase());
  if (parts.includes('*') || parts.includes('accept-encoding')) return existing;
  return `${existing}, Accept-Encoding`;
}
