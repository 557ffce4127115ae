import { expect, type Page, test } from '../support/e2e-test.ts';
import { adminPassword } from '../support/e2e-shop.ts';

const FIRST_LOAD = { timeout: 15_000 };

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('the admin by keyboard alone', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('signs in, changes tab, adds a colour in the dialog and deletes it, all without a mouse', async ({
    page,
  }, testInfo) => {
    const name = `Keys ${testInfo.project.name} ${Date.now()}`;
    await page.goto('/admin');
    const password = page.getByLabel('Password');
    await expect(password).toBeVisible(FIRST_LOAD);
    await tabTo(page, password);
    await page.keyboard.type(adminPassword());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/products$/);

    await tabTo(page, page.getByRole('link', { name: 'Colors' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/colors$/);

    const add = page.getByRole('button', { name: 'Add Color' });
    await expect(add).toBeVisible(FIRST_LOAD);
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Color' });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog, and Escape closes it and gives focus back to Add.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await tabTo(page, dialog.getByRole('textbox', { name: 'Hex' }));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('#3366CC');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // The table is one Tab stop (a grid): arrow keys move to the new row and along to its Delete.
    const grid = page.getByRole('grid', { name: 'Colors' });
    // The list reloads after "Saved": walk it once the new row is there, or the reload's re-render
    // takes the focus from under the arrow keys.
    await expect(grid.getByRole('button', { name: `Delete ${name}` })).toBeAttached({ timeout: 15_000 });
    for (let i = 0; i < 60 && !(await grid.evaluate((el) => el.contains(document.activeElement))); i++) {
      await page.keyboard.press('Tab');
    }
    for (let i = 0; i < 80; i++) {
      const row = await page.evaluate(() => document.activeElement?.closest('[role="row"]')?.textContent ?? '');
      if (row.includes(name)) break;
      await page.keyboard.press('ArrowDown');
    }
    const remove = grid.getByRole('button', { name: `Delete ${name}` });
    for (let i = 0; i < 12 && !(await remove.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete colour?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
  });
});
