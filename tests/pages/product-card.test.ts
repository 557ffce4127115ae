import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ProductCard from '../../src/components/ProductCard.astro';

/**
 * A catalogue card's price (docs/decisions/0027-price-lists.md): a list-priced product's "from"
 * price, the rest as before.
 */
const container = await AstroContainer.create();
const card = {
  name: 'Contract Tee',
  slug: 'contract-tee',
  price_cents: 1250,
  image_main_url: null,
  collection: 'city-champ-golf',
};
const priceOf = (html: string) =>
  /<p class="price"[^>]*>(.*?)<\/p>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

describe('ProductCard price', () => {
  it('says "from $X each at N pieces" for a list-priced product', async () => {
    const html = await container.renderToString(ProductCard, {
      props: { product: { ...card, from_price: { cents: 558, pieces: 1000 } } },
    });
    expect(priceOf(html)).toBe('from $5.58 each at 1,000 pieces');
  });

  it('keeps the product’s own price otherwise', async () => {
    const html = await container.renderToString(ProductCard, { props: { product: card } });
    expect(priceOf(html)).toBe('$12.50');
  });
});
