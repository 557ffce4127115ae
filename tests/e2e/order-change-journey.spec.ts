import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { expect, type Locator, test } from '../support/e2e-test.ts';

/**
 * An order changed after payment (docs/decisions/0029-deposits.md), on both sides, by keyboard: the owner adds six
 * signs of the size ordered to a paid order of 12 (18 at $25.00, each printed on its second side
 * at $4.00: +$174.00, $187.92 with the tax), takes $10.00 off as a credit (a reason is required,
 * said at its field), requests the difference, and the customer follows the e-mailed link and
 * pays it on the test checkout, leaving the order paid in full.
 */

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

test('the owner adds six signs and a credit to a paid order and requests the difference; the customer pays it by keyboard', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const buyer = `changed-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);

  await signInAsOwner(page);
  const dialog = await openOrderOf(page, buyer);
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Balance due $0.00');

  const change = dialog.getByRole('region', { name: 'Change order' });
  // Six more of the size ordered: the size's list opens from the keyboard, and its pieces are typed.
  await change.getByRole('button', { name: /Size$/ }).focus();
  await page.keyboard.press('Enter');
  const ordered = page.getByRole('option', { name: /\(12 ordered\)$/ });
  for (let i = 0; i < 12 && !(await ordered.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(ordered).toBeFocused();
  await page.keyboard.press('Enter');
  const pieces = change.getByRole('textbox', { name: 'Pieces of this size' });
  await expect(pieces).toHaveValue('12');
  await pieces.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('18');
  await press(change.getByRole('button', { name: 'Change pieces' }));
  const done = change.getByRole('status');
  await expect(done).toHaveText(
    /^Changed: Custom Coroplast Yard Sign.*, second side, .+ 12 → 18\. The order now owes \$187\.92: request it under Payments\.$/,
  );
  await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText(
    /Order changed \(by the owner\): Custom Coroplast Yard Sign.*: .+ 12 → 18, \+\$174\.00; total \$[\d,.]+ → \$[\d,.]+/,
  );

  // A credit: without a reason nothing is sent, and the reason field says why and takes the focus.
  const amount = change.getByRole('textbox', { name: 'Adjustment amount' });
  const reason = change.getByRole('textbox', { name: 'Reason (the customer sees it)' });
  await amount.focus();
  await page.keyboard.type('10');
  await press(change.getByRole('button', { name: 'Take off as a credit' }));
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/Say why the order changes\./);
  expect(await scanAxe(page)).toEqual([]);
  await page.keyboard.type('Loyal customer');
  await press(change.getByRole('button', { name: 'Take off as a credit' }));
  await expect(done).toHaveText(
    'Added: Adjustment −$10.00, Loyal customer. The order now owes $177.12: request it under Payments.',
  );
  await expect(dialog.getByRole('row', { name: /Adjustment: Loyal customer/ })).toContainText('-$10.00');

  await expect(payments).toContainText('Balance due $177.12');
  await expect(payments).toContainText('The order changed after payment: $177.12 more is owed.');
  await press(payments.getByRole('button', { name: 'Request the difference' }));
  const preview = payments.getByRole('region', { name: 'Payment request preview' });
  await expect(preview).toContainText('This asks $177.12.');
  await press(preview.getByRole('button', { name: 'Send the request for $177.12' }));
  await expect(payments.getByRole('list', { name: 'Payment requests' })).toContainText('Balance, $177.12 (open)');
  expect(await scanAxe(page)).toEqual([]);

  // The customer, in a browser of their own, follows the e-mail's link and pays the difference.
  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInMail(buyer, /^A payment of \$177\.12 for order \w+$/));
  await expect(shopper.getByRole('region', { name: 'History' })).toContainText(
    /West Texas Prints changed the order: “Adjustment −\$10\.00 — Loyal customer; total/,
  );
  const owed = shopper.getByRole('region', { name: 'Payments' });
  await expect(owed).toContainText('Balance due: $177.12');
  await expect(owed.getByRole('heading', { name: 'Balance: $177.12' })).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);
  await press(owed.getByRole('button', { name: 'Pay $177.12' }));

  await expect(shopper.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible();
  await expect(shopper.getByText(/^Balance, order \w{8}$/)).toBeVisible();
  await press(shopper.getByRole('button', { name: 'Pay $177.12' }));

  await expect(shopper.getByRole('status')).toHaveText('Thank you for your payment.');
  const after = shopper.getByRole('region', { name: 'Payments' });
  await expect(after).toContainText('Balance due: $0.00');
  await expect(after.getByRole('listitem').nth(1)).toContainText('Test checkout, $177.12');
  await expect(after.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  expect(await scanAxe(shopper)).toEqual([]);
  await customer.close();

  // The owner sees the order paid in full.
  const reopened = await openOrderOf(page, buyer);
  await expect(reopened.getByRole('region', { name: 'Payments' })).toContainText('Balance due $0.00');
  await expect(reopened.getByRole('list', { name: 'Payment requests' })).toContainText('Balance, $177.12 (paid)');
});
