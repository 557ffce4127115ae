import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The admin's client is the storefront's ky client with the admin's token and 401 hook: what the
 * admin screens see of each answer (ApiError codes and messages, the ended session, the 429
 * wait, files) must be what they saw with the admin's own fetch client.
 */
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
let server: Server;
let origin: string;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

function route(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    switch (path) {
      case '/api/admin/colors':
        return json(res, 200, { items: [] });
      case '/api/admin/gone':
        return res.writeHead(204).end();
      case '/api/admin/invalid':
        return json(res, 400, {
          error: { code: 'validation_failed', message: 'Check the fields.', fields: { name: 'Required' } },
        });
      case '/api/admin/expired':
      case '/api/admin/login':
        return json(res, 401, { error: { code: 'unauthorized', message: 'Wrong email or password.' } });
      case '/api/admin/busy':
        return json(res, 429, { error: { code: 'rate_limited', message: 'Too many tries.' } }, { 'retry-after': '7' });
      case '/api/admin/gateway':
        return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      case '/api/admin/orders.csv':
        return res.writeHead(200, { 'content-type': 'text/csv' }).end('id,total\n1,10\n');
      case '/api/admin/broken.csv':
        return res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      default:
        return json(res, 404, { error: { code: 'not_found', message: 'Nothing here.' } });
    }
  });
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const storage = new Map<string, string>();
beforeEach(() => {
  vi.resetModules();
  seen.length = 0;
  storage.clear();
  vi.stubGlobal('location', new URL('/admin/colors', origin));
  vi.stubGlobal('history', { pushState: vi.fn() });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = async () => {
  const client = await import('../../src/admin/api.ts');
  const stores = await import('../../src/admin/stores.ts');
  client.setToken('t0ken');
  return { ...client, ...stores };
};
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('the admin API client', () => {
  it('sends the bearer token and the query without empty values, and answers the JSON', async () => {
    const { api } = await load();
    await expect(api.get('admin/colors', { q: 'red', page: 2, empty: '', none: null })).resolves.toEqual({
      items: [],
    });
    expect(seen).toEqual([
      { method: 'GET', url: '/api/admin/colors?q=red&page=2', authorization: 'Bearer t0ken', body: '' },
    ]);
  });

  it('sends a body as JSON and answers null for a 204', async () => {
    const { api } = await load();
    await expect(api.post('/admin/gone', { id: 1 })).resolves.toBeNull();
    await expect(api.del('admin/gone')).resolves.toBeNull();
    expect(seen.map(({ method, body }) => [method, body])).toEqual([
      ['POST', '{"id":1}'],
      ['DELETE', ''],
    ]);
  });

  it('turns the JSON error body into the ApiError code, message and fields, without retrying', async () => {
    const { api, ApiError } = await load();
    const error = await rejection(api.put('admin/invalid', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the fields.',
      fields: { name: 'Required' },
    });
    expect(await rejection(api.get('admin/gateway'))).toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Something went wrong. Please try again.',
    });
    expect(seen).toHaveLength(2);
  });

  it('ends the session on a 401: token cleared, login shown with its message, SessionEndedError', async () => {
    const { api, SessionEndedError, SESSION_ENDED, getToken, $loginMessage, $screen } = await load();
    const error = await rejection(api.get('admin/expired'));
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(getToken()).toBeNull();
    expect($loginMessage.get()).toBe(SESSION_ENDED);
    expect($screen.get()).toBe('login');
    expect(history.pushState).toHaveBeenCalledWith(null, '', '/admin');
  });

  it('answers a failed sign-in (401 on admin/login) as an ApiError, keeping the session', async () => {
    const { api, ApiError, getToken, $loginMessage } = await load();
    const error = await rejection(api.post('admin/login', { email: 'a@b.c', password: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Wrong email or password.' });
    expect(getToken()).toBe('t0ken');
    expect($loginMessage.get()).toBeNull();
  });

  it("reports a 429's Retry-After at once, without waiting or retrying", async () => {
    const { api, retryAfterSeconds } = await load();
    const error = await rejection(api.post('admin/busy', {}));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many tries.' });
    expect(retryAfterSeconds(error)).toBe(7);
    expect(await rejection(api.get('admin/busy'))).toMatchObject({ status: 429 });
    expect(seen).toHaveLength(2);
  });

  it('reports an unreachable shop as network_error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    vi.stubGlobal('location', new URL(`http://127.0.0.1:${port}/admin/colors`));
    const { api, ApiError } = await load();
    const error = await rejection(api.get('admin/colors'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'We could not reach the shop. Check your connection and try again.',
    });
  });

  it('gives up after 20 s without an answer, shown as network_error', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (request: Request) =>
          new Promise((_, reject) => {
            signal = request.signal;
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      ),
    );
    const { api, ApiError } = await load();
    const answer = rejection(api.get('admin/colors'));
    await vi.advanceTimersByTimeAsync(19_900);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('downloads a file as a Blob with the token, and names a failed file', async () => {
    const { api } = await load();
    const blob = await api.download('admin/orders.csv', { status: 'paid', from: undefined });
    expect(await blob.text()).toBe('id,total\n1,10\n');
    expect(seen[0]).toMatchObject({ url: '/api/admin/orders.csv?status=paid', authorization: 'Bearer t0ken' });
    expect(await rejection(api.download('admin/broken.csv'))).toMatchObject({
      status: 500,
      code: 'http_500',
      message: 'The file could not be made. Please try again.',
    });
  });

  it('ends the session when a download answers 401', async () => {
    const { api, SessionEndedError, getToken } = await load();
    expect(await rejection(api.download('admin/expired'))).toBeInstanceOf(SessionEndedError);
    expect(getToken()).toBeNull();
  });
});
