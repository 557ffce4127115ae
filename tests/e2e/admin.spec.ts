import { axeBuilder, scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';
import { discardChanges, signInAsOwner } from '../support/admin-e2e.ts';
import { adminPassword } from '../support/e2e-shop.ts';

/** The server writes the generated admin password into its data folder on first start. */

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The SPA's first load can be slow on a busy machine; later steps use the default timeouts. */
const FIRST_LOAD = { timeout: 15_000 };

test.describe('admin back office', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a wrong password shows Invalid credentials and a Login failed notification', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByLabel('Password')).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(page.getByRole('status').filter({ hasText: 'Login failed' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a throttled login shows how long to wait', async ({ page }) => {
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '42' },
        body: JSON.stringify({ error: { code: 'too_many_attempts', message: 'Too many attempts.' } }),
      }),
    );
    await page.goto('/admin');
    await expect(page.getByLabel('Password')).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Password').fill('anything');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Try again in 42 seconds.');
    await expect(page.getByRole('status').filter({ hasText: 'Login failed' })).toBeVisible();
  });

  test('an admin screen without a token shows the login', async ({ page }) => {
    await page.goto('/admin/colors');
    await expect(page.getByLabel('Password')).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('signing in opens Products, which lists the seeded products', async ({ page, request }) => {
    const products = (await (await request.get('/api/products')).json()) as { name: string }[];
    expect(products.length).toBeGreaterThan(0);
    await signInAsOwner(page);
    await expect(page.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('grid', { name: 'Products' });
    await expect(table.getByRole('row', { name: new RegExp(products[0]!.name) }).first()).toBeVisible(FIRST_LOAD);
  });

  test('an unknown admin path selects Products', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  test('a colour can be created, edited and deleted, with notifications', async ({ page }, testInfo) => {
    const name = `Test ${testInfo.project.name} ${Date.now()}`;
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Colors' }).click();
    await expect(page).toHaveURL(/\/admin\/colors$/);

    await page.getByRole('button', { name: 'Add Color' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Color' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Hex' }).fill('#12AB34');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('grid', { name: 'Colors' });
    await expect(table.getByRole('row').filter({ hasText: name })).toContainText('#12AB34');

    // Double-click opens the edit dialog with the record's values.
    await table.getByRole('rowheader', { name }).dblclick();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${name} edited`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('rowheader', { name: `${name} edited` })).toBeVisible();

    await table.getByRole('button', { name: `Delete ${name} edited` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete colour?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: `${name} edited` })).toHaveCount(0);
  });

  test('a save after the session ended goes to login and keeps the unsaved form', async ({ page }, testInfo) => {
    const name = `Draft ${testInfo.project.name} ${Date.now()}`;
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Sizes' }).click();
    await page.getByRole('button', { name: 'Add Size' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Size' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    // The session ends and Save is pressed in one task: the admin also polls the publish status
    // (every 1.5 s while an earlier test's rebuild runs), and a poll in between would be the call
    // that finds the session ended (it keeps the draft too, but then there is no Save to press).
    await dialog.getByRole('button', { name: 'Save' }).evaluate((save: HTMLButtonElement) => {
      localStorage.removeItem('adminToken');
      save.click();
    });

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Your session ended. Sign in again; your unsaved changes are kept.')).toBeVisible();
    await page.getByLabel('Password').fill(adminPassword());
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/sizes$/);
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('grid', { name: 'Sizes' }).getByRole('rowheader', { name })).toBeVisible();
  });
});

test.describe('admin screens', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a cloned product opens without its id and saves as a new product', async ({ page }, testInfo) => {
    const slug = `clone-${testInfo.project.name}-${Date.now()}`;
    await signInAsOwner(page);
    const table = page.getByRole('grid', { name: 'Products' });
    // The empty state is a row too: read the name from the first row's Clone button once rows exist.
    const cloneButton = table.getByRole('button', { name: /^Clone / }).first();
    const original = (await cloneButton.getAttribute('aria-label'))!.replace(/^Clone /, '');
    await cloneButton.click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(original);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Clone ${slug}`);
    await dialog.getByRole('textbox', { name: 'Slug' }).fill(slug);
    // Issue 13: the SKU is suffixed (unique in the database), not emptied.
    await expect(dialog.getByRole('textbox', { name: 'SKU' })).toHaveValue(/^$|-copy(-\d+)?$/i);
    await dialog.getByLabel('Main Image').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1PX });
    const preview = dialog.getByRole('img', { name: 'Main Image preview' });
    await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(preview).toHaveCSS('max-width', '150px');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: `Clone ${slug}` })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: slug }).locator('img')).toHaveAttribute('src', /\S/);
    await expect(table.getByRole('rowheader', { name: original, exact: true })).toHaveCount(1);

    await table.getByRole('button', { name: `Delete Clone ${slug}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('rowheader', { name: `Clone ${slug}` })).toHaveCount(0);
  });

  test('a service saves metadata that is not JSON as an empty object', async ({ page, request }, testInfo) => {
    const slug = `svc-${testInfo.project.name}-${Date.now()}`;
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Services' }).click();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Service' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Service ${slug}`);
    await dialog.getByRole('textbox', { name: 'Slug' }).fill(slug);
    await dialog.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Printing' }).click();
    await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('12.50');
    await dialog.getByRole('textbox', { name: 'Metadata' }).fill('{not json');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const row = page.getByRole('grid', { name: 'Services' }).getByRole('row').filter({ hasText: slug });
    await expect(row).toContainText('$12.50');

    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const services = (await (
      await request.get('/api/admin/services', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { slug: string; metadata: unknown; base_price_cents: number }[];
    const saved = services.find((s) => s.slug === slug);
    expect(saved?.metadata).toEqual({});
    expect(saved?.base_price_cents).toBe(1250);
  });

  test('collection dates are read-only YYYY-MM-DD fields with a picker and Clear', async ({ page }) => {
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Collections' }).click();
    // The seed dates City Champ Golf (two weeks ago to three weeks ahead), so it always has a start date.
    await page.getByRole('grid', { name: 'Collections' }).getByRole('button', { name: 'Edit City Champ Golf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Collection' });
    const start = dialog.getByRole('textbox', { name: 'Start Date' });
    await expect(start).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('button', { name: 'Pick Start Date' })).toBeVisible();
    await expect(start).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole('button', { name: 'Clear Start Date' }).click();
    await expect(start).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await expect(dialog).toBeHidden();
  });

  test('orders filter by status and a row opens the order detail', async ({ page }) => {
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Orders' }).click();
    const table = page.getByRole('grid', { name: 'Orders' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Paid' }).click();
    // The body's rows only (the header row is in the first rowgroup): every one is a paid order.
    // Waited for as a whole: the newest order may be a paid one before the filter answers too.
    const bodyRows = table.getByRole('rowgroup').nth(1).getByRole('row');
    // An order placed on a business account is "On account" until its invoice is paid.
    await expect(bodyRows.filter({ hasNotText: /paid|on account/i })).toHaveCount(0);
    await expect(bodyRows).not.toHaveCount(0);
    for (const text of await bodyRows.allInnerTexts()) expect(text).toMatch(/Paid|On account/);
    await table.getByRole('row').nth(1).click();
    const dialog = page.getByRole('dialog', { name: /^Order / });
    await expect(dialog.getByText('Subtotal')).toBeVisible();
    await expect(dialog.getByText('Total', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Clear Status' }).click();
    await expect(table.getByRole('row')).toHaveCount(11);
  });

  test('the order list says it is loading, and its date filter takes a day typed as people type it', async ({
    page,
  }) => {
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Orders' }).click();
    const table = page.getByRole('grid', { name: 'Orders' });
    await expect(table.getByRole('row')).toHaveCount(11);
    // Digits as they come fill month, day and year: 01012099 is January 1, 2099.
    const from = page.getByRole('group', { name: 'From' });
    await from.getByRole('spinbutton').first().focus();
    await page.keyboard.type('01012099');
    await expect(from.getByRole('spinbutton')).toHaveText(['01', '01', '2099']);
    await expect(page.getByText('No orders match.')).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear From' }).click();
    await expect(table.getByRole('row')).toHaveCount(11);
    // The calendar beside it picks a day too.
    await page.getByRole('button', { name: 'Pick To' }).click();
    await expect(page.getByRole('dialog', { name: 'To calendar' }).getByRole('grid')).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);
  });

  test('a user opens with Details and Orders tabs', async ({ page }) => {
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Users' }).click();
    const table = page.getByRole('grid', { name: 'Users' });
    const viewButton = table.getByRole('button', { name: /^View / }).first();
    const email = (await viewButton.getAttribute('aria-label'))!.replace(/^View /, '');
    await viewButton.click();
    const dialog = page.getByRole('dialog', { name: email });
    await expect(dialog.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByText('Order Count')).toBeVisible();
    await dialog.getByRole('tab', { name: 'Orders' }).click();
    await expect(dialog.getByRole('grid', { name: 'Orders of this user' })).toBeVisible();
  });

  test('discounts show usage as total/max and the Add Discount button', async ({ page, request }) => {
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Discounts' }).click();
    await expect(page.getByRole('button', { name: 'Add Discount' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const codes = (await (
      await request.get('/api/discount_codes', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { code: string; max_uses: number | null; total_uses: number }[];
    const table = page.getByRole('grid', { name: 'Discounts' });
    for (const code of codes.slice(0, 3)) {
      const usage = code.max_uses === null ? String(code.total_uses) : `${code.total_uses}/${code.max_uses}`;
      await expect(table.getByRole('row').filter({ hasText: code.code }).first()).toContainText(usage);
    }
  });
});

test('the login page, every admin tab and the product dialog pass axe (WCAG 2.2 A/AA)', async ({ page }) => {
  const failures: string[] = [];
  const scan = async (where: string) => {
    const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    for (const v of results.violations) {
      failures.push(`${where}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  };
  await page.goto('/admin');
  await expect(page.getByLabel('Password')).toBeVisible(FIRST_LOAD);
  await scan('/admin');
  await signInAsOwner(page);
  for (const tab of [
    'Products',
    'Orders',
    'Services',
    'Collections',
    'Colors',
    'Sizes',
    'Discounts',
    'Templates',
    'Users',
  ]) {
    await page.getByRole('link', { name: tab }).click();
    await expect(page.getByRole('heading', { name: tab, level: 1 })).toBeVisible();
    await expect(page.getByRole('grid', { name: tab }).getByRole('row').nth(1)).toBeVisible();
    await scan(tab);
  }
  // The dashboard: its charts are tables with their values on the bars (admin-dashboard.spec).
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Revenue per week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
  await scan('Dashboard');
  await page.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('dialog', { name: 'Add or Edit Product' })).toBeVisible();
  await scan('product dialog');
  expect(failures).toEqual([]);
});
