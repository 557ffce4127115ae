import { expect, test } from '../support/e2e-test.ts';

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

test('the featured collections are in the HTML itself, not fetched by the browser', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('City Champ Golf');
  expect(html).toContain('Featured Collections');
});

test('the home page has every block of the spec with its links', { tag: '@layout' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/services');
  await expect(page.getByRole('link', { name: 'View Collections' })).toHaveAttribute('href', '/collections');
  const services = page.getByRole('region', { name: 'Our Services' });
  for (const [title, href] of [
    ['Printing', '/services/apparel-printing'],
    ['Signage', '/services/signs-banners'],
    ['Graphic Design', '/services'],
    ['Consulting', '/services/consulting'],
  ] as const) {
    await expect(services.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute('href', href);
  }
  await expect(services.getByRole('link', { name: 'Start a Project' })).toHaveAttribute('href', '/contact');
  const why = page.getByRole('region', { name: 'Why West Texas Prints' });
  for (const point of ['Free Shipping over $100', 'Eco-friendly inks', 'Local West Texas production']) {
    await expect(why.getByText(point)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Creativity, Quality, Integrity' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Stand Out?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await expect(
    page.getByRole('heading', { name: 'Join Our Mailing List - Get 10% off your first order' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('the testimonial carousel rotates every 5 s and can be paused and moved by keyboard', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'What Our Customers Say' });
  const current = carousel.locator('.slide.is-current');
  await expect(current).toHaveAttribute('aria-label', '1 of 3');
  await page.clock.runFor(5_000);
  await expect(current).toHaveAttribute('aria-label', '2 of 3');

  await carousel.getByRole('button', { name: 'Pause automatic rotation' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('link', { name: 'Contact Us' }).focus();
  await page.clock.runFor(15_000);
  await expect(current).toHaveAttribute('aria-label', '2 of 3');

  await carousel.getByRole('button', { name: 'Next testimonial' }).focus();
  await page.keyboard.press('Enter');
  await expect(current).toHaveAttribute('aria-label', '3 of 3');
  await page.keyboard.press('Enter');
  await expect(current).toHaveAttribute('aria-label', '1 of 3');
});

test('with reduced motion the carousel does not rotate by itself', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const current = page.locator('[data-carousel] .slide.is-current');
  await expect(current).toHaveAttribute('aria-label', '1 of 3');
  await page.clock.runFor(20_000);
  await expect(current).toHaveAttribute('aria-label', '1 of 3');
  await expect(page.getByRole('button', { name: 'Start automatic rotation' })).toBeVisible();
});

test('an unknown page answers the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
});
