import { addDays, shopDateWords, shopDay } from '../../src/lib/site/shop-time.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';

/**
 * The dashboard reads at a glance: one revenue window named by its dates, every bar with its
 * value written on it, and low stock as one row per product.
 */
test('the dashboard names its window, writes each bar’s value and lists low stock per product', async ({ page }) => {
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Thirty days (the default): a bar per week, the window's first and last days in words. The
  // shop's day, not this machine's: between midnight UTC and midnight in Texas they differ.
  const today = shopDay();
  const first = addDays(today, -29);
  const dates = `${shopDateWords(first)} – ${shopDateWords(today)}`;
  await expect(page.getByText(`Figures for ${dates} (the last 30 days, today included)`)).toBeVisible();
  const weekly = page.getByRole('table', { name: 'Revenue per week' });
  // The body's rows (the first rowgroup holds the column headings).
  const weeks = weekly.getByRole('rowgroup').nth(1).getByRole('row');
  // A week's row: its days (cut to the window), then its revenue as written on the bar.
  await expect(weeks.first().getByRole('rowheader')).toHaveText(new RegExp(`^${shopDateWords(first)}`));
  await expect(weeks.last().getByRole('rowheader')).toHaveText(new RegExp(`${shopDateWords(today)}$`));
  for (const cell of await weekly.getByRole('cell').all()) await expect(cell).toHaveText(/^\$[\d,]+\.\d\d$/);

  // Seven days: a bar per day, named as the shop writes a day, today last.
  await page.getByRole('button', { name: /Period/ }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  const daily = page.getByRole('table', { name: 'Revenue per day' });
  const days = daily.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(days).toHaveCount(7);
  await expect(days.last().getByRole('rowheader')).toHaveText(shopDateWords(today));
  await expect(page.getByText(`Figures for ${shopDateWords(addDays(today, -6))} – `)).toBeVisible();

  // Low stock: each product once, its low colours and sizes inside its row.
  const low = page.getByRole('region', { name: 'Low stock' });
  const products = await low.getByRole('rowheader').allTextContents();
  expect(products.length).toBe(new Set(products).size);
  expect(await scanAxe(page)).toEqual([]);
});
