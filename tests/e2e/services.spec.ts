import { axeBuilder } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import type { ServiceDetail } from '../../src/lib/catalog/services.ts';

async function servicesFromApi(request: import('@playwright/test').APIRequestContext): Promise<ServiceDetail[]> {
  const res = await request.get('/api/services');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ServiceDetail[];
}

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

function serviceCards(page: Page) {
  return page.getByRole('region', { name: 'Our Services' }).getByRole('listitem');
}

test('the services page shows every active service as a card with a Learn More link', async ({ page, request }) => {
  const services = await servicesFromApi(request);
  await page.goto('/services');
  await expect(page).toHaveTitle('Services | West Texas Prints');
  await expect(page.getByRole('heading', { level: 1, name: 'Quality Printing & Branding' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
  await expect(serviceCards(page)).toHaveCount(services.length);

  for (const service of services) {
    const card = serviceCards(page).filter({ has: page.getByRole('heading', { name: service.name, exact: true }) });
    if (service.tagline) await expect(card.getByText(service.tagline)).toBeVisible();
    const learnMore = card.getByRole('link', { name: 'Learn More' });
    await expect(learnMore).toHaveAttribute('href', `/services/${service.slug}`);
    await expect(learnMore).toHaveAttribute('title', `View details for ${service.name}`);
    await expect(learnMore).toHaveAccessibleDescription(`View details for ${service.name}`);
  }

  const first = services[0]!;
  await serviceCards(page)
    .filter({ has: page.getByRole('heading', { name: first.name, exact: true }) })
    .getByRole('link', { name: 'Learn More' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/services/${first.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
});

test('the category filter shows All first and narrows the grid to one category', { tag: '@layout' }, async ({
  page,
  request,
}) => {
  const services = await servicesFromApi(request);
  const categories = [...new Set(services.map((s) => s.category))];
  const printing = services.filter((s) => s.category === 'Printing');
  expect(printing.length).toBeGreaterThan(0);
  await page.goto('/services');
  const mobile = test.info().project.name === 'mobile';

  if (mobile) {
    const select = page.getByLabel('Category', { exact: true });
    await expect(select).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(select).toHaveValue('All');
    await expect(select.getByRole('option')).toHaveText(['All', ...categories]);
    await select.selectOption('Printing');
  } else {
    const tabs = page.getByRole('tablist', { name: 'Filter services by category' }).getByRole('tab');
    await expect(page.getByLabel('Category', { exact: true })).toBeHidden();
    await expect(tabs).toHaveText(['All', ...categories]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Printing' }).click();
    await expect(page.getByRole('tab', { name: 'Printing' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Printing' })).toBeVisible();
  }

  await expect(serviceCards(page)).toHaveCount(printing.length);
  await expect(serviceCards(page).getByRole('heading')).toHaveText(printing.map((s) => s.name));
  await expect(page.getByText(`Showing ${printing.length} Printing services`)).toBeAttached();
  await expect(page).toHaveURL(/\?category=Printing$/);

  // The filter is remembered in the address, so a reload or a shared link shows the same cards.
  await page.reload();
  await expect(serviceCards(page)).toHaveCount(printing.length);

  if (mobile) {
    await page.getByLabel('Category', { exact: true }).selectOption('All');
  } else {
    // Keyboard: arrows move through the tabs and select as they go (ARIA tabs pattern).
    await page.getByRole('tab', { name: 'Printing' }).focus();
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'All' })).toBeFocused();
  }
  await expect(serviceCards(page)).toHaveCount(services.length);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every service card shows and no dead filter controls are offered', async ({ page, request }) => {
    const services = await servicesFromApi(request);
    await page.goto('/services');
    await expect(serviceCards(page)).toHaveCount(services.length);
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByLabel('Category', { exact: true })).toBeHidden();
  });
});

test('a service page shows its details, testimonials and calls to action from the data', async ({ page, request }) => {
  const service = (await servicesFromApi(request)).find((s) => s.slug === 'apparel-printing')!;
  await page.goto(`/services/${service.slug}`);
  await expect(page).toHaveTitle(`${service.name} | West Texas Prints`);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
  await expect(breadcrumb.getByText(service.name)).toHaveAttribute('aria-current', 'page');

  const hero = page.getByRole('region', { name: service.name });
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(service.name);
  await expect(hero.getByText(service.tagline!)).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/contact');

  const whatWeDo = page.getByRole('region', { name: 'What We Do' });
  await expect(whatWeDo.getByText(service.description!.split('\n')[0]!)).toBeVisible();

  const details = page.getByRole('region', { name: 'Service Details' });
  const terms = details.getByRole('term');
  await expect(terms).toHaveText(['Ideal For', 'Turnaround Time', 'Materials', 'What to Expect', 'Requirements']);
  const definitions = details.getByRole('definition');
  await expect(definitions.nth(0)).toHaveText(service.details.idealFor!);
  await expect(definitions.nth(1)).toHaveText(service.details.turnaround!);
  await expect(definitions.nth(2).getByRole('listitem')).toHaveText(service.details.materials);
  await expect(definitions.nth(3)).toHaveText(service.details.whatToExpect!);
  await expect(definitions.nth(4)).toHaveText(service.details.requirements!);

  const quotes = page.getByRole('region', { name: 'What Our Clients Say' }).getByRole('figure');
  await expect(quotes).toHaveCount(service.testimonials.length);
  for (const [i, t] of service.testimonials.entries()) {
    await expect(quotes.nth(i).getByRole('blockquote')).toHaveText(t.quote);
    await expect(quotes.nth(i)).toContainText(t.author);
  }

  await expect(page.getByRole('link', { name: 'Start Today' })).toHaveAttribute('href', '/contact');

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['Service', 'BreadcrumbList']));
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});

test('an unknown service answers the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/services/no-such-service');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
});
