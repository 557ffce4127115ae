import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';

/**
 * Issue 28: the owner finds a product in a catalogue of dozens: search, collection and
 * visibility filters, a stock column and 25 products a page with the count shown, by keyboard
 * and on a 390 px phone. Other tests add products meanwhile, so counts are read from the page.
 */

const pages = (page: Page) => page.getByRole('navigation', { name: 'Products pages' });

async function openProducts(page: Page) {
  await signInAsOwner(page);
  // The first page has come when the count shows (a busy machine can take a while).
  await expect(pages(page).getByRole('status')).toHaveText(/of \d+ products?$/, { timeout: 30_000 });
  return page.getByRole('grid', { name: 'Products' });
}

const bodyRows = (page: Page) =>
  page
    .getByRole('grid', { name: 'Products' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 390, height: 844 });
});

test('pages 25 products at a time with the count, by keyboard, and handing the focus on at the last page', {
  tag: '@layout',
}, async ({ page }) => {
  await openProducts(page);
  const status = pages(page).getByRole('status');
  await expect(status).toHaveText(/^1–25 of \d+ products$/);
  const total = Number((await status.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(25);
  await expect(bodyRows(page)).toHaveCount(25);
  const firstPage = await bodyRows(page).getByRole('rowheader').allTextContents();

  await expect(pages(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  const next = pages(page).getByRole('button', { name: 'Next' });
  await next.focus();
  await page.keyboard.press('Enter');
  const last = Math.min(50, total);
  await expect(status).toHaveText(`26–${last} of ${total} products`);
  await expect(bodyRows(page)).toHaveCount(last - 25);
  const secondPage = await bodyRows(page).getByRole('rowheader').allTextContents();
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  if (total <= 50) {
    // Next is now disabled: the focus is on Previous, not lost to the page.
    await expect(next).toBeDisabled();
    await expect(pages(page).getByRole('button', { name: 'Previous' })).toBeFocused();
  }
  expect(await scanAxe(page)).toEqual([]);
  // The screen itself does not scroll sideways; the table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test(
  'search finds products by name, slug or SKU; the filters narrow by collection and visibility; stock shows; a supplier style adds one',
  {
    tag: '@layout',
  },
  async ({ page }, testInfo) => {
    const table = await openProducts(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('rr-tank');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toHaveText('Barrel Racer Tank');
    await expect(pages(page).getByRole('status')).toHaveText('1–1 of 1 product');

    await search.fill('armadillo');
    const armadillo = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Dancing Armadillo Sticker' }) });
    await expect(armadillo).toContainText('Sold out');
    await search.fill('sampler');
    await expect(table.getByRole('row').filter({ hasText: 'Sticker Sampler Pack' })).toContainText('Made to order');
    await search.fill('no product is called this');
    await expect(table.getByText('No products match these filters.')).toBeVisible();
    await expect(pages(page).getByRole('status')).toHaveText('No products');

    await search.fill('');
    const collection = page
      .getByRole('search', { name: 'Product filters' })
      .getByRole('button', { name: /Collection/ });
    await collection.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Ranch & Rodeo', exact: true }).click();
    await expect(bodyRows(page)).toHaveCount(6);
    await expect(table.getByRole('row').filter({ hasText: 'City Champ' })).toHaveCount(0);
    for (const cell of await table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .all()) {
      await expect(cell).toContainText('Ranch & Rodeo');
    }
    await page.getByRole('button', { name: 'Clear Collection' }).click();

    await page
      .getByRole('search', { name: 'Product filters' })
      .getByRole('button', { name: /Visibility/ })
      .click();
    await page.getByRole('option', { name: 'Hidden from the shop' }).click();
    await expect(table.getByRole('rowheader', { name: 'Ugly Sweater Tee (Holiday 2025)' })).toBeVisible();
    for (const row of await bodyRows(page).all()) await expect(row).toContainText('Hidden');
    expect(await scanAxe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear Visibility' }).click();

    // Issue 47: a product from the demo supplier's catalogue by style. Desktop and phone share one
    // shop, and a style is added once: each adds its own.
    const [style, name] =
      testInfo.project.name === 'mobile'
        ? ['PC61', 'Port & Company PC61 Essential Tee']
        : ['Gildan 5000', 'Gildan 5000 Heavy Cotton T-Shirt'];
    await page.getByRole('button', { name: 'Add from Supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a Product from a Supplier' });
    await expect(dialog.getByRole('button', { name: /Supplier/ })).toContainText('Demo supplier');
    await dialog.getByRole('textbox', { name: 'Style' }).fill('Bella 3001');
    await dialog.getByRole('button', { name: /Collection/ }).click();
    await page.getByRole('option', { name: 'City Champ Golf' }).click();
    await dialog.getByRole('textbox', { name: 'Price (USD)' }).fill('12.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Demo supplier has no style "Bella 3001".');
    await dialog.getByRole('textbox', { name: 'Style' }).fill(style);
    expect(await scanAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await search.fill(style);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toHaveText(name);
    await expect(table.getByRole('row').filter({ hasText: name })).toContainText('$12.50');
    // Its stock and costs sync nightly, or now when asked; the time shows on the shop's clock.
    const syncs = page.getByRole('list', { name: 'Supplier stock' });
    await expect(syncs).toContainText(
      /Demo supplier: (not synced yet|sync asked|syncing since|stock and costs synced)/,
    );
    await syncs.getByRole('button', { name: 'Sync Demo supplier Now' }).click();
    await expect(syncs).toContainText(
      /Demo supplier: (sync asked|syncing since|stock and costs synced) \w{3}, \w{3} \d+, \d{4}/,
    );
  },
);
