// Answers a request with a matched function: web Request in, streamed (and compressed) Response out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadedFunction } from './function-types.mts';
import { invokeFunction } from './invoke-function.mts';
import { errorResponse } from './json-errors.mts';
import { cutAfterAnswer, readFunctionBody } from './function-body.mts';
import { clientAddress, sendWebResponse, toWebRequest } from './node-http.mts';

export type ServeFunctionDeps = {
  log: (line: string) => void;
  origin: () => string;
  waitUntil: (promise: Promise<unknown>) => void;
};

export async function serveFunction(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  match: { fn: LoadedFunction; params: Record<string, string> },
  deps: ServeFunctionDeps,
): Promise<void> {
  const started = performance.now();
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // Netlify hands a function its whole body, at most 6 MB however it is sent (Content-Length or
  // chunked): counted as it arrives, and a longer one never reaches the function.
  const body = hasBody ? await readFunctionBody(req) : undefined;
  if (body === null) {
    if (!req.complete) cutAfterAnswer(res);
    await sendWebResponse(req, res, errorResponse(413, 'payload_too_large', 'Request body exceeds 6 MB'));
    return;
  }
  // Lets a handler notice (request.signal) that the client went away mid-request.
  const aborted = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) aborted.abort();
  });
  const result = await invokeFunction({
    fn: match.fn,
    request: toWebRequest(req, url, aborted.signal, body),
    params: match.params,
    ip: clientAddress(req),
    siteUrl: deps.origin(),
    log: deps.log,
    waitUntil: deps.waitUntil,
  });
  await sendWebResponse(req, res, result.response, {
    setCookies: result.setCookieHeaders,
    extraHeaders: { 'x-nf-request-id': result.requestId },
  });
  const ms = (performance.now() - started).toFixed(1);
  deps.log(`${req.method} ${url.pathname} → ${match.fn.name} ${result.response.status} ${ms}ms`);
}
