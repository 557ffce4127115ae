import { describe, expect, it } from 'vitest';
import { cartLines, type IslandClasses } from '../../src/deferred-loading/cart-first-paint/lines.ts';
import type { Markup, MarkupElement } from '../../src/deferred-loading/cart-first-paint/markup.ts';
import { firstLinePicture } from '../../src/deferred-loading/cart-first-paint/first-picture.ts';
import { IMAGE_CDN_PATH, IMAGE_PATH_PREFIXES, imageUrl } from '../../src/lib/catalog/images.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';

/**
 * Over a stored cart the page's largest paint is the first line's picture, so
 * the first paint asks for it at once and first; the pictures below it wait for the viewport.
 */
const classes: IslandClasses = { cart: {}, ui: {}, design: {}, stock: {}, options: {} };

const item = (name: string, image: string | null): CartItem => ({
  productId: `product-${name}`,
  name,
  price_cents: 1500,
  colorId: null,
  colorName: null,
  sizeId: null,
  sizeName: null,
  quantity: 1,
  image_main_url: image,
  collection: 'city-champ-golf',
});

function pictures(node: Markup): MarkupElement[] {
  if (!node || typeof node !== 'object' || 'nodeType' in node) return [];
  return [...(node.tag === 'img' ? [node] : []), ...node.children.flatMap(pictures)];
}

const ids = () => {
  let next = 0;
  return () => `line-${next++}`;
};

describe("the cart's first paint of its lines' pictures", () => {
  it('fetches the first line’s picture eagerly at high priority and leaves the others lazy', () => {
    const lines = cartLines(
      classes,
      [item('Cap', '/images/cap.jpg'), item('Tote', '/images/tote.jpg'), item('Tee', '/images/tee.jpg')],
      ids(),
    );
    const [first, ...rest] = pictures(lines).map((img) => img.attrs);
    expect(first).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    expect(rest).toHaveLength(2);
    for (const attrs of rest) {
      expect(attrs['loading']).toBe('lazy');
      expect(attrs['fetchpriority']).toBeUndefined();
    }
  });

  it('gives the priority to the first picture drawn when the first line has none', () => {
    const lines = cartLines(classes, [item('Sticker', null), item('Tote', '/images/tote.jpg')], ids());
    const [only] = pictures(lines).map((img) => img.attrs);
    expect(only).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
  });
});

describe("the first line's picture the cart page's head asks for before its first paint", () => {
  const sources = [
    '/images/cap.jpg',
    '/uploads/a b.png?v=2',
    'https://cdn.example/tee.webp',
    '/images/logo.svg',
    '/x.png',
  ];

  it.each(sources)('is the address the cart draws for %s', (source) => {
    const items = [item('No picture', null), item('Cap', source), item('Tote', '/images/tote.jpg')];
    expect(firstLinePicture(items, IMAGE_CDN_PATH, IMAGE_PATH_PREFIXES)).toBe(imageUrl(source, 400));
    const drawn = pictures(cartLines(classes, items, ids()))[0]!;
    expect(drawn.attrs['src']).toBe(imageUrl(source, 400));
  });

  it('is nothing for a cart without pictures or one that is not a list', () => {
    expect(firstLinePicture([item('Sticker', null)], IMAGE_CDN_PATH, IMAGE_PATH_PREFIXES)).toBeNull();
    expect(firstLinePicture({ cart: 1 }, IMAGE_CDN_PATH, IMAGE_PATH_PREFIXES)).toBeNull();
    expect(firstLinePicture([null, 3], IMAGE_CDN_PATH, IMAGE_PATH_PREFIXES)).toBeNull();
  });

  it('runs from its own source, as the page inlines it', () => {
    const inlined = new Function(`return ${firstLinePicture.toString()}`)() as typeof firstLinePicture;
    expect(inlined([item('Cap', '/images/cap.jpg')], IMAGE_CDN_PATH, IMAGE_PATH_PREFIXES)).toBe(
      imageUrl('/images/cap.jpg', 400),
    );
  });
});
