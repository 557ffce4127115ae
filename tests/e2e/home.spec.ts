import { expect, test } from '@playwright/test';

test('the home page shows the featured collections pre-rendered from the database', async ({ page, request }) => {
  const api = await request.get('/api/collections');
  expect(api.ok()).toBe(true);
  const featured = ((await api.json()) as { name: string; slug: string; is_featured: boolean }[]).filter(
    (c) => c.is_featured,
  );
  expect(featured.length).toBeGreaterThanOrEqual(3);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Brand Starts Here' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Featured Collections' });
  for (const collection of featured) {
    await expect(section.getByRole('heading', { name: collection.name })).toBeVisible();
    await expect(section.getByRole('link', { name: `Shop Now: ${collection.name}` })).toHaveAttribute(
      'href',
      `/collections/${collection.slug}`,
    );
  }
});

test('the home page is served pre-rendered: the featured names are in the HTML itself', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('City Champ Golf');
  expect(html).not.toContain('<script');
});

test('an unknown page answers the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
});
