import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile image uploads and image URLs (docs/decisions/0013-trust-audit.md item 14): files that
 * start like an image but are not one a browser can only render as an image, and URLs that leave the allowed places.
 */

const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

/** A PNG whose header claims `width` x `height` pixels: IHDR rewritten, its CRC recomputed. */
function withClaimedSize(png: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(png);
  // Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), ...
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

export interface HostileUpload {
  name: string;
  contentType: string;
  bytes: Buffer;
  /** The status the save must answer. */
  status: 413 | 415;
}

export async function hostileUploads(): Promise<HostileUpload[]> {
  const jpeg = await noise(64, 64).jpeg().toBuffer();
  const png = await noise(64, 64).png().toBuffer();
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
  return [
    // The first bytes of a real JPEG (SOI + APP0/JFIF), then a page: magic bytes alone say JPEG.
    {
      name: 'polyglot JPEG header + HTML',
      contentType: 'image/jpeg',
      bytes: Buffer.concat([jpeg.subarray(0, 20), html]),
      status: 415,
    },
    {
      name: 'truncated JPEG',
      contentType: 'image/jpeg',
      bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      status: 415,
    },
    {
      name: 'truncated PNG',
      contentType: 'image/png',
      bytes: png.subarray(0, Math.floor(png.length * 0.6)),
      status: 415,
    },
    {
      name: 'PNG claiming 20000 x 20000 pixels',
      contentType: 'image/png',
      bytes: withClaimedSize(png, 20_000, 20_000),
      status: 413,
    },
    {
      name: 'PNG signature + HTML',
      contentType: 'image/png',
      bytes: Buffer.concat([png.subarray(0, 8), html]),
      status: 415,
    },
  ];
}

/** Image URL values the product, collection and service saves must refuse (400). */
export const BAD_IMAGE_URLS = [
  '/images/../../etc/passwd',
  '/uploads/..%2f..%2fsecret.png',
  '/uploads/%2e%2e/secret.png',
  '/images/a.png" onerror="alert(1)',
  "/images/a.png' onerror='alert(1)",
  '/images/a.png><script>alert(1)</script>',
  '/images/a\\..\\b.png',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'http://cdn.example/a.png',
  '//evil.example/a.png',
  'https://evil.example/../a.png',
  'https://evil.example/a.png"onerror="alert(1)',
  '/elsewhere/a.png',
  '/images/a.png\u0000',
  '/images/a b.png',
] as const;
