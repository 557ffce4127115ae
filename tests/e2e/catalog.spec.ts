import { axeBuilder } from '../support/axe.ts';
import { gzipSync } from 'node:zlib';
import { expect, type Locator, test } from '../support/e2e-test.ts';
import type { CollectionDetail, CollectionSummary } from '../../src/lib/catalog/catalog.ts';
import { fromPriceText } from '../../src/lib/pricing/from-price.ts';
import type { CatalogSection, ProductDetail } from '../../src/lib/catalog/products.ts';

const productPath = (collection: string, product: string) => `/collections/${collection}/products/${product}`;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** [accessible name, href] of every link in a list of cards. */
const cardLinks = (scope: Locator) =>
  scope
    .locator('.card a')
    .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')] as const));

test('the catalog lists every collection with its products, as GET /api/catalog does', async ({ page, request }) => {
  const sections = (await (await request.get('/api/catalog')).json()) as CatalogSection[];
  expect(sections.length).toBeGreaterThanOrEqual(5);

  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Catalog' })).toBeVisible();
  await expect(page.getByText('Explore everything we offer.')).toBeVisible();
  const names = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(names.map((n) => n.trim())).toEqual(sections.map((s) => s.collection.name));

  for (const { collection, products } of sections) {
    const region = page.getByRole('region', { name: collection.name });
    expect(await cardLinks(region)).toEqual(
      products.map((p) => [p.name, productPath(collection.slug, p.slug)] as const),
    );
    // A card shows its product's price, or for one priced by the owner's lists (the seed's area
    // products), "from $X each at N pieces".
    const first = products[0];
    if (first) {
      await expect(region.locator('.card').first()).toContainText(
        first.from_price ? fromPriceText(first.from_price) : usd(first.price_cents),
      );
    }
  }
});

