// Answers with a static file: validators (ETag/Last-Modified → 304), cache policy, compression, HEAD.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompressedBodyCache } from './compression-cache.mts';
import { MIN_COMPRESS_BYTES, negotiateEncoding } from './compression.mts';
import { contentTypeFor, isCompressibleType } from './mime-types.mts';
import type { StaticFile } from './static-files.mts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export type SendFileOptions = {
  status: number;
  cacheControl: string;
  /** Honour If-None-Match / If-Modified-Since (only meaningful for a 200). */
  conditional: boolean;
  cache: CompressedBodyCache;
};

/** Weak, because one tag covers the identity, gzip and br bodies of the same file version. */
export function etagFor(file: StaticFile): string {
  return `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

export function isNotModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) {
    if (ifNoneMatch.trim() === '*') return true;
    return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  options: SendFileOptions,
): Promise<void> {
  const contentType = contentTypeFor(file.path);
  const compressible = isCompressibleType(contentType) && file.size >= MIN_COMPRESS_BYTES;
  const etag = etagFor(file);
  res.setHeader('Cache-Control', options.cacheControl);
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (options.status === 200) {
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', file.mtime.toUTCString());
  }
  if (options.conditional && options.status === 200 && isNotModified(req, etag, file.mtime)) {
    res.writeHead(304).end();
    return;
  }
  res.setHeader('Content-Type', contentType);
  const head = req.method === 'HEAD';

  const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    const body = await options.cache.get(file, encoding, () => readFile(file.path));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(options.status);
    res.end(head ? undefined : body);
    return;
  }

  res.setHeader('Content-Length', file.size);
  res.writeHead(options.status);
  if (head) {
    res.end();
    return;
  }
  await pipeline(createReadStream(file.path), res);
}
