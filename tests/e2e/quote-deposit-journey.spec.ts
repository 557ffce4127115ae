import { png } from '../support/artwork-files.ts';
import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';

/**
 * A quote taken on a 50 % deposit (docs/decisions/0029-deposits.md), by keyboard on both sides: the owner prices the
 * job with the shop's deposit; the customer accepts and pays the deposit; proof, approval and
 * production follow; shipping it asks the balance by e-mail, which the customer pays from the
 * order page: the order is paid in full.
 */

async function press(target: Locator, key = 'Enter') {
  await target.focus();
  await target.press(key);
}

async function type(page: Page, target: Locator, value: string) {
  await target.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
}

test('a quote accepted with a 50 % deposit is proofed, printed and shipped; the balance is asked and paid', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const email = `deposit-journey-${testInfo.project.name}-${Date.now()}@example.com`;
  const asked = await request.post('/api/quote-requests', {
    data: { what: 'Team hoodies, one colour front', quantity: 24, fullName: 'Coach Avery', emailAddress: email },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const { reference } = (await asked.json()) as { reference: string };

  // The owner prices 24 hoodies at $20.00 with a $30 setup, on the shop's 50 % deposit.
  await signInAsOwner(page);
  await page.goto('/admin/quotes');
  const row = page.getByRole('grid', { name: 'Quotes' }).getByRole('row').filter({ hasText: reference });
  const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(async () => {
    if (!(await dialog.isVisible())) await row.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await type(page, dialog.getByRole('textbox', { name: 'Price per piece' }), '20');
  await type(page, dialog.getByRole('textbox', { name: 'Setup fee' }), '30');
  // A money field takes its value when it is left.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Deposit on Accept (%)' })).toHaveValue('50');
  // $480.00 + $30.00 setup, free shipping, 8 % tax $40.80: $550.80, half of it on Accept.
  const soFar = dialog.getByRole('region', { name: 'Quote so far' });
  await expect(soFar).toContainText('Total$550.80');
  await expect(soFar).toContainText('Deposit on Accept (50 %)$275.40');
  await expect(soFar).toContainText('Balance, asked later$275.40');
  expect(await scanAxe(page)).toEqual([]);
  await press(dialog.getByRole('button', { name: 'Save revision' }));
  await expect(dialog.getByRole('status')).toHaveText('Revision 1 saved. Send it when ready.');
  await press(dialog.getByRole('button', { name: 'Send revision 1 to the customer' }));
  await expect(dialog.getByRole('status')).toHaveText(`Revision 1 sent to ${email}.`);

  // The customer reads the terms, accepts and pays the deposit.
  const customer = await customerBrowser(browser, testInfo);
  const visitor = await customer.newPage();
  await visitor.goto(await linkInMail(email, /^Your quote Q-\d+ from .+: \$550\.80$/, 1, 'quotes'));
  await expect(visitor.getByText(/^Accepting pays a 50 % deposit of \$275\.40 now\./)).toContainText(
    'The balance of $275.40 is asked when your order is ready.',
  );
  expect(await scanAxe(visitor)).toEqual([]);
  await press(visitor.getByRole('button', { name: 'Accept and pay the deposit, $275.40' }));
  await expect(visitor.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('Due now (deposit)')).toBeVisible();
  await fillTestCheckoutContact(visitor);
  await press(visitor.getByRole('button', { name: 'Pay' }));
  await expect(visitor).toHaveURL(/\/success\?session_id=/, { timeout: 30_000 });
  const totals = visitor.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText('Paid now (deposit)$275.40');
  await expect(totals).toContainText('Balance, asked later$275.40');

  // The quote list does not call a deposit "paid": the quote is accepted, the order says the rest.
  await page.goto('/admin/quotes');
  await expect(row).toContainText('Accepted');
  await expect(row).not.toContainText('Accepted and paid');

  // The owner sees the deposit paid and the balance, and sends the proof.
  let order = await openOrderOf(page, email);
  const payments = order.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Balance due $275.40');
  await expect(payments).toContainText(
    'Accepted on a deposit of $275.40: the balance is asked when the order is marked ready for pickup or shipped.',
  );
  let production = order.getByRole('region', { name: 'Production' });
  await production
    .getByLabel(/^Proof file/)
    .setInputFiles({ name: 'hoodie-proof.png', mimeType: 'image/png', buffer: await png(800, 500) });
  await press(production.getByRole('button', { name: 'Upload and send proof' }));
  await expect(production).toContainText('Stage: Proof sent');

  // The customer approves it from the e-mail; the page says when the balance is asked.
  await visitor.goto(await linkInMail(email, /^Your proof for order \w+ is ready$/));
  const owed = visitor.getByRole('region', { name: 'Payments' });
  await expect(owed).toContainText('Balance due: $275.40');
  await expect(owed).toContainText('You paid a deposit. We ask for the balance when your order is ready.');
  await press(visitor.getByRole('button', { name: 'Approve this proof' }));
  await expect(visitor.getByRole('status')).toHaveText(/the proof is approved/);

  // The owner prints and ships: shipping asks the balance.
  order = await openOrderOf(page, email);
  production = order.getByRole('region', { name: 'Production' });
  await press(production.getByRole('button', { name: 'Mark in production' }));
  await expect(production).toContainText('Stage: In production');
  await production.getByRole('textbox', { name: 'Tracking number' }).focus();
  await page.keyboard.type('1Z999AA10123456784');
  await press(production.getByRole('button', { name: 'Mark shipped' }));
  await expect(production).toContainText('Stage: Shipped');
  order = await openOrderOf(page, email);
  await expect(order.getByRole('list', { name: 'Payment requests' })).toContainText('Balance, $275.40 (open)');

  // The customer pays the balance from the e-mailed link.
  await visitor.goto(await linkInMail(email, /^A payment of \$275\.40 for order \w+$/));
  const balance = visitor.getByRole('region', { name: 'Payments' });
  await expect(balance.getByRole('heading', { name: 'Balance: $275.40' })).toBeVisible();
  await expect(balance).toContainText('Your order is ready: this is the balance after your deposit.');
  expect(await scanAxe(visitor)).toEqual([]);
  await press(balance.getByRole('button', { name: 'Pay $275.40' }));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible();
  await press(visitor.getByRole('button', { name: 'Pay $275.40' }));
  await expect(visitor.getByRole('status')).toHaveText('Thank you for your payment.');
  const paid = visitor.getByRole('region', { name: 'Payments' });
  await expect(paid).toContainText('Paid so far: $550.80');
  await expect(paid).toContainText('Balance due: $0.00');
  await expect(paid.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  expect(await scanAxe(visitor)).toEqual([]);
  await customer.close();

  // Paid in full on the owner's side too.
  order = await openOrderOf(page, email);
  await expect(order.getByRole('region', { name: 'Payments' })).toContainText('Balance due $0.00');
});
