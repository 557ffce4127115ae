// The build's pages rendered per request (`export const prerender = false`), served like Netlify's SSR function.
import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { LocalRenderContext } from '../../src/on-demand/local-entry.ts';
import { SERVER_DIR, SERVER_ENTRY } from '../../src/on-demand/local-adapter.ts';
import { readFunctionBody } from './function-body.mts';
import { errorResponse } from './json-errors.mts';
import { clientAddress, sendWebResponse, toWebRequest } from './node-http.mts';

type Entry = {
  matches: (url: URL) => boolean;
  handle: (request: Request, context: LocalRenderContext) => Promise<Response | null>;
};

export type OnDemandDeps = {
  log: (line: string) => void;
  waitUntil: (promise: Promise<unknown>) => void;
};

/**
 * The server bundle of `distDir` (src/on-demand/local-adapter.ts), imported once and again when
 * a rebuild swaps in a new one (its entry's mtime changes). A build without one renders nothing.
 */
export function onDemandPages(distDir: string, deps: OnDemandDeps) {
  const file = join(distDir, SERVER_DIR, SERVER_ENTRY);
  let loaded: { mtimeMs: number; entry: Promise<Entry> } | undefined;

  function entry(): Promise<Entry> | null {
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, entry: import(`${pathToFileURL(file).href}?build=${mtimeMs}`) as Promise<Entry> };
    }
    return loaded.entry;
  }

  /** Answers `req` with its on-demand page and returns true, or returns false when none matches. */
  return async function serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const pending = entry();
    if (!pending) return false;
    const bundle = await pending;
    if (!bundle.matches(url)) return false;
    const started = performance.now();
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // Netlify's functions (its SSR one too) take a body of at most 6 MB.
    const body = hasBody ? await readFunctionBody(req) : undefined;
    if (body === null) {
      await sendWebResponse(req, res, errorResponse(413, 'payload_too_large', 'Request body exceeds 6 MB'));
      return true;
    }
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const request = toWebRequest(req, url, aborted.signal, body);
    const response = await bundle.handle(request, {
      clientAddress: clientAddress(req),
      waitUntil: deps.waitUntil,
    });
    if (!response) return false;
    // Static answers' headers (_headers) are not for pages made per request: they set their own.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    await sendWebResponse(req, res, response);
    const ms = (performance.now() - started).toFixed(1);
    deps.log(`${req.method} ${url.pathname} → page ${response.status} ${ms}ms`);
    return true;
  };
}
