// Why not @netlify/images (2.0.1, docs/decisions/0026-house-renovation.md §4): its
// ImageHandler.match(req).handle(origin) in dist/main.js does not fit this interface. It reads no
// files: `url` is resolved against an origin address and fetched over HTTP by IPX's ipxHttpStorage
// (a HEAD, then a GET, per request), so the server would call itself for /images and /uploads. It
// caches nothing: each call builds a new createIPX() and re-fetches and re-encodes; the ETag is
// hashed after encoding, Cache-Control is max-age=300. It checks only that `url` is there and
// same-origin: w=500, fm=png, q=0, /_astro/x.png and /images/../x.png (normalised by new URL) are
// all served; without fm the source format is kept, not WebP. HEAD is refused 405; errors are
// text/plain ("Bad Request: Missing "url" query parameter", "Forbidden: ...") or IPX's
// {error:{message}}, not our {error:{code,message}}. createIPX() gets no options from it, so
// sharpOptions (limitInputPixels) cannot be set. The local stand-in for Netlify's Image CDN: GET
// /.netlify/images?url=/images/x.webp&w=800&fm=avif. Each variant is encoded once (AVIF takes about
// a second) and kept on disk under a key made of the source's bytes (not its path or mtime): a
// rebuild copies every picture into a new build with a new mtime, and the same bytes must not be
// encoded again, while a changed picture gets a new key and ETag. Concurrent requests for a
// variant that is being encoded share the work.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../src/lib/catalog/images.ts';
import { errorResponse } from './json-errors.mts';
import { IMMUTABLE } from './send-file.mts';
import { decodeStaticPath, statInside } from './static-files.mts';
import type { StaticFile } from './static-files.mts';

const FORMATS = { webp: 'image/webp', avif: 'image/avif' } as const;
type Format = keyof typeof FORMATS;
/** Netlify's defaults are close to these; AVIF holds up at a lower number. */
const DEFAULT_QUALITY: Record<Format, number> = { webp: 80, avif: 60 };
const SOURCE_EXTENSIONS = new Set(['.webp', '.png', '.jpg', '.jpeg', '.avif', '.gif', '.tif', '.tiff']);

export type ImageHandlerOptions = {
  /** The built site; `/images/...` is read from here. */
  distDir: string;
  /** Admin uploads (`<DATA_DIR>/uploads`); `/uploads/...` is read from here. */
  uploadsDir: string;
  /** Where encoded variants are kept between requests and restarts. */
  cacheDir: string;
  /** Called once per actual encode (not for cache hits): logging and tests. */
  onEncode?: (info: { path: string; width: number | null; format: Format; ms: number }) => void;
};

type Variant = { path: string; width: number | null; format: Format; quality: number | null };

/** The source exists but is not an image sharp can read (a renamed text file, a broken upload). */
class UnreadableImage extends Error {}

