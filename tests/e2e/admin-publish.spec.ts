import { axeBuilder } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';

/**
 * After a save the admin says when the storefront shows it: what the publish is doing and for how
 * long (issue 44, item 9), then "Live since 14:02" or the error.
 */

/** Opens the first colour and saves it unchanged: a save the public pages show, so a rebuild. */
async function saveFirstColor(page: Page) {
  await page.getByRole('link', { name: 'Colors' }).click();
  const table = page.getByRole('grid', { name: 'Colors' });
  await table
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

test.describe('admin publish status', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a save shows Publishing… until the rebuilt storefront is live, then Live since the time', async ({ page }) => {
    await signInAsOwner(page);
    const storefront = page.getByRole('status', { name: 'Storefront' });
    await saveFirstColor(page);
    await expect(storefront).toContainText('In this publish: a colour.', { timeout: 30_000 });
    await expect(storefront).toContainText(/^Publishing: building the pages\..* \d+ s so far/);
    await expect(storefront).toHaveText(/^Live since (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}$/, { timeout: 200_000 });
    const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test("a failed rebuild shows the build's error instead of Live since", async ({ page }) => {
    // The server's failed state (tests/integration/admin-publish-status.test.ts) as the SPA reads it.
    await page.route('**/api/admin/publish-status', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        body: JSON.stringify({
          publish: {
            state: 'failed',
            requested_at: new Date().toISOString(),
            started_at: new Date().toISOString(),
            finished_at: new Date().toISOString(),
            live_since: null,
            error: 'The build failed; the previous pages stay up. astro build failed (exit 1)',
          },
        }),
      }),
    );
    await signInAsOwner(page);
    await expect(page.getByRole('status', { name: 'Storefront' })).toHaveText(
      'Publishing failed: The build failed; the previous pages stay up. astro build failed (exit 1)',
    );
  });
});
