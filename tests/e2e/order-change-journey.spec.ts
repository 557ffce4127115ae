import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { expect, type Locator, test } from '../support/e2e-test.ts';

/**
 * An order changed after payment (issue #29), on both sides, by keyboard: the owner adds an
 * adjustment line for six more signs to a paid order (a reason is required, said at its field),
 * requests the difference, and the customer follows the e-mailed link and pays it on the test
 * checkout, leaving the order paid in full. The tax follows the change: $30.00 more costs $32.40.
 */

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

test('the owner adds six signs to a paid order and requests the difference; the customer pays it by keyboard', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const buyer = `changed-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);

  await signInAsOwner(page);
  const dialog = await openOrderOf(page, buyer);
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Balance due $0.00');

  const change = dialog.getByRole('region', { name: 'Change order' });
  const amount = change.getByRole('textbox', { name: 'Adjustment amount' });
  const reason = change.getByRole('textbox', { name: 'Reason (the customer sees it)' });
  await amount.focus();
  await page.keyboard.type('30');
  // Without a reason nothing is sent: the reason field says why and takes the focus.
  await press(change.getByRole('button', { name: 'Add to the order' }));
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/Say why the order changes\./);
  expect(await scanAxe(page)).toEqual([]);
  await page.keyboard.type('Six more signs');
  await press(change.getByRole('button', { name: 'Add to the order' }));
  await expect(change.getByRole('status')).toHaveText(
    'Added: Adjustment +$30.00, Six more signs. The order now owes $32.40: request it under Payments.',
  );
  await expect(dialog.getByRole('row', { name: /Adjustment: Six more signs/ })).toContainText('$30.00');
  await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText(
    /Order changed \(by the shop\): Adjustment \+\$30\.00 — Six more signs; total \$[\d,.]+ → \$[\d,.]+/,
  );

  await expect(payments).toContainText('Balance due $32.40');
  await expect(payments).toContainText('The order changed after payment: $32.40 more is owed.');
  await press(payments.getByRole('button', { name: 'Request the difference' }));
  await expect(payments.getByRole('list', { name: 'Payment requests' })).toContainText('Balance, $32.40 (open)');
  expect(await scanAxe(page)).toEqual([]);

  // The customer, in a browser of their own, follows the e-mail's link and pays the difference.
  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInMail(buyer, /^A payment of \$32\.40 for order \w+$/));
  await expect(shopper.getByRole('region', { name: 'History' })).toContainText(
    /West Texas Prints changed the order: “Adjustment \+\$30\.00 — Six more signs; total/,
  );
  const owed = shopper.getByRole('region', { name: 'Payments' });
  await expect(owed).toContainText('Balance due: $32.40');
  await expect(owed.getByRole('heading', { name: 'Balance: $32.40' })).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);
  await press(owed.getByRole('button', { name: 'Pay $32.40' }));

  await expect(shopper.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible();
  await expect(shopper.getByText(/^Balance, order \w{8}$/)).toBeVisible();
  await press(shopper.getByRole('button', { name: 'Pay $32.40' }));

  await expect(shopper.getByRole('status')).toHaveText('Thank you for your payment.');
  const after = shopper.getByRole('region', { name: 'Payments' });
  await expect(after).toContainText('Balance due: $0.00');
  await expect(after.getByRole('listitem').nth(1)).toContainText('Test checkout, $32.40');
  await expect(after.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  expect(await scanAxe(shopper)).toEqual([]);
  await customer.close();

  // The owner sees the order paid in full.
  const reopened = await openOrderOf(page, buyer);
  await expect(reopened.getByRole('region', { name: 'Payments' })).toContainText('Balance due $0.00');
  await expect(reopened.getByRole('list', { name: 'Payment requests' })).toContainText('Balance, $32.40 (paid)');
});
