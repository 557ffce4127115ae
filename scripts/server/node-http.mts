// Converts between Node's IncomingMessage/ServerResponse and the web Request/Response of functions.
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createCompressStream, MIN_COMPRESS_BYTES, mergeVary, negotiateEncoding } from './compression.mts';
import { isCompressibleType } from './mime-types.mts';

/** The peer address without the IPv4-mapped IPv6 prefix (`::ffff:127.0.0.1` → `127.0.0.1`). */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/**
 * The absolute URL of a request. The target is appended, not resolved, so `//host/x` stays a path
 * instead of becoming another origin; a Host header that is not a valid host falls back to ours.
 */
export function requestUrl(req: IncomingMessage, origin: string): URL {
  const target = req.url ?? '/';
  if (!target.startsWith('/')) return new URL(target); // absolute-form; throws when malformed
  try {
    return new URL(`http://${req.headers.host ?? ''}${target}`);
  } catch {
    return new URL(`${origin}${target}`);
  }
}

/** A web Request of `req`; its body streams from the socket unless it was read already (`body`). */
export function toWebRequest(req: IncomingMessage, url: URL, signal: AbortSignal, body?: Buffer): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (name.startsWith(':')) continue; // HTTP/2 pseudo-headers
    try {
      headers.append(name, req.rawHeaders[i + 1] as string);
    } catch {
      // A header value the fetch spec forbids; the CDN would not forward it either.
    }
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (body)
    return new Request(url, {
      method,
      headers,
      body: hasBody ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : null,
      signal,
    });
  const stream = hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : null;
  return new Request(url, { method, headers, body: stream, signal, duplex: 'half' } as RequestInit);
}

/** Resolves once `res` can take more data, or has closed. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * What pipeline(Readable.fromWeb(body), res) does, without its wrapper stream and the
 * AbortController it aborts at the end of every call (building an AbortError each time, 5% of
 * the server's CPU on small API answers): writes each chunk, waits on backpressure, stops when
 * the client goes away, and resolves once the answer is flushed.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
  if (res.destroyed) {
    await reader.cancel().catch(() => {});
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  }
  res.end();
  await finished(res);
}

function shouldCompress(response: Response, method: string): boolean {
  if (method === 'HEAD' || response.body === null) return false;
  if ([204, 206, 304].includes(response.status)) return false;
  const headers = response.headers;
  if (headers.has('content-encoding') || /\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false;
  if (!isCompressibleType(headers.get('content-type'))) return false;
  const length = headers.get('content-length');
  return length === null || Number(length) >= MIN_COMPRESS_BYTES;
}

export type SendOptions = { setCookies?: readonly string[]; extraHeaders?: Record<string, string> };

/** Streams a web Response to Node, compressing compressible bodies for clients that accept it. */
export async function sendWebResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  options: SendOptions = {},
): Promise<void> {
  const method = req.method ?? 'GET';
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const setCookies = [...response.headers.getSetCookie(), ...(options.setCookies ?? [])];
  if (setCookies.length > 0) res.setHeader('Set-Cookie', setCookies);
  for (const [name, value] of Object.entries(options.extraHeaders ?? {})) res.setHeader(name, value);

  const compress = shouldCompress(response, method);
  if (compress) res.setHeader('Vary', mergeVary(response.headers.get('vary')));
  const encoding = compress ? negotiateEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    res.setHeader('Content-Encoding', encoding);
    res.removeHeader('Content-Length');
  }
  res.writeHead(response.status, response.statusText || undefined);

  if (response.body === null || method === 'HEAD' || [204, 304].includes(response.status)) {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  try {
    if (encoding) {
      const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
      await pipeline(body, createCompressStream(encoding), res);
    } else {
      await writeBody(response.body, res);
    }
  } catch (error) {
    // A browser that goes away mid-answer (a page closed while images load) is not an error.
    if (res.destroyed || req.destroyed) return;
    throw error;
  }
}
