import { discardChanges, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/**
 * Issue 28, forms that forgive: the slug is made from the name until the owner writes one, and a
 * refused save brings the owner to the field it is about, with the message there in words an
 * owner understands. Nothing here saves successfully, so no public page is rebuilt meanwhile.
 */

/** Picks an option of one of the admin's selects (a button named by its label, then a listbox). */
async function pick(scope: Locator, label: RegExp, option: string) {
  const choice = scope.page().getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await scope.getByRole('button', { name: label }).click();
    await expect(choice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await choice.click();
}

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('the slug follows the name as the owner types, stops once the owner writes one, and never moves on a saved record', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Collections' }).click();
  await page.getByRole('button', { name: 'Add Collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Collection' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  const slug = dialog.getByRole('textbox', { name: 'Slug' });
  await name.pressSequentially('Fall Market & Café');
  await expect(slug).toHaveValue('fall-market-and-cafe');
  await name.press('Backspace');
  await expect(slug).toHaveValue('fall-market-and-caf');

  await slug.fill('fall-market');
  await name.fill('Fall Market 2027');
  await expect(slug).toHaveValue('fall-market');
  expect(await scanAxe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discardChanges(page);

  // A saved collection keeps its address when it is renamed.
  await page.getByRole('grid', { name: 'Collections' }).getByRole('button', { name: 'Edit City Champ Golf' }).click();
  await expect(name).toHaveValue('City Champ Golf');
  await name.fill('City Champ Golf Classic');
  await expect(slug).toHaveValue('city-champ-golf');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discardChanges(page);
});

test('a product saved without a collection brings the owner to the Collection field, which says to choose one', async ({
  page,
}, testInfo) => {
  await signInAsOwner(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/products') sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Refused Tee ${testInfo.project.name}`);
  await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue(`refused-tee-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Save' }).click();

  const collection = dialog.getByRole('button', { name: /Collection/ });
  await expect(collection).toBeFocused();
  await expect(collection).toBeInViewport();
  await expect(collection).toHaveAccessibleDescription('Choose a collection.');
  await expect(dialog.getByText('Choose a collection.', { exact: true })).toBeVisible();
  await expect(notice(page, 'Not saved: one field needs a change.')).toBeVisible();
  await expect(dialog.getByText('Slug is required.')).toHaveCount(0);
  // The shop's own rules said so at once: nothing was sent.
  expect(sent).toEqual([]);
  expect(await scanAxe(page)).toEqual([]);

  // Choosing one takes the message away.
  await pick(dialog, /Collection/, 'Ranch & Rodeo');
  await expect(dialog.getByText('Choose a collection.', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discardChanges(page);
});

test('a save the server refuses (a slug another product has) focuses the Slug field with the server’s message', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
  // The name of a product the shop has: the slug made from it is taken.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Barrel Racer Tank');
  await pick(dialog, /Collection/, 'Ranch & Rodeo');
  // Focus away from the Slug field first, so landing there is the refusal's doing.
  await dialog.getByRole('textbox', { name: 'Description' }).click();
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/products' && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await answered).status()).toBe(409);

  const slug = dialog.getByRole('textbox', { name: 'Slug' });
  await expect(slug).toBeFocused();
  await expect(slug).toHaveValue('barrel-racer-tank');
  await expect(slug).toHaveAccessibleDescription('Another product already uses that slug.');
  await expect(slug).toBeInViewport();
  await expect(notice(page, 'Not saved: one field needs a change.')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discardChanges(page);
});

test('a service without a category: its slug follows the name, and Save lands on Category', async ({ page }) => {
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Services' }).click();
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Service' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Same-Day Rush Printing');
  await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue('same-day-rush-printing');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const category = dialog.getByRole('button', { name: /Category/ });
  await expect(category).toBeFocused();
  await expect(category).toHaveAccessibleDescription('Choose a category.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discardChanges(page);
});