class BadRequest extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A same-site image path, decoded, with no way out of its folder; throws BadRequest otherwise. */
function parseSourcePath(raw: string | null): string {
  if (!raw) throw new BadRequest('bad_image_url', 'url is required');
  if (!raw.startsWith('/') || raw.startsWith('//')) {
    throw new BadRequest('bad_image_url', 'url must be a path on this site, like /images/example.webp');
  }
  // decodeStaticPath refuses bad escapes, NUL, backslashes and `.`/`..` segments (also %2e%2e, %2f..).
  const rawSegments = raw.split(/[?#]/, 1)[0]!.split('/');
  const decoded = rawSegments.includes('..') || rawSegments.includes('.') ? null : decodeStaticPath(raw);
  // Anything still escaped after one decode was escaped twice: no real file name needs that.
  if (decoded === null || decoded.includes('%') || /[?#]/.test(decoded)) {
    throw new BadRequest('bad_image_url', 'url is not a valid image path');
  }
  if (!decoded.startsWith('/images/') && !decoded.startsWith('/uploads/')) {
    throw new BadRequest('bad_image_url', 'url must start with /images/ or /uploads/');
  }
  return decoded;
}

function parseVariant(params: URLSearchParams): Variant {
  const path = parseSourcePath(params.get('url'));
  const w = params.get('w');
  const width = w === null || w === '' ? null : Number(w);
  if (width !== null && !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    throw new BadRequest('bad_image_width', `w must be one of ${IMAGE_WIDTHS.join(', ')}`);
  }
  const fm = params.get('fm') || 'webp';
  if (!Object.hasOwn(FORMATS, fm)) throw new BadRequest('bad_image_format', 'fm must be webp or avif');
  const q = params.get('q');
  const quality = q === null || q === '' ? null : Number(q);
  if (quality !== null && !(Number.isInteger(quality) && quality >= 1 && quality <= 100)) {
    throw new BadRequest('bad_image_quality', 'q must be a whole number from 1 to 100');
  }
  return { path, width, format: fm as Format, quality };
}

export function createImageHandler(options: ImageHandlerOptions): (req: Request) => Promise<Response> {
  const roots = { images: resolve(options.distDir), uploads: resolve(options.uploadsDir) };
  const cacheDir = resolve(options.cacheDir);
  /** Encodes under way, by cache file: the second request for a variant waits for the first. */
  const inFlight = new Map<string, Promise<void>>();
  /** Each source file's content hash, read again only when its size or mtime changes. */
  const digests = new Map<string, { size: number; mtimeMs: number; digest: Promise<string> }>();

  function contentDigest(source: StaticFile): Promise<string> {
    const known = digests.get(source.path);
    if (known && known.size === source.size && known.mtimeMs === source.mtimeMs) return known.digest;
    const digest = readFile(source.path).then((bytes) => createHash('sha256').update(bytes).digest('hex'));
    digests.set(source.path, { size: source.size, mtimeMs: source.mtimeMs, digest });
    digest.catch(() => digests.delete(source.path));
    return digest;
  }

  function findSource(path: string): Promise<StaticFile | null> {
    if (path.startsWith('/uploads/')) return statInside(roots.uploads, path.slice('/uploads/'.length));
    return statInside(roots.images, path.slice(1));
  }

  async function encode(source: StaticFile, variant: Variant, target: string): Promise<void> {
    const started = performance.now();
    await sharp(source.path)
      .metadata()
      .catch((error: unknown) => {
        throw new UnreadableImage(`${variant.path}: ${String(error)}`);
      });
    await mkdir(cacheDir, { recursive: true });
    let pipeline = sharp(source.path).autoOrient();
    if (variant.width !== null) pipeline = pipeline.resize({ width: variant.width, withoutEnlargement: true });
    const quality = variant.quality ?? DEFAULT_QUALITY[variant.format];
    pipeline = variant.format === 'avif' ? pipeline.avif({ quality }) : pipeline.webp({ quality });
    // Written aside and renamed: a reader never sees half a file, even across processes.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline.toFile(temporary);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
    options.onEncode?.({
      path: variant.path,
      width: variant.width,
      format: variant.format,
      ms: performance.now() - started,
    });
  }

  async function ensureCached(source: StaticFile, variant: Variant, target: string): Promise<void> {
    if (
      await stat(target).then(
        (info) => info.isFile(),
        () => false,
      )
    )
      return;
    let running = inFlight.get(target);
    if (!running) {
      running = encode(source, variant, target).finally(() => inFlight.delete(target));
      inFlight.set(target, running);
    }
    await running;
  }

  return async (req: Request): Promise<Response> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return errorResponse(405, 'method_not_allowed', `${req.method} is not allowed here; use GET, HEAD`, {
        Allow: 'GET, HEAD',
      });
    }
    let variant: Variant;
    try {
      variant = parseVariant(new URL(req.url).searchParams);
    } catch (error) {
      if (error instanceof BadRequest) return errorResponse(400, error.code, error.message);
      throw error;
    }
    if (!SOURCE_EXTENSIONS.has(extname(variant.path).toLowerCase())) {
      return errorResponse(415, 'unsupported_image_type', 'Only raster images (webp, png, jpeg, avif, gif, tiff)');
    }
    const source = await findSource(variant.path);
    if (!source) return errorResponse(404, 'image_not_found', `No image at ${variant.path}`);

    const content = await contentDigest(source);
    const key = createHash('sha256')
      .update([content, variant.width ?? 'original', variant.format, variant.quality ?? ''].join('\0'))
      .digest('hex');
    // The key names the source's bytes and one set of parameters, so the tag is known before encoding.
    const etag = `"${key.slice(0, 32)}"`;
    const headers = { 'Cache-Control': IMMUTABLE, ETag: etag };
    const ifNoneMatch = req.headers.get('if-none-match');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return new Response(null, { status: 304, headers });
    }

    const target = join(cacheDir, `${key}.${variant.format}`);
    try {
      await ensureCached(source, variant, target);
    } catch (error) {
      if (error instanceof UnreadableImage) {
        return errorResponse(415, 'unsupported_image_type', `${variant.path} is not a readable image`);
      }
      throw error;
    }
    const body = await readFile(target);
    return new Response(req.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...headers, 'Content-Type': FORMATS[variant.format], 'Content-Length': String(body.length) },
    });
  };
}
