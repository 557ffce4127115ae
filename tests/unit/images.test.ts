import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, isTransformable } from '../../src/lib/catalog/images.ts';

describe('imageUrl', () => {
  it('points a site image at the image CDN with width and WebP by default', () => {
    expect(imageUrl('/images/products/tee.webp', 800)).toBe(
      '/.netlify/images?url=%2Fimages%2Fproducts%2Ftee.webp&w=800&fm=webp',
    );
  });

  it('asks for AVIF when told', () => {
    expect(imageUrl('/uploads/abc/logo.png', 400, 'avif')).toBe(
      '/.netlify/images?url=%2Fuploads%2Fabc%2Flogo.png&w=400&fm=avif',
    );
  });

  it('encodes an absolute storage URL, query and all, into one parameter', () => {
    const src = 'https://x.supabase.co/storage/v1/object/public/images/a b.jpg?v=2';
    const url = new URL(imageUrl(src, 1200), 'http://localhost');
    expect(url.pathname).toBe('/.netlify/images');
    expect(url.searchParams.get('url')).toBe(src);
    expect(url.searchParams.get('w')).toBe('1200');
    expect(url.searchParams.get('fm')).toBe('webp');
  });

  it('returns vectors and paths outside /images and /uploads as they are', () => {
    expect(imageUrl('/images/logo.svg', 800)).toBe('/images/logo.svg');
    expect(imageUrl('/images/logo.SVG?v=1', 800)).toBe('/images/logo.SVG?v=1');
    expect(imageUrl('/favicon.png', 800)).toBe('/favicon.png');
    expect(imageUrl('data:image/png;base64,AAAA', 800)).toBe('data:image/png;base64,AAAA');
  });
});

describe('imageSrcSet', () => {
  it('lists the three spec widths (400, 800, 1200) as w descriptors', () => {
    expect(IMAGE_WIDTHS).toEqual([400, 800, 1200]);
    expect(imageSrcSet('/images/hero/hero-1.webp')).toBe(
      [400, 800, 1200]
        .map((w) => `/.netlify/images?url=%2Fimages%2Fhero%2Fhero-1.webp&w=${w}&fm=webp ${w}w`)
        .join(', '),
    );
  });

  it('takes other widths and formats', () => {
    expect(imageSrcSet('/images/a.webp', [400], 'avif')).toBe(
      '/.netlify/images?url=%2Fimages%2Fa.webp&w=400&fm=avif 400w',
    );
  });

  it('has no candidates for a vector: the srcset is empty', () => {
    expect(imageSrcSet('/images/logo.svg')).toBe('');
    expect(isTransformable('/images/logo.svg')).toBe(false);
  });

  it('never puts a raw comma or space in a candidate URL', () => {
    const candidates = imageSrcSet('/uploads/a, b.png').split(', ');
    expect(candidates).toHaveLength(3);
    for (const candidate of candidates) expect(candidate.split(' ')).toHaveLength(2);
  });
});
