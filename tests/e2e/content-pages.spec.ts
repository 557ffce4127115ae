import { axeBuilder } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import type { ServiceDetail } from '../../src/lib/catalog/services.ts';
import { shopDateWords, shopDay } from '../../src/lib/site/shop-time.ts';

async function expectNoAxeViolations(page: Page) {
  const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Nothing may stick out sideways: the page works from 320 px wide. */
async function expectNoHorizontalScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the testimonials page shows the brand spotlights, quotes by service and a call to action', async ({
  page,
  request,
}) => {
  const services = (await (await request.get('/api/services')).json()) as ServiceDetail[];
  await page.goto('/testimonials');
  await expect(page).toHaveTitle('Testimonials | West Texas Prints');
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();

  const spotlights = page.getByRole('region', { name: 'Brand Spotlights' }).getByRole('figure');
  await expect(spotlights).toHaveCount(2);
  await expect(spotlights.nth(0)).toContainText('Lauren Kimbrough, Tournament Director, City Champ Golf');
  await expect(spotlights.nth(1)).toContainText('Marcus Bell, Owner, Dust Devil Coffee Co.');

  const byService = page.getByRole('region', { name: 'Testimonials by Service' });
  const withQuotes = services.filter((s) => s.testimonials.length > 0);
  await expect(byService.getByRole('heading', { level: 3 })).toHaveText(withQuotes.map((s) => s.name));
  for (const service of withQuotes) {
    const card = byService.getByRole('article', { name: service.name });
    await expect(card.getByRole('link', { name: service.name })).toHaveAttribute('href', `/services/${service.slug}`);
    await expect(card.getByRole('blockquote')).toHaveText(service.testimonials.map((t) => t.quote));
  }

  const partner = page.getByRole('region', { name: 'Partner With Us' });
  await expect(partner.getByRole('link')).toHaveAttribute('href', '/contact');
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});

test('the about page tells the story as a timeline of six milestones', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('Our Story | West Texas Prints');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  const milestones = page.getByRole('list', { name: 'Milestones' }).getByRole('listitem');
  await expect(milestones).toHaveCount(6);
  await expect(milestones.first().getByRole('heading')).toHaveText('Born in Midland, Texas');
  await expect(page.locator('[data-analytics-pageview="about"]')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});

test('the about timeline gets denser as the screen narrows', async ({ page }) => {
  await page.goto('/about');
  const gap = () =>
    page.getByRole('list', { name: 'Milestones' }).evaluate((el) => Number.parseFloat(getComputedStyle(el).rowGap));
  await page.setViewportSize({ width: 1280, height: 800 });
  const loose = await gap();
  await page.setViewportSize({ width: 800, height: 800 });
  const comfortable = await gap();
  await page.setViewportSize({ width: 400, height: 800 });
  const dense = await gap();
  expect(loose).toBeGreaterThan(comfortable);
  expect(comfortable).toBeGreaterThan(dense);
});

test('the privacy policy has its ten sections, the contact e-mail and the build date', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page).toHaveTitle('Privacy Policy | West Texas Prints');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    '1. Scope',
    '2. Information We Collect',
    '3. Legal Bases for Processing',
    '4. Cookies and Local Storage',
    '5. Sharing and Protection of Information',
    '6. Your Rights',
    '7. Data Retention',
    '8. Children Under 13',
    '9. Changes to This Policy',
    '10. Contact Us',
  ]);
  await expect(page.getByRole('region', { name: '8. Children Under 13' })).toContainText(
    'not directed to children under 13',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@westtexasprints.example' })).toHaveAttribute(
    'href',
    'mailto:hello@westtexasprints.example',
  );
  // The build's day on the shop's clock, written as every date the shop shows.
  await expect(page.getByText(`Last modified: ${shopDateWords(shopDay())}`)).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Privacy Policy | West Texas Prints',
  );
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});

test('the order online page lists the products that have a buy button, with prices', async ({ page }) => {
  await page.goto('/buy');
  await expect(page).toHaveTitle(/ORDER ONLINE/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Online' })).toBeVisible();
  // The demo seed gives these three active products a buy button (a fixed-price Stripe button,
  // so not the vinyl banner, which is priced by its width × height).
  const seeded = [
    { name: 'City Champ Tourney Tee', price: '$24.00' },
    { name: 'West Texas Energy Tee', price: '$26.00' },
    { name: 'Insulated Steel Tumbler 20 oz', price: '$30.00' },
  ];
  const cards = page.getByRole('list', { name: 'Products to order online' }).getByRole('listitem');
  await expect(cards).toHaveCount(seeded.length);
  for (const product of seeded) {
    const card = cards.filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await expect(card.getByText(product.price, { exact: true })).toBeVisible();
    // The e2e server runs without a publishable key, so each card links to its product page.
    await expect(card.getByRole('link', { name: `View product: ${product.name}` })).toHaveAttribute(
      'href',
      /^\/collections\/[a-z0-9-]+\/products\/[a-z0-9-]+$/,
    );
  }
  await expect(page.locator('script[src*="js.stripe.com"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});
