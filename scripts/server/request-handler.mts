// The order a request goes through: https redirect (non-loopback hosts), storage stand-in, image CDN, static file, function, on-demand page, SPA fallback, 404 page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompressedBodyCache } from './compression-cache.mts';
import type { FunctionRoute } from './function-types.mts';
import { matchFunction } from './functions-router.mts';
import { errorResponse } from './json-errors.mts';
import { requestUrl, sendWebResponse, toWebRequest } from './node-http.mts';
import { IMMUTABLE, REVALIDATE, sendFile } from './send-file.mts';
import { onDemandPages } from './on-demand-pages.mts';
import { serveFunction } from './serve-function.mts';
import { httpsRedirectTarget } from './https-redirect.mts';
import { SERVER_DIR } from '../../src/on-demand/local-adapter.ts';
import { CDN_CONFIG_FILES, staticHeaders } from './static-headers.mts';
import { decodeStaticPath, findStaticFile, statInside } from './static-files.mts';

export type Fallback = { prefix: string; file: string };

export type HandlerDeps = {
  distDir: string;
  routes: readonly FunctionRoute[];
  fallbacks: readonly Fallback[];
  cache: CompressedBodyCache;
  log: (line: string) => void;
  /** Read per request: the origin is only known once the server listens. */
  origin: () => string;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Answers `/.netlify/images` (resized, re-encoded images) like Netlify's Image CDN. */
  images?: ((req: Request) => Promise<Response>) | undefined;
  /** Answers signed upload/download URLs under `prefix` like Supabase Storage (customer artwork). */
  storage?: StorageStandIn | undefined;
};

export type StorageStandIn = { prefix: string; serve: (req: Request) => Promise<Response> };

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function createRequestHandler(deps: HandlerDeps) {
  const { distDir, cache, log } = deps;
  const headers = staticHeaders(distDir);
  const pages = onDemandPages(distDir, { log, waitUntil: deps.waitUntil });
  // The on-demand pages' server bundle sits in the build folder but is code, never a file to send.
  const serverFiles = `/${SERVER_DIR}/`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const secureUrl = httpsRedirectTarget(req);
    if (secureUrl) {
      res.writeHead(301, { Location: secureUrl, 'Content-Length': 0 });
      res.end();
      return;
    }
    let url: URL;
    try {
      url = requestUrl(req, deps.origin());
    } catch {
      plain(res, 400, 'Bad request');
      return;
    }
    const method = req.method ?? 'GET';
    const isRead = method === 'GET' || method === 'HEAD';

    // Signed storage URLs set their own headers (a download is an attachment with a sandbox CSP).
    if (deps.storage && url.pathname.startsWith(deps.storage.prefix)) {
      const abort = new AbortController();
      res.once('close', () => abort.abort());
      await sendWebResponse(req, res, await deps.storage.serve(toWebRequest(req, url, abort.signal)));
      return;
    }

    // Static answers (pages, assets, images, the 404 page) carry the build's _headers; functions set their own.
    headers.apply(res, url.pathname);

    if (deps.images && url.pathname === '/.netlify/images') {
      await sendWebResponse(req, res, await deps.images(toWebRequest(req, url, new AbortController().signal)));
      return;
    }

    const lookup =
      CDN_CONFIG_FILES.has(url.pathname) || decodeStaticPath(url.pathname)?.startsWith(serverFiles)
        ? { kind: 'missing' as const }
        : await findStaticFile(distDir, url.pathname);
    if (lookup.kind === 'invalid') {
      plain(res, 400, 'Bad request');
      return;
    }
    if (isRead && lookup.kind === 'file') {
      const cacheControl = url.pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE;
      await sendFile(req, res, lookup.file, { status: 200, cacheControl, conditional: true, cache });
      return;
    }

    const match = matchFunction(deps.routes, method, url.pathname);
    if (match.kind === 'function') {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      await serveFunction(req, res, url, match, deps);
      return;
    }
    // Pages rendered per request (Netlify's SSR function in production), after files and functions.
    if (lookup.kind !== 'file' && (await pages(req, res, url))) return;
    // A method no function takes falls through to the 404 below, as on Netlify (the runtime
    // parity test holds the two to it); a static file takes reads only.
    if (lookup.kind === 'file') {
      const allow = ['GET', 'HEAD'];
      const message = `${method} is not allowed here; use ${allow.join(', ')}`;
      await sendWebResponse(req, res, errorResponse(405, 'method_not_allowed', message, { Allow: allow.join(', ') }));
      return;
    }

    if (isRead) {
      for (const fallback of deps.fallbacks) {
        if (!url.pathname.startsWith(fallback.prefix)) continue;
        const file = await statInside(distDir, fallback.file);
        if (!file) continue;
        await sendFile(req, res, file, { status: 200, cacheControl: REVALIDATE, conditional: true, cache });
        return;
      }
    }

    const notFound = await statInside(distDir, '404.html');
    if (!notFound) {
      plain(res, 404, 'Not found');
      return;
    }
    await sendFile(req, res, notFound, { status: 404, cacheControl: REVALIDATE, conditional: false, cache });
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await handle(req, res);
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      // A client that hangs up mid-stream is not a server error worth a stack trace.
      const code = (error as NodeJS.ErrnoException)?.code;
      if (res.destroyed && (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ERR_STREAM_UNABLE_TO_PIPE')) return;
      log(`server: ${req.method} ${req.url} failed: ${detail}`);
      if (!res.headersSent) {
        await sendWebResponse(req, res, errorResponse(500, 'internal', 'Internal error')).catch(() => res.destroy());
      } else {
        res.destroy();
      }
    }
  };
}
