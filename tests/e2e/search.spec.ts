import { scanAxe } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';

/**
 * Finding things (docs/decisions/0018-search.md): the header's search suggests as you type (a combobox), the search
 * page filters and sorts with the state in the address, and all of it works without JavaScript.
 */

/** The search field a visitor reaches: the header's on wide screens, the menu's on small ones. */
async function searchField(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    return page.getByRole('dialog', { name: 'Menu' }).getByLabel('Search the shop');
  }
  return page.getByRole('banner').getByLabel('Search the shop');
}

const resultNames = (page: Page) => page.locator('.search-result h3').allTextContents();

test('a visitor searches "hood", filters to a colour and size in stock under a price, sorts by price and opens a product', {
  tag: '@layout',
}, async ({ page }) => {
  await page.goto('/');
  // No search code before a person reaches for the field.
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (/search-combobox/.test(r.url())) loaded.push(r.url());
  });
  const field = await searchField(page);
  expect(loaded).toEqual([]);
  await field.focus();
  await expect(field).toHaveAttribute('role', 'combobox');
  await page.keyboard.type('hood');
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(suggestions.getByRole('option', { name: /Game Day Pullover Hoodie/ })).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: /results?; use the down arrow/ })).toHaveCount(1);
  expect(await scanAxe(page)).toEqual([]);
  // Arrow keys move through the suggestions; Escape closes the list and keeps the words.
  await page.keyboard.press('ArrowDown');
  const first = suggestions.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(field).toHaveValue('hood');
  // Enter with no suggestion chosen searches.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=hood$/);
  await expect(page.getByRole('heading', { level: 2, name: /results? for “hood”/ })).toBeVisible();
  expect(await resultNames(page)).toEqual(
    expect.arrayContaining(['Game Day Pullover Hoodie', 'Caprock Sunset Hoodie']),
  );
  expect(await scanAxe(page)).toEqual([]);

  // The filters (folded under "Filter and sort" on small screens), each change applied at once.
  const disclosure = page.getByText('Filter and sort', { exact: true });
  if (await disclosure.isVisible()) await disclosure.click();
  const filters = page.getByRole('form', { name: 'Filter and sort' });
  const tick = async (group: string, name: string) => {
    const box = filters.getByRole('group', { name: group }).getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  };
  await tick('Colour', 'Black');
  await expect(page).toHaveURL(/color=Black/);
  await tick('Size', 'L');
  await expect(page).toHaveURL(/size=L/);
  await filters.getByRole('checkbox', { name: 'In stock only' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/stock=1/);
  const highest = filters.getByRole('textbox', { name: 'To' });
  await highest.focus();
  await page.keyboard.type('60');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/max=60/);
  await filters.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
  await expect(page).toHaveURL('/search?q=hood&color=Black&size=L&max=60&stock=1&sort=price-asc');
  // Announced, and only what fits: both hoodies come in black and L, the cheaper first.
  await expect(page.locator('#search-announce')).toHaveText('2 results for “hood”');
  expect(await resultNames(page)).toEqual(['Game Day Pullover Hoodie', 'Caprock Sunset Hoodie']);
  await expect(page.getByRole('heading', { level: 2, name: '2 results for “hood”' })).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);

  // The address is the search: back undoes the sort, and a reload shows the same page.
  await page.goBack();
  await expect(page).toHaveURL('/search?q=hood&color=Black&size=L&max=60&stock=1');
  await expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveValue('featured');
  await page.goForward();
  await expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  await page.reload();
  expect(await resultNames(page)).toEqual(['Game Day Pullover Hoodie', 'Caprock Sunset Hoodie']);

  await page.getByRole('link', { name: 'Game Day Pullover Hoodie' }).click();
  await expect(page).toHaveURL(/\/products\/game-day-hoodie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Game Day Pullover Hoodie' })).toBeVisible();
});

test('a suggestion opens its page with the keyboard', async ({ page }) => {
  await page.goto('/catalog');
  const field = await searchField(page);
  await field.focus();
  await page.keyboard.type('caprok sunset');
  const option = page.getByRole('option', { name: /Caprock Sunset Hoodie/ });
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\/caprock-sunset-hoodie$/);
});

test('suggestions appear on the first focus, even when the field is reached before the scripts load', async ({
  page,
}) => {
  // A slow connection: the page shows before its scripts run, and a person already types.
  await page.route('**/_astro/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const field = await searchField(page);
  await field.focus();
  await page.keyboard.type('hood');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Game Day Pullover Hoodie/ })).toBeVisible();
});

test('a typo of swapped letters still suggests the product', async ({ page }) => {
  await page.goto('/');
  const field = await searchField(page);
  await field.focus();
  await page.keyboard.type('hoodei');
  await expect(page.getByRole('option', { name: /Game Day Pullover Hoodie/ })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form searches and the filters are a form that shows their results', async ({ page }) => {
    // A text page: without script Chromium loads every image at once (no lazy loading).
    await page.goto('/privacy-policy');
    const menu = page.getByRole('button', { name: 'Open menu' });
    // Without script the menu dialog cannot open; the search page's own field is one link away.
    if (await menu.isVisible()) await page.goto('/search');
    const field = (await menu.isVisible())
      ? page.getByRole('searchbox', { name: 'Search products, collections and services' })
      : page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' });
    await field.fill('hoodie');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=hoodie$/);
    await expect(page.getByRole('heading', { level: 2, name: /results for “hoodie”/ })).toBeVisible();
    expect(await resultNames(page)).toEqual(
      expect.arrayContaining(['Caprock Sunset Hoodie', 'Game Day Pullover Hoodie']),
    );

    const disclosure = page.getByText('Filter and sort', { exact: true });
    if (await disclosure.isVisible()) await disclosure.click();
    const filters = page.getByRole('form', { name: 'Filter and sort' });
    await filters.getByRole('checkbox', { name: /^3XL \(/ }).check();
    await filters.getByRole('checkbox', { name: 'In stock only' }).check();
    await filters.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL('/search?q=hoodie&size=3XL&stock=1');
    await expect(page.getByRole('heading', { level: 2, name: '1 result for “hoodie”' })).toBeVisible();
    // Products only now, and the Game Day hoodie is sold out in 3XL.
    expect(await resultNames(page)).toEqual(['Caprock Sunset Hoodie']);
  });

  test("a collection's filter and sort show that collection's products only", async ({ page, request }) => {
    const catalog = (await (await request.get('/api/catalog')).json()) as {
      collection: { slug: string; name: string };
      products: { name: string }[];
    }[];
    const section = catalog.find((c) => c.products.length > 2)!;
    await page.goto(`/collections/${section.collection.slug}`);
    await page.getByText('Filter and sort', { exact: true }).click();
    const filters = page.getByRole('form', { name: 'Filter and sort' });
    await filters.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await filters.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(`/search?collection=${section.collection.slug}&sort=price-desc`);
    await expect(page.getByRole('heading', { level: 2, name: `${section.products.length} results` })).toBeVisible();
    const names = await resultNames(page);
    expect(names.sort()).toEqual(section.products.map((p) => p.name).sort());
  });
});
