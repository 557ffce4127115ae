import { readFileSync } from 'node:fs';
import { png } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/*
 * Issue #29, business accounts: the owner adds a school district on net 30 with a credit limit
 * and tax exemption, by keyboard alone; a second account for the same domain is refused at the
 * field; the list reads the terms in words and the limit in dollars; the exemption certificate
 * goes on file through the artwork upload. Desktop and mobile share
 * one shop, so each run's domain is a sub-domain of its own under ector.k12.tx.us.
 */

const PORT = Number(process.env['E2E_PORT'] ?? 4398);

/** Presses Tab until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Types into a field reached by Tab, replacing what it held. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Opens a select from the keyboard and moves to `option` with the arrow keys. */
async function choose(page: Page, trigger: Locator, option: string) {
  await press(page, trigger);
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let i = 0; i < 10 && !(await choice.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(trigger).toContainText(option);
}

async function signInByKeyboard(page: Page) {
  await page.goto('/admin');
  const password = page.getByLabel('Password');
  await expect(password).toBeVisible({ timeout: 15_000 });
  await tabTo(page, password);
  await page.keyboard.type(readFileSync(`.data/e2e-${PORT}/admin-password.txt`, 'utf8').trim());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/products$/, { timeout: 15_000 });
}

/** Fills the add dialog: name, domain, and presses Save. */
async function addAccount(page: Page, name: string, domain: string, fill?: (dialog: Locator) => Promise<void>) {
  await press(page, page.getByRole('button', { name: 'Add Account' }));
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Business Account' });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByRole('textbox', { name: 'Name' }), name);
  await typeInto(page, dialog.getByRole('textbox', { name: 'Domain' }), domain);
  await fill?.(dialog);
  await press(page, dialog.getByRole('button', { name: 'Save' }));
  return dialog;
}

/** Moves into the grid and along the rows to the named button of the row holding `text`. */
async function gridButton(page: Page, grid: Locator, text: string, button: string) {
  const target = grid.getByRole('button', { name: button });
  await expect(target).toBeAttached({ timeout: 15_000 });
  for (let i = 0; i < 60 && !(await grid.evaluate((el) => el.contains(document.activeElement))); i++) {
    await page.keyboard.press('Tab');
  }
  for (let i = 0; i < 80; i++) {
    const row = await page.evaluate(() => document.activeElement?.closest('[role="row"]')?.textContent ?? '');
    if (row.includes(text)) break;
    await page.keyboard.press('ArrowDown');
  }
  for (let i = 0; i < 12 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(target).toBeFocused();
  return target;
}

test.describe('business accounts in the admin', () => {
  // Keyboard sign-in, three saves and axe scans: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 150_000 });

  test('the owner adds a district on net 30 with a limit, is refused a duplicate domain and edits the limit', async ({
    page,
  }, testInfo) => {
    const domain = `${testInfo.project.name}-${Date.now()}.ector.k12.tx.us`;
    const name = `Ector County ISD ${testInfo.project.name} ${Date.now()}`;
    await signInByKeyboard(page);
    await press(page, page.getByRole('link', { name: 'Business accounts', exact: true }));
    await expect(page.getByRole('heading', { name: 'Business accounts', level: 1 })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    const dialog = await addAccount(page, name, domain, async (d) => {
      await choose(page, d.getByRole('button', { name: /Payment terms/ }), 'Net 30');
      await typeInto(page, d.getByRole('textbox', { name: 'Credit limit' }), '5000');
      await press(page, d.getByRole('switch', { name: 'Tax exempt' }), 'Space');
      await expect(d.getByText('No resale or exemption certificate is on file yet')).toBeVisible();
      expect(await scanAxe(page)).toEqual([]);
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    const grid = page.getByRole('grid', { name: 'Business accounts' });
    const row = grid.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`Every address at ${domain}`);
    await expect(row).toContainText('Net 30');
    await expect(row).toContainText('$5,000.00');
    await expect(row).toContainText('Exempt, certificate missing');
    expect(await scanAxe(page)).toEqual([]);

    // The same domain again, typed with capitals: refused at the field, naming the account.
    const again = await addAccount(page, 'Ector again', domain.toUpperCase());
    const field = again.getByRole('textbox', { name: 'Domain' });
    await expect(field).toHaveAccessibleDescription(
      new RegExp(`“${name}” already matches ${domain.replaceAll('.', '\\.')}\\.`),
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await scanAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(grid.getByRole('row').filter({ hasText: 'Ector again' })).toHaveCount(0);

    // Edit the limit from the list: $7,500.00.
    await (await gridButton(page, grid, name, `Edit ${name}`)).press('Enter');
    const edit = page.getByRole('dialog', { name: 'Add or Edit Business Account' });
    await expect(edit.getByRole('textbox', { name: 'Credit limit' })).toHaveValue('$5,000.00');
    await typeInto(page, edit.getByRole('textbox', { name: 'Credit limit' }), '7500');

    // The certificate goes on file through the artwork upload, and only the admin downloads it.
    await edit
      .getByLabel(/^Certificate file/)
      .setInputFiles({ name: 'resale-certificate.png', mimeType: 'image/png', buffer: await png(400, 300) });
    await press(page, edit.getByRole('button', { name: 'Upload certificate' }));
    await expect(edit.getByRole('status')).toHaveText('Certificate on file.', { timeout: 30_000 });
    await expect(edit.getByText('The exemption certificate is on file.')).toBeVisible();
    const downloaded = page.waitForEvent('download');
    await press(page, edit.getByRole('button', { name: 'Download certificate' }));
    expect((await downloaded).suggestedFilename()).toBe('resale-certificate.png');
    expect(await scanAxe(page)).toEqual([]);

    await press(page, edit.getByRole('button', { name: 'Save' }));
    await expect(edit).toBeHidden();
    await expect(row).toContainText('$7,500.00');
    await expect(row).toContainText('Net 30');
    await expect(row).toContainText('Exempt, certificate on file');
    expect(await scanAxe(page)).toEqual([]);
  });
});
