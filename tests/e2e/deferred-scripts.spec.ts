import { CHROMIUM_PATH, TEST_CHROMIUM_ARGS } from '../../scripts/lib/chromium.mts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import { allRoutes } from '../support/public-routes.ts';

// The full browser, not the headless shell the other tests run: the shell keeps a pointer resting
// at the page's top-left corner and sends it a pointerover once the header is laid out there
// (about 200 ms in), which is a sign of a person reaching for the page, so the page rightly starts
// its scripts. These tests are about a page nobody has touched yet.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS } });

/** When each of the shop's own scripts (/_astro/*.js) began to download, against the page's load. */
function scriptTimings(page: Page) {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /^\/_astro\/.+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: Math.round(entry.startTime) }));
    return { loadEnd: Math.round(navigation.loadEventEnd), scripts };
  });
}

test('no public page downloads a script of its own before it has loaded', async ({ page, request }) => {
  const early: string[] = [];
  let pagesWithScripts = 0;
  for (const route of await allRoutes(request)) {
    await page.goto(route);
    const { loadEnd, scripts } = await scriptTimings(page);
    if (scripts.length > 0) pagesWithScripts++;
    for (const script of scripts) {
      if (script.start < loadEnd)
        early.push(`${route}: ${script.path} at ${script.start} ms, load ended at ${loadEnd} ms`);
    }
  }
  expect(early).toEqual([]);
  // The header (cart badge, drawers) is on every page: the scripts did load, after the page.
  expect(pagesWithScripts).toBeGreaterThan(10);
});

test('a person who reaches for the page before it has loaded does not wait for it', async ({ page }) => {
  // The home page's hero image is held back, so the page stays loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/.netlify/images' && (url.searchParams.get('url') ?? '').startsWith('/images/hero/'),
    async (route) => {
      await held;
      await route.continue().catch(() => {});
    },
  );
  try {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect((await scriptTimings(page)).scripts).toEqual([]);

    // Reaching for the cart icon starts the scripts; the click then opens the drawer in place.
    const cart = page.getByRole('link', { name: /^Cart, \d+ items?$/ });
    await cart.hover();
    await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
    await cart.click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  } finally {
    release();
  }
});
