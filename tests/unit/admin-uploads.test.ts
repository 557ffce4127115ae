import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageUrlSchema, MAX_IMAGE_BYTES } from '../../src/lib/admin-schemas/images.ts';
import { detectImageType, prepareImage, prepareImages } from '../../src/server/admin/images.ts';
import { DomainError } from '../../src/server/errors.ts';
import { statusOf } from '../../src/server/http.ts';
import { BAD_IMAGE_URLS, hostileUploads } from '../support/hostile/upload-corpus.ts';

const tiny = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#BF5700' } });
const images: Record<string, Buffer> = {};

beforeAll(async () => {
  images['image/png'] = await tiny().png().toBuffer();
  images['image/jpeg'] = await tiny().jpeg().toBuffer();
  images['image/webp'] = await tiny().webp().toBuffer();
  images['image/avif'] = await tiny().avif().toBuffer();
});

/** The refusal an upload gets, with the status the API answers it with. */
async function refusal(fn: () => Promise<unknown>): Promise<DomainError & { status: number }> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof DomainError) return Object.assign(error, { status: statusOf(error) });
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('admin image uploads', () => {
  it('recognises JPEG, PNG, WebP and AVIF by their magic bytes', () => {
    for (const [type, bytes] of Object.entries(images)) expect(detectImageType(bytes)).toBe(type);
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('accepts each allowed type, bare or as a data URL, under a server-made name', async () => {
    for (const [type, bytes] of Object.entries(images)) {
      const prepared = await prepareImage('main', bytes.toString('base64'), type);
      expect(prepared.contentType).toBe(type);
      expect(prepared.name).toMatch(/^[0-9a-f-]{36}\.(png|jpg|webp|avif)$/);
      expect(prepared.bytes.equals(bytes)).toBe(true);
    }
    const png = images['image/png']!;
    const fromDataUrl = await prepareImage('secondary', `data:image/png;base64,${png.toString('base64')}`, 'image/png');
    expect(fromDataUrl.bytes.equals(png)).toBe(true);
  });

  it('refuses SVG by type (415) and HTML or SVG disguised as PNG by content (415)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await refusal(() => prepareImage('main', svg.toString('base64'), 'image/svg+xml'))).status).toBe(415);
    const disguised = await refusal(() => prepareImage('main', svg.toString('base64'), 'image/png'));
    expect(disguised.status).toBe(415);
    expect(disguised.fields).toHaveProperty('imageMainBase64');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    expect((await refusal(() => prepareImage('header', html.toString('base64'), 'image/png'))).status).toBe(415);
    // A real JPEG declared as PNG is refused too: the declared type must be the true one.
    expect(
      (await refusal(() => prepareImage('main', images['image/jpeg']!.toString('base64'), 'image/png'))).status,
    ).toBe(415);
  });

  it('refuses an image over the size limit with 413 before decoding it', async () => {
    const big = Buffer.concat([images['image/png']!, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const error = await refusal(() => prepareImage('main', big.toString('base64'), 'image/png'));
    expect(error.status).toBe(413);
  });

  it('refuses data that is not base64 (400)', async () => {
    expect((await refusal(() => prepareImage('main', 'not base64 at all!', 'image/png'))).status).toBe(400);
  });

  it('prepares only the slots that carry an upload', async () => {
    const input = {
      imageMainBase64: images['image/png']!.toString('base64'),
      imageMainContentType: 'image/png',
      image_secondary_url: '/uploads/x.png',
    };
    expect((await prepareImages(input, ['main', 'secondary'])).map((p) => p.slot)).toEqual(['main']);
  });

  it('refuses files that only start like an image: a JPEG header then HTML, truncated files (415), too many pixels (413)', async () => {
    for (const upload of await hostileUploads()) {
      const error = await refusal(() => prepareImage('main', upload.bytes.toString('base64'), upload.contentType));
      expect(error.status, upload.name).toBe(upload.status);
      expect(error.fields, upload.name).toHaveProperty('imageMainBase64');
    }
  });

  it('accepts image URLs under /images/ or /uploads/ or on https, and nothing else', () => {
    for (const ok of [
      '/images/products/tee.webp',
      '/uploads/0b9d.png',
      'https://x.supabase.co/storage/v1/object/public/uploads/a.png',
    ]) {
      expect(imageUrlSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of BAD_IMAGE_URLS) expect(imageUrlSchema.safeParse(bad).success, bad).toBe(false);
  });
});
