import { png } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { choose, gridButton, press, typeInto } from '../support/admin-keyboard.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { discardChanges, signInAsOwner } from '../support/admin-e2e.ts';

/*
 * docs/decisions/0029-deposits.md, business accounts: the owner adds a school district on net 30 with a credit limit
 * and tax exemption, by keyboard alone; a second account for the same domain is refused at the
 * field; the list reads the terms in words and the limit in dollars; the exemption certificate
 * goes on file through the artwork upload. Desktop and mobile share
 * one shop, so each run's domain is a sub-domain of its own under ector.k12.tx.us.
 */

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

test.describe('business accounts in the admin', () => {
  test('the owner adds a district on net 30 with a limit, is refused a duplicate domain and edits the limit', async ({
    page,
  }, testInfo) => {
    const domain = `${testInfo.project.name}-${Date.now()}.ector.k12.tx.us`;
    const name = `Ector County ISD ${testInfo.project.name} ${Date.now()}`;
    await signInAsOwner(page);
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
    await discardChanges(page);
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
