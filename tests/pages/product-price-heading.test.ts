import { getContainerRenderer } from '@astrojs/react';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ProductPage from '../../src/pages/collections/[slug]/products/[product].astro';
import { getProductBySlug } from '../../src/server/catalog/products.ts';
import { installDatabase } from '../../src/server/db/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

/**
 * Issue 44, leftovers: a list-priced garment's price heading is the cheapest size's price, and says
 * that the larger sizes cost more (the seed's size upcharges: 2XL +$2.00, 3XL +$3.00), instead of
 * one "from $X" that a 2XL buyer would not pay.
 */
const directives = new Map([['interaction', '/* the site directive */']]);
const container = await AstroContainer.create({
  manifest: { clientDirectives: directives } as never,
  renderers: await loadRenderers([getContainerRenderer()]),
});
const headingOf = (html: string) =>
  /<p[^>]*data-from-price[^>]*>(.*?)<\/p>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe.each(DATABASE_KINDS)('a list-priced product page’s price heading on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    installDatabase(database);
  });
  afterAll(() => database.dispose());

  const render = async (slug: string) => {
    const product = (await getProductBySlug(database.db, slug))!;
    return container.renderToString(ProductPage, {
      props: { product },
      params: { slug: product.collection.slug, product: slug },
    });
  };

  it('names the sizes that cost more, and by how much, after the cheapest size’s from-price', async () => {
    // The work shirt (S–3XL) is embroidered by the chart: $20.17 each at 300 pieces for S to XL.
    expect(headingOf(await render('ranch-hand-work-shirt'))).toBe(
      'from $20.17 each at 300 pieces for S–XL; 2XL +$2.00, 3XL +$3.00 each',
    );
    // The long sleeve (S–2XL): only its 2XL costs more.
    expect(headingOf(await render('pump-jack-long-sleeve'))).toBe(
      'from $13.00 each at 72 pieces for S–XL; 2XL +$2.00 each',
    );
  });

  it('says no more than the from-price when no size costs more', async () => {
    // The banner is priced by its area and has no sizes.
    expect(headingOf(await render('heavy-duty-vinyl-banner'))).toBe('from $52.00 each at 25 pieces');
  });
});
