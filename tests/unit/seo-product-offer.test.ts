import { describe, expect, it } from 'vitest';
import { productJsonLd } from '../../src/lib/site/seo.ts';

const site = new URL('https://prints.example/');
const banner = {
  name: 'Heavy-Duty Vinyl Banner',
  description: 'Outdoor vinyl banners.',
  path: '/collections/signs-and-banners/products/heavy-duty-vinyl-banner',
  image: null,
  sku: 'SB-BANNER',
  priceCents: 6500,
  stock: null,
  brand: 'West Texas Prints',
};

describe("a product's offer in its JSON-LD", () => {
  it('is one price for a product with its own price', () => {
    expect(productJsonLd(site, banner)['offers']).toMatchObject({
      '@type': 'Offer',
      price: '65.00',
      priceCurrency: 'USD',
    });
  });

  it("is the lowest price per piece for a product priced by the owner's lists, never its stored price", () => {
    const offers = productJsonLd(site, { ...banner, lowPriceCents: 5200 })['offers'] as Record<string, unknown>;
    expect(offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '52.00', priceCurrency: 'USD' });
    expect(offers).not.toHaveProperty('price');
  });
});
