import dayjs from 'dayjs';
import { SHOP_TIME_ZONE } from '../../src/lib/admin-schemas/orders.ts';
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
  const today = dayjs(new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date()));
  const first = today.subtract(29, 'day');
  const dates = `${first.format('MMM D')} – ${today.format('MMM D, YYYY')}`;
  await expect(page.getByText(`Figures for ${dates} (the last 30 days, today included)`)).toBeVisible();
  const weekly = page.getByRole('table', { name: 'Revenue per week' });
  // The body's rows (the first rowgroup holds the column headings).
  const weeks = weekly.getByRole('rowgroup').nth(1).getByRole('row');
  // A week's row: its days (cut to the window), then its revenue as written on the bar.
  await expect(weeks.first().getByRole('rowheader')).toHaveText(new RegExp(`^${first.format('MMM D')}`));
  await expect(weeks.last().getByRole('rowheader')).toHaveText(new RegExp(`${today.format('D')}$`));
  for (const cell of await weekly.getByRole('cell').all()) await expect(cell).toHaveText(/^\$[\d,]+\.\d\d$/);

  // Seven days: a bar per day, named by weekday and date, today last.
  await page.getByRole('button', { name: /Period/ }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  const daily = page.getByRole('table', { name: 'Revenue per day' });
  const days = daily.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(days).toHaveCount(7);
  await expect(days.last().getByRole('rowheader')).toHaveText(today.format('ddd, MMM D'));
  await expect(page.getByText(`Figures for ${today.subtract(6, 'day').format('MMM D')} – `)).toBeVisible();

  // Low stock: each product once, its low colours and sizes inside its row.
  const low = page.getByRole('region', { name: 'Low stock' });
  const products = await low.getByRole('rowheader').allTextContents();
  expect(products.length).toBe(new Set(products).size);
  expect(await scanAxe(page)).toEqual([]);
});
