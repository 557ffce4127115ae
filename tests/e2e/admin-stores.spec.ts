import { png } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { choose, gridButton, press, tabTo, typeInto } from '../support/admin-keyboard.ts';
import { expect, test } from '../support/e2e-test.ts';
import { shopTime } from '../support/store-e2e.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';

/*
 * docs/decisions/0030-team-stores.md: the owner sets up a store with one design in the Stores tab and sends it to the
 * organiser, by keyboard alone; the organiser opens the link of the e-mail and approves it
 * without a pointer; the owner's list shows it approved. Desktop and mobile share one shop, so
 * each run's store and organiser are its own.
 */

test.describe('team and fundraiser stores', () => {
  test('the owner sets up a store and sends it; the organiser approves it from the e-mail', async ({
    page,
  }, testInfo) => {
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    const name = `Eagles Golf ${stamp}`;
    const organiser = `organiser-${testInfo.project.name}-${Date.now()}@example.org`;
    await signInAsOwner(page);
    await press(page, page.getByRole('link', { name: 'Stores', exact: true }));
    await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    await press(page, page.getByRole('button', { name: 'Add Store' }));
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Store' });
    await expect(dialog).toBeVisible();
    await typeInto(page, dialog.getByRole('textbox', { name: 'Store name' }), name);
    await typeInto(page, dialog.getByRole('textbox', { name: "Organiser's name" }), 'Coach Ramirez');
    await typeInto(page, dialog.getByRole('textbox', { name: "Organiser's e-mail" }), organiser);
    // A datetime-local field's segments differ by browser locale: reached by Tab, then filled.
    const opens = dialog.getByLabel('Opens (shop time)');
    await tabTo(page, opens);
    await opens.fill(shopTime(1));
    const closes = dialog.getByLabel('Closes (shop time)');
    await tabTo(page, closes);
    await closes.fill(shopTime(8));
    await typeInto(page, dialog.getByRole('textbox', { name: 'Minimum per design, pieces' }), '6');

    await choose(page, dialog.getByRole('button', { name: /Product for a new design/ }), 'City Champ Tourney Tee');
    await press(page, dialog.getByRole('button', { name: 'Add design' }));
    const design = dialog.getByRole('group', { name: /Design 1: City Champ Tourney Tee/ });
    await expect(design).toBeVisible();
    await press(
      page,
      design
        .getByRole('group', { name: /^Colours of/ })
        .getByRole('checkbox')
        .first(),
      'Space',
    );
    const sizes = design.getByRole('group', { name: /^Sizes of/ }).getByRole('checkbox');
    await press(page, sizes.nth(0), 'Space');
    await press(page, sizes.nth(1), 'Space');
    await press(page, design.getByRole('checkbox', { name: 'Front' }), 'Space');
    await design
      .getByLabel(/^Artwork file/)
      .setInputFiles({ name: 'eagles-front.png', mimeType: 'image/png', buffer: await png(400, 300) });
    await press(page, design.getByRole('button', { name: /^Upload artwork for the front/ }));
    await expect(design.getByRole('status')).toHaveText(/eagles-front.png is ready/, { timeout: 30_000 });
    await typeInto(page, design.getByRole('textbox', { name: 'Price a piece (design 1)' }), '20');
    expect(await scanAxe(page)).toEqual([]);
    await press(page, dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog).toBeHidden({ timeout: 15_000 });

    const grid = page.getByRole('grid', { name: 'Stores' });
    const row = grid.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('0 of 6 sold');
    await (await gridButton(page, grid, name, `Send to the organiser ${name}`)).press('Enter');
    await expect(row).toContainText('Waiting for the organiser');
    expect(await scanAxe(page)).toEqual([]);

    // The organiser opens the link of the e-mail and approves, keyboard only.
    const link = await linkInMail(organiser, /Please approve your store/, 1, 'stores/organiser');
    await page.goto(link);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Artwork on the front' })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);
    await press(page, page.getByRole('button', { name: /^Approve and open on / }));
    await expect(page.getByRole('status')).toHaveText('Thank you: the store is approved.');
    await expect(page.getByText('0 of 6 sold')).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    // The owner's list shows it approved.
    await page.goto('/admin/stores');
    await expect(grid.getByRole('row').filter({ hasText: name })).toContainText('Approved, opens later', {
      timeout: 15_000,
    });
  });
});
