// Content types for what an Astro build emits. Text types carry a charset so browsers never guess.
import { extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentTypeFor(filePath: string): string {
  return TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

const COMPRESSIBLE_APPLICATION = new Set([
  'application/javascript',
  'application/json',
  'application/xml',
  'application/manifest+json',
  'application/wasm',
  'image/svg+xml',
  'image/x-icon',
  'font/ttf',
  'font/otf',
]);

/** Whether a CDN would spend CPU compressing this type (already-compressed media is skipped). */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (essence === 'text/event-stream') return false; // buffering would break live events
  if (essence.startsWith('text/')) return true;
  if (essence.endsWith('+json') || essence.endsWith('+xml')) return true;
  return COMPRESSIBLE_APPLICATION.has(essence);
}
