import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, ApiTimeoutError, createApiClient, HTTP_DEFAULTS } from '../../src/lib/browser/http.ts';

/** A real HTTP server that records every request it gets, with the time it arrived. */
const hits: { method: string; path: string; at: number }[] = [];
const counters = new Map<string, number>();
let server: Server;
let base: string;

const error = (res: ServerResponse, status: number, code: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { code, message: `${code} happened`, fields: { name: 'Too short' } } }));
};

function route(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  hits.push({ method: req.method ?? '', path, at: performance.now() });
  const count = (counters.get(path) ?? 0) + 1;
  counters.set(path, count);
  switch (path) {
    case '/api/ok':
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    case '/api/flaky':
      if (count <= 2) return error(res, 503, 'unavailable');
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    case '/api/broken':
      return error(res, 500, 'internal');
    case '/api/gateway':
      return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    case '/api/throttled':
      if (count === 1) return error(res, 429, 'throttled', { 'retry-after': '1' });
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    case '/api/missing':
      return error(res, 404, 'not_found');
    case '/api/conflict':
      return error(res, 409, 'out_of_stock');
    case '/api/slow':
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"late":true}'), 1500);
      return;
    default:
      return error(res, 404, 'no_route');
  }
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
  counters.clear();
});

const gaps = () => hits.slice(1).map((h, i) => h.at - hits[i]!.at);
const rejection = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (e) => e,
  );

describe('HTTP client (docs/decisions/spec-rules.md#s7 defaults)', () => {
  it('spells out the spec defaults: 10 s timeout, 2 retries of idempotent methods on the listed statuses', () => {
    expect(HTTP_DEFAULTS.timeout).toBe(10_000);
    expect(HTTP_DEFAULTS.retry.limit).toBe(2);
    expect(HTTP_DEFAULTS.retry.methods).toEqual(['get', 'put', 'head', 'delete', 'options', 'trace']);
    expect(HTTP_DEFAULTS.retry.statusCodes).toEqual([408, 413, 429, 500, 502, 503, 504]);
    expect(HTTP_DEFAULTS.retry.afterStatusCodes).toEqual([413, 429, 503]);
    expect([1, 2, 3].map(HTTP_DEFAULTS.retry.delay)).toEqual([300, 600, 1200]);
  });

  it('joins paths onto the /api/ prefix and parses JSON', async () => {
    const api = createApiClient({ prefix: base });
    await expect(api.get('/ok')).resolves.toEqual({ ok: true });
    await expect(api.get('ok', { q: 'x' })).resolves.toEqual({ ok: true });
    expect(hits.map((h) => h.path)).toEqual(['/api/ok', '/api/ok']);
  });

  it('retries a GET twice on 503 with exponential backoff from 0.3 s, then succeeds', async () => {
    const api = createApiClient({ prefix: base });
    await expect(api.get('flaky')).resolves.toEqual({ ok: true });
    expect(hits).toHaveLength(3);
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(290);
    expect(first).toBeLessThan(550);
    expect(second).toBeGreaterThanOrEqual(590);
    expect(second).toBeLessThan(1000);
  });

  it('gives up after 2 retries and raises ApiError from the JSON error body', async () => {
    const api = createApiClient({ prefix: base });
    const error = await rejection(api.get('broken'));
    expect(hits).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 500,
      code: 'internal',
      message: 'internal happened',
      fields: { name: 'Too short' },
    });
  });

  it('maps a non-JSON error answer to a generic ApiError after retrying it', async () => {
    const api = createApiClient({ prefix: base });
    const error = await rejection(api.get('gateway'));
    expect(hits).toHaveLength(3);
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
  });

  it('honours Retry-After on 429', async () => {
    const api = createApiClient({ prefix: base });
    await expect(api.get('throttled')).resolves.toEqual({ ok: true });
    expect(hits).toHaveLength(2);
    expect(gaps()[0]).toBeGreaterThanOrEqual(990);
  });

  it('never retries a POST, and never retries statuses outside the list', async () => {
    const api = createApiClient({ prefix: base });
    expect(await rejection(api.post('broken', { a: 1 }))).toMatchObject({ status: 500, code: 'internal' });
    expect(hits).toHaveLength(1);
    hits.length = 0;
    expect(await rejection(api.get('missing'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await rejection(api.post('conflict', {}))).toMatchObject({ status: 409, code: 'out_of_stock' });
    expect(hits).toHaveLength(2);
  });

  it('raises a separate timeout error, without retrying, when the server is too slow', async () => {
    const api = createApiClient({ prefix: base, timeout: 200 });
    // The server answers after 1.5 s: only the client's own 200 ms timeout turns this into an error.
    const error = await rejection(api.get('slow'));
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(hits).toHaveLength(1);
  });

  it('reports an unreachable server as ApiError with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const api = createApiClient({ prefix: `http://127.0.0.1:${port}/api/` });
    expect(await rejection(api.get('ok'))).toMatchObject({ status: 0, code: 'network_error' });
  });
});
