import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Recommendations } from '../../src/islands/cart/Recommendations.tsx';
import type { ProductSummary } from '../../src/lib/catalog/products.ts';

/**
 * The cart's "You might also like" (issue 44, item 13): a list-priced tee says the catalogue's
 * "from $12.10 each at 48 pieces", not its blank's $5.87.
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
      createElement(Recommendations, { title: 'You might also like', products: [tee, mug], items: [], limit: 3 }),
    );
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('from $12.10 each at 48 pieces');
    expect(html).not.toContain('$5.87');
    // A product priced by its own price keeps it.
    expect(html).toContain('$9.00');
  });
});
