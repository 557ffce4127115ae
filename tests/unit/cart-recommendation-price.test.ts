import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Recommendations } from '../../src/islands/cart/Recommendations.tsx';
import { recommendProducts } from '../../src/lib/cart/recommendations.ts';
import type { ProductSummary } from '../../src/lib/catalog/products.ts';

/**
 * The cart's "You might also like" (issue 44, item 13): a list-priced tee says the catalogue's
 * "from $12.10 each at 48 pieces", not its blank's $5.87, and is ordered by that price.
 */
const product = (over: Partial<ProductSummary>): ProductSummary => ({
  id: 'p',
  name: 'Product',
  slug: 'product',
  price_cents: 1000,
  image_main_url: null,
  collection: 'west-texas-originals',
  product_type: null,
  total_stock: null,
  ...over,
});
const tee = product({
  id: 'tee',
  name: 'Contract Tee',
  slug: 'tee',
  price_cents: 587,
  from_price: { cents: 1210, pieces: 48 },
});
const mug = product({ id: 'mug', name: 'Mug', slug: 'mug', price_cents: 900 });

describe('cart recommendations', () => {
  it('price a list-priced product as the catalogue does', () => {
    const html = renderToStaticMarkup(
      createElement(Recommendations, { title: 'You might also like', products: [tee], items: [], limit: 3 }),
    );
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('from $12.10 each at 48 pieces');
    expect(html).not.toContain('$5.87');
  });

  it('order the cheaper picks first by what a piece really costs', () => {
    expect(recommendProducts([tee, mug], [], 2).map((p) => p.id)).toEqual(['mug', 'tee']);
  });
});
