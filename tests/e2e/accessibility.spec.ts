import { axeBuilder } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';
import { allRoutes } from '../support/public-routes.ts';

// Each pass visits all 15 public routes (a page, its scripts, then axe or a measure): about a
// minute on an idle 2-core machine, so each has its own test and room for a busy one.
test('every public page passes axe (WCAG 2.2 A/AA)', { tag: '@layout' }, async ({ page, request }) => {
  const failures: string[] = [];
  for (const route of await allRoutes(request)) {
    await page.goto(route);
    const results = await axeBuilder(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      // The embedded map is a third-party frame (not reachable offline in tests).
      .exclude('iframe')
      .analyze();
    for (const v of results.violations) {
      failures.push(`${route}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  expect(failures).toEqual([]);
});

test('no public page scrolls sideways at 320 px', { tag: '@phone' }, async ({ page, request }) => {
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
