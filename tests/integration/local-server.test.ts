import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer } from '../../scripts/server/create-server.mts';
import { postChunked } from '../support/chunked-post.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/local-server/${path}`, import.meta.url));
const siteDir = fixture('site');
const appJs = readFileSync(fixture('site/_astro/app.js'));

let server: Awaited<ReturnType<typeof createShopServer>>;
const logs: string[] = [];

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http, unlike fetch, sends the path exactly as written and never decodes the body. */
function raw(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: init.method ?? 'GET', headers: init.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  server = await createShopServer({
    distDir: siteDir,
    functionsDir: fixture('functions'),
    port: 0,
    fallbacks: [{ prefix: '/admin/', file: 'admin/index.html' }],
    runsHere: { nightly: 'every 5 s' },
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await server?.close();
});

describe('local server: startup', () => {
  it('listens on the free port it picked and reports it', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('skips a function file without config.path and says so', () => {
    expect(logs).toContain('functions: helper is not served: it has no config.path');
  });

  it('says a scheduled function is run by this process on a timer, not served', () => {
    expect(logs).toContain('functions: nightly runs every 5 s in this process; Netlify runs it on the schedule @daily');
    expect(logs.join('\n')).not.toMatch(/ignored|fail|error/i);
  });
});

describe('local server: functions', () => {
  it('routes by config.path and passes params, ip and context', async () => {
    const res = await fetch(`${server.url}/api/echo/alice?x=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({
      method: 'GET',
      url: `${server.url}/api/echo/alice?x=1`,
      params: { name: 'alice' },
      ip: '127.0.0.1',
      deploy: 'dev',
      site: server.url,
      server: 'local',
      path: '/api/echo/alice',
    });
    expect(body.requestId).toBe(res.headers.get('x-nf-request-id'));
  });

  it('matches wildcard paths', async () => {
    const res = await fetch(`${server.url}/api/any/a/b/c`);
    expect(res.status).toBe(200);
    expect((await res.json()).params).toEqual({ '0': 'a/b/c' });
  });

  it('reads request cookies and sends every Set-Cookie: the response’s and context.cookies’', async () => {
    const res = await fetch(`${server.url}/api/echo/bob`, { headers: { cookie: 'session=abc123; stale=1' } });
    expect((await res.json()).session).toBe('abc123');
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    expect(cookies).toContain('from-response=1; Path=/');
    expect(cookies).toContain('seen=bob; Path=/; HttpOnly');
    expect(cookies.find((c) => c.startsWith('stale=;'))).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('streams a POST body to a POST-only function', async () => {
    const res = await fetch(`${server.url}/api/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: 'poster-a2', quantity: 3 }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ received: { sku: 'poster-a2', quantity: 3 } });
  });

  it('sends a method no function takes to the 404 page, as Netlify does; a static page takes reads only', async () => {
    const getSubmit = await fetch(`${server.url}/api/submit`);
    expect(getSubmit.status).toBe(404);
    expect(getSubmit.headers.get('content-type')).toContain('text/html');

    const deleteEcho = await fetch(`${server.url}/api/echo/x`, { method: 'DELETE' });
    expect(deleteEcho.status).toBe(404);

    const postPage = await fetch(`${server.url}/about/`, { method: 'POST', body: 'x' });
    expect(postPage.status).toBe(405);
    expect(postPage.headers.get('allow')).toBe('GET, HEAD');
  });

  it('turns a throwing handler into a JSON 500, logs it, and keeps serving', async () => {
    const res = await fetch(`${server.url}/api/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'internal', message: 'Internal error' } });
    expect(logs.some((line) => line.includes('boom threw') && line.includes('boom: the handler failed'))).toBe(true);

    const next = await fetch(`${server.url}/api/echo/after`);
    expect(next.status).toBe(200);
    expect((await next.json()).params).toEqual({ name: 'after' });
  });

  it('refuses a request body over the 6 MB function limit with 413', async () => {
    const res = await fetch(`${server.url}/api/submit`, { method: 'POST', body: new Uint8Array(7 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('counts a chunked body as it arrives: 413 past 6 MB before the function sees it', async () => {
    const over = await postChunked(
      `${server.url}/api/submit`,
      { 'content-type': 'application/json' },
      { head: Buffer.from('{"sku":"'), padding: 7 * 1024 * 1024, tail: Buffer.from('"}') },
    );
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toEqual({
      error: { code: 'payload_too_large', message: 'Request body exceeds 6 MB' },
    });
    const under = await postChunked(
      `${server.url}/api/submit`,
      { 'content-type': 'application/json' },
      { head: Buffer.from('{"sku":"'), padding: 5 * 1024 * 1024, tail: Buffer.from('"}') },
    );
    expect(under.status).toBe(201);
    expect(JSON.parse(under.body).received.sku).toHaveLength(5 * 1024 * 1024);
  });

  it('answers HEAD on a GET function with headers and no body', async () => {
    const res = await raw('/api/echo/head', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toHaveLength(0);
  });

  it('compresses a large function response on the fly and leaves small ones alone', async () => {
    const big = await fetch(`${server.url}/api/submit`, {
      method: 'POST',
      headers: { 'accept-encoding': 'gzip' },
      body: JSON.stringify({ sku: 'poster', repeat: 200 }),
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(big.headers.get('vary')).toBe('Accept-Encoding');
    expect((await big.json()).received).toHaveLength(200);

    const small = await raw('/api/echo/tiny', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBe('br'); // no Content-Length: size unknown, so compressed
    expect(JSON.parse(brotliDecompressSync(small.body).toString()).params).toEqual({ name: 'tiny' });
  });
});

describe('local server: static files', () => {
  it('serves index.html at / with HTML type and revalidation', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await res.text()).toContain('Print shop home');
  });

  it.each(['/about', '/about/', '/about.html', '/about/index.html'])('serves the about page at %s', async (path) => {
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('About the print shop');
  });

  it('prefers a static file over a function whose pattern also matches', async () => {
    const res = await fetch(`${server.url}/api/echo/static.txt`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('static wins\n');
  });

  it.each([
    ['/styles.css', 'text/css; charset=utf-8'],
    ['/_astro/app.js', 'text/javascript; charset=utf-8'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/manifest.webmanifest', 'application/manifest+json'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
  ])('serves %s as %s', async (path, type) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
  });

  it('marks hashed /_astro/ assets immutable', async () => {
    const res = await fetch(`${server.url}/_astro/app.js`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 to a matching If-None-Match, also across encodings', async () => {
    const first = await fetch(`${server.url}/about/`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${server.url}/about/`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const js = await raw('/_astro/app.js', { headers: { 'accept-encoding': 'br' } });
    const revalidated = await raw('/_astro/app.js', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(js.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.vary).toBe('Accept-Encoding');

    const changed = await fetch(`${server.url}/about/`, { headers: { 'if-none-match': 'W/"other"' } });
    expect(changed.status).toBe(200);
  });

  it('supports HEAD with the GET headers and no body', async () => {
    const res = await raw('/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(readFileSync(fixture('site/index.html')).length));
    expect(res.body).toHaveLength(0);
  });

  it('gzips and brotli-compresses text over 1 KB, with Vary, and the bodies decode to the file', async () => {
    const br = await raw('/_astro/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(appJs.length);
    expect(brotliDecompressSync(br.body).equals(appJs)).toBe(true);

    const gz = await raw('/_astro/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(appJs)).toBe(true);

    const noBr = await raw('/_astro/app.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBr.headers['content-encoding']).toBe('gzip');

    const viaFetch = await fetch(`${server.url}/_astro/app.js`, { headers: { 'accept-encoding': 'br' } });
    expect(viaFetch.headers.get('content-encoding')).toBe('br');
    expect(await viaFetch.text()).toBe(appJs.toString());

    const identity = await raw('/_astro/app.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body.equals(appJs)).toBe(true);
  });

  it('does not compress small files', async () => {
    const res = await raw('/robots.txt', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });
});

describe('local server: fallbacks and errors', () => {
  it('serves the admin SPA shell for any GET under /admin/', async () => {
    for (const path of ['/admin/', '/admin/orders/42', '/admin/products/new?tab=images']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Admin app shell');
    }
  });

  it('serves 404.html with status 404 for unknown paths', async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('Page not found');

    const unknownApi = await fetch(`${server.url}/api/unknown`, { method: 'POST' });
    expect(unknownApi.status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/_astro/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/index.html%00.txt',
    '//..%2fsecret.txt',
    '/%E0%A4%A',
  ])('never serves a file outside the build output for %s', async (path) => {
    const res = await raw(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('TOP SECRET');
  });
});

describe('local server: lifecycle', () => {
  it('close() resolves promptly with an idle keep-alive connection open', async () => {
    const other = await createShopServer({
      distDir: siteDir,
      functionsDir: fixture('functions'),
      port: 0,
      log: () => {},
    });
    const res = await fetch(`${other.url}/`);
    expect(res.status).toBe(200);
    await res.text();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(fetch(`${other.url}/`)).rejects.toThrow();
  });

  it('runs under plain Node type stripping, without a bundler', async () => {
    const child = spawn(process.execPath, [fixture('start.mts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const { url } = JSON.parse(line) as { url: string };
      const res = await fetch(`${url}/api/echo/node`);
      expect(await res.json()).toMatchObject({ params: { name: 'node' } });
      expect((await fetch(`${url}/admin/x`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('plain http on a public host', () => {
  it('is redirected to https, while loopback hosts and forwarded https are served', async () => {
    const port = new URL(server.url).port;
    const moved = await raw('/about?x=1', { headers: { host: 'shop.example.com' } });
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('https://shop.example.com/about?x=1');
    expect((await raw('/about', { headers: { host: 'shop.example.com', 'x-forwarded-proto': 'https' } })).status).toBe(
      200,
    );
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await raw('/about', { headers: { host } })).status).toBe(200);
    }
  });
});
