import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImagePicker } from '../../src/admin/ui/ImagePicker.tsx';

/**
 * The admin's image preview (issue 44, item 7): an uploaded image is stored as `/uploads/<id>.webp`,
 * which only the image CDN answers (the storefront reads it through `/.netlify/images`), so the
 * preview asks the CDN for it too; a picked file previews as its data URL.
 */
const srcOf = (html: string) => /<img[^>]*src="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
const picker = (props: Partial<Parameters<typeof ImagePicker>[0]>) =>
  renderToStaticMarkup(
    createElement(ImagePicker, { label: 'Main Image', currentUrl: null, picked: null, onPick: () => {}, ...props }),
  );

describe('ImagePicker preview', () => {
  it('shows a stored upload through the image CDN, as the storefront does', () => {
    const src = srcOf(picker({ currentUrl: '/uploads/3f2a1c4e-8b7d-4e1a-9c2b-5d6e7f8a9b0c.webp' }));
    expect(src).toBe('/.netlify/images?url=%2Fuploads%2F3f2a1c4e-8b7d-4e1a-9c2b-5d6e7f8a9b0c.webp&w=400&fm=webp');
  });

  it('shows a freshly picked file as it was read, and an outside URL or vector as it is', () => {
    expect(srcOf(picker({ picked: { base64: 'data:image/png;base64,AAAA', contentType: 'image/png' } }))).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(srcOf(picker({ currentUrl: '/images/logo.svg' }))).toBe('/images/logo.svg');
  });

  it('shows no image when there is none', () => {
    expect(picker({})).not.toContain('<img');
  });
});
