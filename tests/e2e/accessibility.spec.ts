import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/e2e-test.ts';
import { allRoutes } from '../support/public-routes.ts';

test('every public page passes axe (WCAG 2.2 A/AA) and has no horizontal scroll at 320 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const route of await allRoutes(request)) {
    await page.goto(route);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      // The embedded map is a third-party frame (not reachable offline in tests).
      .exclude('iframe')
      .analyze();
    for (const v of results.violations) {
      failures.push(`${route}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  expect(failures).toEqual([]);

  await page.setViewportSize({ width: 320, height: 640 });
  const overflowing: string[] = [];
  for (const route of await allRoutes(request)) {
    await page.goto(route);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) overflowing.push(`${route}: ${overflow}px`);
  }
  expect(overflowing).toEqual([]);
});

test('the cancel page sends the visitor home at once', async ({ page }) => {
  await page.goto('/cancel');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Brand Starts Here' })).toBeVisible();
});
