import { expect, test } from '../support/e2e-test.ts';

test('sitemap.xml lists every public page, collection, product and service from the database', async ({ request }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of ['/', '/catalog', '/collections', '/services', '/contact', '/privacy-policy']) {
    expect(locs).toContain(path);
  }
  const catalog = (await (await request.get('/api/catalog')).json()) as {
    collection: { slug: string };
    products: { slug: string }[];
  }[];
  for (const section of catalog) {
    expect(locs).toContain(`/collections/${section.collection.slug}`);
    for (const p of section.products)
      expect(locs).toContain(`/collections/${section.collection.slug}/products/${p.slug}`);
  }
  const services = (await (await request.get('/api/services')).json()) as { slug: string }[];
  for (const s of services) expect(locs).toContain(`/services/${s.slug}`);
  expect(locs).not.toContain('/cart');
});

test('robots.txt points at the sitemap and keeps crawlers out of admin and the API', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  expect(text).toContain('Disallow: /admin');
  expect(text).toContain('Disallow: /api/');
});

test('the home page describes the business in JSON-LD and carries social-sharing tags', async ({ page }) => {
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = blocks
    .map((b) => JSON.parse(b) as Record<string, unknown>)
    .find((b) => b['@type'] === 'LocalBusiness');
  expect(business).toMatchObject({ name: 'West Texas Prints', slogan: 'Prints with West Texas energy.' });
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /West Texas Prints/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-default\.webp$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
});

test('every page has its own title, a meta description and a canonical URL', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of [
    '/',
    '/about',
    '/services',
    '/collections',
    '/catalog',
    '/contact',
    '/testimonials',
    '/privacy-policy',
    '/buy',
  ]) {
    await page.goto(path);
    const title = await page.title();
    expect(title.length).toBeGreaterThan(5);
    titles.add(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{10,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${path === '/' ? '/' : path}$`),
    );
  }
  expect(titles.size).toBe(9);
});
