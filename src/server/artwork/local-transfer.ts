import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_ARTWORK_BYTES, MAX_ARTWORK_MB } from '../../lib/artwork/artwork-schema.ts';

/**
 * The bytes of a signed local PUT, streamed to disk and stopped past `maxBytes` (the size the
 * upload declared, at most 50 MB). The URL works once: a marker is created
 * exclusively first, so a second PUT (even while the first runs) is refused; the file appears
 * under its key only when it arrived whole (until then it is `<key>.part`).
 */
export async function receiveLocalUpload(req: Request, file: string, maxBytes = MAX_ARTWORK_BYTES): Promise<Response> {
  const limit = Math.min(maxBytes, MAX_ARTWORK_BYTES);
  const tooLarge = () =>
    refusal(
      413,
      limit < MAX_ARTWORK_BYTES
        ? 'The file is larger than the size given when the upload started. Start the upload again.'
        : `The file is larger than ${MAX_ARTWORK_MB} MB.`,
    );
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) return tooLarge();
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  try {
    await (await open(join(folder, '.upload-used'), 'wx', 0o600)).close();
  } catch {
    return refusal(409, 'This upload link has already been used. Start the upload again.');
  }
  const partial = `${file}.part`;
  const out = await open(partial, 'wx', 0o600);
  let size = 0;
  try {
    if (req.body) {
      for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > limit) {
          await out.close();
          await rm(partial, { force: true });
          return tooLarge();
        }
        await out.write(chunk);
      }
    }
    await out.close();
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
  if (size === 0) {
    await rm(partial, { force: true });
    return refusal(400, 'The file is empty.');
  }
  await rename(partial, file);
  return new Response(null, { status: 200, headers: { 'cache-control': 'no-store' } });
}

/**
 * Deletes `<key>.part` files under `root` last written before `before` (ms): uploads that stopped
 * half way (the process ended mid-PUT). Answers how many.
 */
export async function removeStalePartials(root: string, before: number): Promise<number> {
  let removed = 0;
  for (const folder of await readdir(root).catch(() => [] as string[])) {
    if (!/^[0-9a-f-]{36}$/.test(folder)) continue;
    for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
      if (!name.endsWith('.part')) continue;
      const file = join(root, folder, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs >= before) continue;
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The original as an attachment, never a page: nosniff, and a CSP sandbox so that even a
 * browser that renders it anyway (an SVG, a PDF) runs it in an opaque origin without script.
 */
export async function serveLocalDownload(req: Request, file: string, fileName: string): Promise<Response> {
  const info = await stat(file).catch(() => null);
  if (!info) return refusal(404, 'The file is not there any more.');
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'artwork';
  const headers = {
    'content-type': 'application/octet-stream',
    'content-length': String(info.size),
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': 'private, no-store',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

export function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  const code = { 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 409: 'conflict', 413: 'too_large' }[
    status
  ];
  return Response.json(
    { error: { code: code ?? 'bad_request', message } },
    { status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers } },
  );
}
