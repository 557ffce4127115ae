import { scanAxe } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import { key, payForStoreOrder, type } from '../support/store-e2e.ts';

/**
 * Issue 30, the buyer's part: on the seeded open team store a buyer picks a size, a name and a
 * number with the keyboard, pays on the test checkout, sees their receipt, and the store's page
 * then shows the design's progress moved. Desktop and mobile, axe clean.
 */
const STORE = '/stores/city-champ-golf-2026';
const DESIGN = 'Team Tee, front crest';

/** "N of 24 sold" of the tee, once the page's script has asked the progress API. */
async function soldOf(page: Page): Promise<number> {
  const progress = page.getByText(/^\d+ of 24 sold$/).first();
  await expect(progress).toBeVisible();
  await page.waitForLoadState('networkidle');
  return Number.parseInt((await progress.textContent()) ?? '0', 10);
}

test('a buyer orders a named, numbered tee from an open team store and sees the progress move', {
  tag: '@layout',
}, async ({ page }) => {
  await page.goto(STORE);
  await expect(page.getByRole('heading', { level: 1, name: 'City Champ Golf 2026 team store' })).toBeVisible();
  await expect(page.getByText(/^Order by \w+day, .* when this store closes\.$/)).toBeVisible();
  await expect(page.getByText('$4.00 of each goes to City Champ Golf Boosters')).toBeVisible();
  const before = await soldOf(page);
  expect(await scanAxe(page)).toEqual([]);

  const tee = page.getByRole('region', { name: `Choose your ${DESIGN}` });
  // Reaching the form wakes its island; choices are made once it has taken over the markup.
  await tee.getByRole('radio', { name: 'White' }).focus();
  await expect(page.locator('astro-island[component-url*="StoreOrder"]:not([ssr])')).toBeAttached({ timeout: 15_000 });
  await key(page, tee.getByRole('radio', { name: 'White' }), 'Space');
  await key(page, tee.getByRole('radio', { name: 'L', exact: true }), 'Space');
  await type(page, tee.getByLabel(/^Name on the piece/), 'Rivera');
  await type(page, tee.getByLabel(/^Number on the piece/), '7');
  await key(page, tee.getByRole('button', { name: `Add ${DESIGN} to my order` }), 'Enter');
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order.getByRole('listitem')).toContainText(`1 × ${DESIGN} (White, L), name Rivera, number 7`);
  await expect(order).toContainText('$30.00');
  expect(await scanAxe(page)).toEqual([]);

  await payForStoreOrder(page, { name: 'Ana Rivera', email: 'ana.rivera@example.com' });
  await expect(page.getByRole('list', { name: 'Purchased items' })).toContainText(DESIGN);
  expect(await scanAxe(page)).toEqual([]);

  await page.goto(STORE);
  await expect.poll(() => soldOf(page)).toBeGreaterThanOrEqual(before + 1);
});

test('choices made before the order form wakes are kept', async ({ page }) => {
  await page.goto(STORE);
  const tee = page.getByRole('region', { name: `Choose your ${DESIGN}` });
  const island = page.locator('astro-island[component-url*="StoreOrder"]');
  // The form wakes on the first interaction: these choices land on the native fields first.
  await expect(island).toHaveAttribute('ssr', '');
  // A person clicks the choices' labels (the radios themselves are drawn as swatches and chips).
  await tee.getByText('White', { exact: true }).click();
  await tee.getByText('M', { exact: true }).click();
  await tee.getByLabel(/^Name on the piece/).fill('Ortiz');
  await expect(page.locator('astro-island[component-url*="StoreOrder"]:not([ssr])')).toBeAttached({ timeout: 15_000 });
  await expect(tee.getByRole('radio', { name: 'White' })).toBeChecked();
  await expect(tee.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await tee.getByRole('button', { name: `Add ${DESIGN} to my order` }).click();
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order.getByRole('listitem')).toContainText(`1 × ${DESIGN} (White, M), name Ortiz`);
});