test('a product card on the catalog leads to its product page', async ({ page }) => {
  await page.goto('/catalog');
  const region = page.getByRole('region', { name: 'Sticker Shop' });
  await region.getByRole('link', { name: 'Holographic Lone Star Sticker' }).click();
  await expect(page).toHaveURL(/\/collections\/sticker-shop\/products\/holographic-lone-star-sticker\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Holographic Lone Star Sticker' })).toBeVisible();
});

test('the collections page shows a card for every active collection', async ({ page, request }) => {
  const collections = (await (await request.get('/api/collections')).json()) as CollectionSummary[];
  await page.goto('/collections');
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  await expect(page.getByText('Browse our curated product groups.')).toBeVisible();
  expect(await cardLinks(page.getByRole('main'))).toEqual(
    collections.map((c) => [c.name, `/collections/${c.slug}`] as const),
  );
  const golf = collections.find((c) => c.slug === 'city-champ-golf')!;
  await expect(page.locator('.card', { hasText: golf.name })).toContainText(golf.description!);
});

test('a collection page has its breadcrumb, description and product cards', async ({ page, request }) => {
  const collection = (await (await request.get('/api/collections/city-champ-golf')).json()) as CollectionDetail;
  await page.goto('/collections/city-champ-golf');
  await expect(page.getByRole('heading', { level: 1, name: 'City Champ Golf' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Collections' })).toHaveAttribute('href', '/collections');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('City Champ Golf');
  await expect(page.getByText(collection.description!)).toBeVisible();
  const products = page.getByRole('region', { name: 'Products' });
  expect(await cardLinks(products)).toEqual(
    collection.products.map((p) => [p.name, productPath('city-champ-golf', p.slug)] as const),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/images\/collections\/city-champ-golf\.webp$/,
  );
});

test('a product page shows name, price, description, availability and the options fallback', async ({
  page,
  request,
}) => {
  const product = (await (await request.get('/api/products/slug/city-champ-performance-polo')).json()) as ProductDetail;
  const stock = product.variants.reduce((n, v) => n + (v.stock_qty ?? 0), 0);
  await page.goto(productPath('city-champ-golf', 'city-champ-performance-polo'));

  await expect(page.getByRole('heading', { level: 1, name: 'City Champ Performance Polo' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Collections' })).toHaveAttribute('href', '/collections');
  await expect(breadcrumb.getByRole('link', { name: 'City Champ Golf' })).toHaveAttribute(
    'href',
    '/collections/city-champ-golf',
  );
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('City Champ Performance Polo');

  await expect(page.getByRole('img', { name: 'City Champ Performance Polo' })).toHaveAttribute('loading', 'eager');
  const [intro, ...highlights] = product.description.split('\n');
  await expect(page.getByText(intro!)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Highlights' }).getByRole('listitem')).toHaveText(highlights);

  const options = page.locator('#product-options');
  await expect(options).toHaveAttribute('data-product-slug', 'city-champ-performance-polo');
  await expect(options).toContainText('$42.00');
  await expect(options).toContainText(stock > 3 ? 'In stock' : `Only ${stock} left`);
  for (const name of [...product.colors, ...product.sizes].map((o) => o.name)) {
    await expect(options.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(options.getByRole('link', { name: 'Return to Products' })).toHaveAttribute('href', '/catalog');
});

test('availability says when only a few are left and when a product is sold out', async ({ page }) => {
  await page.goto(productPath('sticker-shop', 'holographic-lone-star-sticker'));
  await expect(page.locator('#product-options')).toContainText('Only 3 left');

  await page.goto(productPath('city-champ-golf', 'city-champ-quarter-zip'));
  await expect(page.locator('#product-options')).toContainText('Out of stock');

  await page.goto(productPath('sticker-shop', 'dancing-armadillo-sticker'));
  await expect(page.locator('#product-options')).toContainText('Out of stock');
});

test('product pages carry parseable Product and BreadcrumbList JSON-LD with the right price', async ({ request }) => {
  for (const [collection, slug, price, availability] of [
    ['city-champ-golf', 'city-champ-performance-polo', '42.00', 'InStock'],
    ['city-champ-golf', 'city-champ-quarter-zip', '54.00', 'OutOfStock'],
  ] as const) {
    const html = await (await request.get(productPath(collection, slug))).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as { '@type': string },
    );
    const product = blocks.find((b) => b['@type'] === 'Product') as unknown as {
      name: string;
      sku: string;
      image: string;
      offers: { price: string; priceCurrency: string; availability: string; url: string };
    };
    expect(product.offers).toMatchObject({ price, priceCurrency: 'USD' });
    expect(product.offers.availability).toBe(`https://schema.org/${availability}`);
    expect(product.offers.url).toMatch(new RegExp(`${productPath(collection, slug)}$`));
    expect(product.image).toMatch(new RegExp(`/images/products/${slug}\\.webp$`));
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(['Collections', 'City Champ Golf', product.name]);
    expect(html).toMatch(/<meta property="og:type" content="product"/);
  }
});

test('catalog and collection pages ship no React and stay within 15 KB of gzipped JavaScript', async ({ request }) => {
  for (const path of ['/catalog', '/collections', '/collections/sticker-shop']) {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('<astro-island');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>(.*?)<\/script>/gs)].map(
      (m) => m[1]!,
    );
    const external = await Promise.all(
      [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map(async (m) => (await request.get(m[1]!)).text()),
    );
    const bytes = [...inline, ...external].reduce((n, js) => n + gzipSync(js).length, 0);
    expect(bytes, `${path} ships ${bytes} bytes of gzipped JS`).toBeLessThanOrEqual(15 * 1024);
    expect(external.join('\n')).not.toMatch(/react-dom|__reactFiber|createRoot/);
  }
});

const PAGES = [
  '/catalog',
  '/collections',
  '/collections/friday-night-lights',
  productPath('city-champ-golf', 'city-champ-performance-polo'),
  productPath('sticker-shop', 'dancing-armadillo-sticker'),
];

for (const path of PAGES) {
  test(`${path} passes axe (WCAG 2.2 AA) and fits 320 px without horizontal scrolling`, { tag: '@layout' }, async ({
    page,
  }) => {
    await page.goto(path);
    const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    await page.setViewportSize({ width: 320, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
