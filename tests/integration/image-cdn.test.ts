import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopServer } from '../../scripts/server/create-server.mts';
import { createImageHandler } from '../../scripts/server/image-cdn.mts';

const root = mkdtempSync(join(tmpdir(), 'shop-image-cdn-'));
const distDir = join(root, 'dist');
const uploadsDir = join(root, 'data', 'uploads');
let cacheDir = '';
let encodes: { path: string; width: number | null; format: string }[] = [];
let handle: (req: Request) => Promise<Response>;

/** A 1600x1000 PNG with shapes, so encoders have something to chew on. */
async function writePng(path: string, width: number, height: number): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4ead8"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#b4411c"/>
    <rect x="40" y="40" width="${width / 4}" height="${height / 5}" fill="#1d1a16"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path);
}

function get(query: string, headers?: HeadersInit, method = 'GET'): Promise<Response> {
  return handle(new Request(`http://localhost/.netlify/images?${query}`, { method, headers: headers ?? {} }));
}

const cacheFiles = () => readdirSync(cacheDir).filter((name) => !name.endsWith('.tmp'));

beforeAll(async () => {
  mkdirSync(join(distDir, 'images', 'products'), { recursive: true });
  mkdirSync(join(uploadsDir, 'abc'), { recursive: true });
  await writePng(join(distDir, 'images', 'products', 'big.png'), 1600, 1000);
  await writePng(join(distDir, 'images', 'small.png'), 600, 300);
  await writePng(join(uploadsDir, 'abc', 'photo.png'), 1000, 1000);
  writeFileSync(join(distDir, 'images', 'not-an-image.webp'), 'hello, I am text');
  writeFileSync(join(root, 'secret.png'), 'outside the roots');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeEach(() => {
  cacheDir = mkdtempSync(join(root, 'cache-'));
  encodes = [];
  handle = createImageHandler({ distDir, uploadsDir, cacheDir, onEncode: (info) => encodes.push(info) });
});

describe('image CDN: resizing and formats', () => {
  it.each([400, 800, 1200])('resizes to w=%i keeping the aspect ratio', async (w) => {
    const res = await get(`url=/images/products/big.png&w=${w}&fm=webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(w);
    expect(meta.height).toBe(Math.round((w * 1000) / 1600));
  });

  it('keeps the original width when w is absent, and defaults to WebP', async () => {
    const res = await get('url=%2Fimages%2Fproducts%2Fbig.png');
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(1600);
  });

  it('never enlarges a source narrower than the requested width', async () => {
    const res = await get('url=/images/small.png&w=1200');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(600);
  });

  it('encodes AVIF for fm=avif', async () => {
    const res = await get('url=/images/products/big.png&w=400&fm=avif');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('heif');
    expect(meta.compression).toBe('av1');
    expect(meta.width).toBe(400);
  });

  it('honours q as its own variant', async () => {
    const low = await get('url=/images/products/big.png&w=800&q=10');
    const high = await get('url=/images/products/big.png&w=800&q=95');
    expect((await low.arrayBuffer()).byteLength).toBeLessThan((await high.arrayBuffer()).byteLength);
    expect(low.headers.get('etag')).not.toBe(high.headers.get('etag'));
    expect(cacheFiles()).toHaveLength(2);
  });

  it('reads /uploads/ paths from the uploads folder', async () => {
    const res = await get('url=/uploads/abc/photo.png&w=400');
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('answers HEAD with headers only and refuses other methods', async () => {
    const head = await get('url=/images/small.png&w=400', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(head.body).toBeNull();
    const post = await get('url=/images/small.png&w=400', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('image CDN: refusals', () => {
  it.each([
    ['missing url', 'w=400'],
    ['absolute URL', `url=${encodeURIComponent('https://evil.example/x.png')}`],
    ['protocol-relative URL', 'url=//evil.example/images/x.png'],
    ['relative path', 'url=images/small.png'],
    ['outside /images and /uploads', 'url=/_astro/app.png'],
    ['parent segment', 'url=/images/../secret.png'],
    ['parent segment, encoded in the parameter', 'url=%2Fimages%2F..%2F..%2Fsecret.png'],
    ['encoded dots', 'url=/images/%2e%2e/%2e%2e/secret.png'],
    ['encoded slash', 'url=/images/..%2f..%2fsecret.png'],
    ['double-encoded dots', 'url=/images/%252e%252e/secret.png'],
    ['backslash', `url=${encodeURIComponent('/images/..\\secret.png')}`],
    ['NUL byte', 'url=/images/small.png%2500'],
    ['bad escape', 'url=/images/%E0%A4%A.png'],
  ])('400 bad_image_url for %s', async (_name, query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_image_url');
    expect(body.error.message).toBeTruthy();
  });

  it.each([
    ['w=500', 'bad_image_width'],
    ['w=abc', 'bad_image_width'],
    ['w=-400', 'bad_image_width'],
    ['fm=png', 'bad_image_format'],
    ['fm=constructor', 'bad_image_format'],
    ['q=0', 'bad_image_quality'],
    ['q=55.5', 'bad_image_quality'],
  ])('400 for %s', async (param, code) => {
    const res = await get(`url=/images/small.png&${param}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it('404s for an image that does not exist', async () => {
    for (const path of ['/images/nope.png', '/uploads/abc/nope.png', '/images/products']) {
      const res = await get(`url=${path}.webp&w=400`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('image_not_found');
    }
  });

  it('415s for a file that is not a readable image, and caches nothing', async () => {
    const res = await get('url=/images/not-an-image.webp&w=400');
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_image_type');
    expect(cacheFiles()).toHaveLength(0);
    expect((await get('url=/images/logo.svg')).status).toBe(415);
  });
});

describe('image CDN: caching', () => {
  it('answers immutable, with an ETag, and serves the second request from the disk cache', async () => {
    const first = await get('url=/images/products/big.png&w=800&fm=webp');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const files = cacheFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.webp$/);
    const mtime = statSync(join(cacheDir, files[0]!)).mtimeMs;

    const second = await get('url=/images/products/big.png&w=800&fm=webp');
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(encodes).toHaveLength(1);
    expect(cacheFiles()).toEqual(files);
    expect(statSync(join(cacheDir, files[0]!)).mtimeMs).toBe(mtime);
  });

  it('keeps the cache across handler instances (a restart)', async () => {
    await get('url=/images/small.png&w=400');
    const again = createImageHandler({ distDir, uploadsDir, cacheDir, onEncode: (info) => encodes.push(info) });
    const res = await again(new Request('http://localhost/.netlify/images?url=/images/small.png&w=400'));
    expect(res.status).toBe(200);
    expect(encodes).toHaveLength(1);
  });

  it('answers 304 to a matching If-None-Match without encoding', async () => {
    const first = await get('url=/images/products/big.png&w=400');
    const etag = first.headers.get('etag')!;
    const fresh = createImageHandler({
      distDir,
      uploadsDir,
      cacheDir: join(cacheDir, 'other'),
      onEncode: (info) => encodes.push(info),
    });
    for (const tag of [etag, `W/${etag}`, `"nope", ${etag}`]) {
      const res = await fresh(
        new Request('http://localhost/.netlify/images?url=/images/products/big.png&w=400', {
          headers: { 'If-None-Match': tag },
        }),
      );
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await res.text()).toBe('');
    }
    expect(encodes).toHaveLength(1);
    const stale = await get('url=/images/products/big.png&w=400', { 'If-None-Match': '"something-else"' });
    expect(stale.status).toBe(200);
  });

  it('encodes a new variant with a new ETag when the source file changes', async () => {
    const path = join(uploadsDir, 'abc', 'photo.png');
    const before = await get('url=/uploads/abc/photo.png&w=400');
    await writePng(path, 900, 900);
    const after = await get('url=/uploads/abc/photo.png&w=400');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await sharp(Buffer.from(await after.arrayBuffer())).metadata()).height).toBe(400);
    expect(encodes).toHaveLength(2);
    expect(cacheFiles()).toHaveLength(2);
    await writePng(path, 1000, 1000);
  });

  it('serves the same bytes from the cache after a rebuild rewrites the file or another build holds it', async () => {
    const path = join(distDir, 'images', 'small.png');
    const before = await get('url=/images/small.png&w=400&fm=avif');
    // A rebuild copies the picture into the new build: same bytes, a new mtime.
    const later = new Date(statSync(path).mtimeMs + 60_000);
    utimesSync(path, later, later);
    const after = await get('url=/images/small.png&w=400&fm=avif');
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    // Another shop's build of the same pictures, sharing the cache folder.
    const otherDist = mkdtempSync(join(root, 'other-dist-'));
    mkdirSync(join(otherDist, 'images'), { recursive: true });
    copyFileSync(path, join(otherDist, 'images', 'copied.png'));
    const other = createImageHandler({
      distDir: otherDist,
      uploadsDir,
      cacheDir,
      onEncode: (info) => encodes.push(info),
    });
    const res = await other(new Request('http://localhost/.netlify/images?url=/images/copied.png&w=400&fm=avif'));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(encodes).toHaveLength(1);
    expect(cacheFiles()).toHaveLength(1);
  });

  it('shares one encode between concurrent requests for the same uncached variant', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => get('url=/images/products/big.png&w=1200&fm=avif')),
    );
    const bodies = await Promise.all(responses.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(encodes).toHaveLength(1);
    expect(readdirSync(cacheDir)).toHaveLength(1); // no temporary files left behind either
  });
});

describe('image CDN: through the local server', () => {
  let server: Awaited<ReturnType<typeof createShopServer>>;
  beforeAll(async () => {
    server = await createShopServer({
      distDir,
      functionsDir: fileURLToPath(new URL('../fixtures/local-server/functions', import.meta.url)),
      port: 0,
      images: createImageHandler({ distDir, uploadsDir, cacheDir: join(root, 'server-cache') }),
      log: () => {},
    });
  });
  afterAll(() => server?.close());

  it('routes /.netlify/images to the image handler before static files', async () => {
    const res = await fetch(`${server.url}/.netlify/images?url=/images/products/big.png&w=400&fm=webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);

    const bad = await fetch(`${server.url}/.netlify/images?url=https://evil.example/x.png`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('bad_image_url');

    const original = await fetch(`${server.url}/images/products/big.png`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
  });
});
