import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/**
 * A print location added to and taken off a paid order's design in the order dialog (docs/decisions/0029-deposits.md:
 * "add a front print", "drop the second side"), by keyboard: 12 yard signs printed on their second
 * side ($4.00 a sign). Without a choice nothing is sent and the field says why; the front ($0.00)
 * goes on with its artwork to come, then the second side comes off: $48.00 less, $51.84 with the
 * tax, which the dialog offers to refund.
 */

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

/** Opens a select from the keyboard and picks the option named `name`. */
async function choose(page: Page, trigger: Locator, name: string | RegExp) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name });
  for (let i = 0; i < 12 && !(await option.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the owner adds a front print to a paid order and drops its second side, by keyboard', async ({
  page,
  request,
}, testInfo) => {
  const buyer = `locations-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);

  await signInAsOwner(page);
  const dialog = await openOrderOf(page, buyer);
  const change = dialog.getByRole('region', { name: 'Change order' });
  const form = change.getByRole('group', { name: 'Add or remove a print location' });
  // One location on the design: nothing to remove yet.
  await expect(form.getByRole('button', { name: /Location to remove$/ })).toHaveCount(0);

  const toAdd = form.getByRole('button', { name: /Location to add$/ });
  await press(form.getByRole('button', { name: 'Add location' }));
  await expect(toAdd).toBeFocused();
  await expect(toAdd).toHaveAccessibleDescription(/Choose a location to add\./);

  await choose(page, toAdd, 'Front ($0.00 a piece)');
  await press(form.getByRole('button', { name: 'Add location' }));
  const done = change.getByRole('status');
  await expect(done).toHaveText(
    /^Added: Custom Coroplast Yard Sign.*, second side, front print \(artwork to come\)\. The order is paid in full\.$/,
  );
  await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText(
    /Custom Coroplast Yard Sign.*: front print added \(artwork to come\), \+\$0\.00/,
  );
  expect(await scanAxe(page)).toEqual([]);

  // Printed on two sides now: either can come off.
  await choose(page, form.getByRole('button', { name: /Location to remove$/ }), 'Second side');
  await press(form.getByRole('button', { name: 'Remove location' }));
  await expect(done).toHaveText(
    /^Removed: Custom Coroplast Yard Sign.*, second side \+ front, second side print\. \$51\.84 was paid more than the order now costs: refund it under Refunds\.$/,
  );
  await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText(/second side print removed, −\$48\.00/);
  // The front alone is left, so there is nothing more to remove, and the second side can go back on.
  await expect(form.getByRole('button', { name: /Location to remove$/ })).toHaveCount(0);
  await form.getByRole('button', { name: /Location to add$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Second side ($4.00 a piece)' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await scanAxe(page)).toEqual([]);
});
