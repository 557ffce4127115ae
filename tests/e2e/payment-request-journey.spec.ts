import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { expect, type Locator, test } from '../support/e2e-test.ts';

/**
 * A payment request (docs/decisions/0029-deposits.md) on both sides, by keyboard: the owner asks for a 50 % deposit
 * from the order dialog after its preview (amount, basis and e-mail; issue 44, item 6), the customer follows the e-mailed link, pays on the test checkout, and
 * the order page shows the payment and what is still owed. The order's balance comes from a
 * refund here; an order the owner changed after payment is order-change-journey.spec.ts.
 */

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('the owner requests 50 % after its preview, the customer pays it from the e-mailed link, the page shows the payment and the balance', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const buyer = `deposit-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);

  await signInAsOwner(page);
  const dialog = await openOrderOf(page, buyer);
  const payments = dialog.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Balance due $0.00');
  await expect(payments.getByRole('button', { name: 'Request a 50 % deposit' })).toHaveCount(0);

  // 60 % of the order goes back, so it owes that again.
  const refunds = dialog.getByRole('region', { name: 'Refunds' });
  const amount = refunds.getByRole('textbox', { name: 'Amount to refund' });
  // Paid at checkout: the whole order.
  const totalCents = Math.round(dollars((await payments.locator('strong').first().textContent())!) * 100);
  const owedCents = Math.round(totalCents * 0.6);
  await amount.focus();
  await page.keyboard.type((owedCents / 100).toFixed(2));
  await press(refunds.getByRole('button', { name: 'Refund' }));
  await expect(payments).toContainText(`Balance due ${usd(owedCents)}`);

  const depositCents = Math.round(totalCents / 2);
  await payments.getByRole('textbox', { name: 'Note for the customer' }).focus();
  await page.keyboard.type('Deposit for the reprint');
  await press(payments.getByRole('button', { name: 'Request a 50 % deposit' }));
  // Nothing is sent yet: the preview says what the deposit is a share of, what is paid, and the e-mail.
  const preview = payments.getByRole('region', { name: 'Payment request preview' });
  await expect(preview.getByRole('heading', { name: `Deposit 50 %: ${usd(depositCents)}` })).toBeVisible();
  await expect(preview).toContainText(
    `50 % of the order total of ${usd(totalCents)} is ${usd(depositCents)}. Already paid ${usd(totalCents - owedCents)}, balance due ${usd(owedCents)}.`,
  );
  await expect(preview).toContainText(`E-mail to ${buyer}, subject A payment of ${usd(depositCents)} for order`);
  await expect(preview).toContainText('Deposit for the reprint');
  await expect(payments.getByRole('list', { name: 'Payment requests' })).toHaveCount(0);
  expect(await scanAxe(page)).toEqual([]);
  await press(preview.getByRole('button', { name: `Send the request for ${usd(depositCents)}` }));
  await expect(preview).toBeHidden();
  const requests = payments.getByRole('list', { name: 'Payment requests' });
  await expect(requests).toContainText(`Deposit 50 %, ${usd(depositCents)} (open): Deposit for the reprint`);
  expect(await scanAxe(page)).toEqual([]);

  // The customer, in a browser of their own, follows the e-mail's link and pays.
  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInMail(buyer, /^A payment of \$[\d,.]+ for order \w+$/));
  const owed = shopper.getByRole('region', { name: 'Payments' });
  await expect(owed).toContainText(`Balance due: ${usd(owedCents)}`);
  await expect(owed.getByRole('heading', { name: `Deposit 50 %: ${usd(depositCents)}` })).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);
  await press(owed.getByRole('button', { name: `Pay ${usd(depositCents)}` }));

  await expect(shopper.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible();
  await expect(shopper.getByText(/^Deposit 50 %, order \w{8}$/)).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);
  await press(shopper.getByRole('button', { name: `Pay ${usd(depositCents)}` }));

  await expect(shopper.getByRole('status')).toHaveText('Thank you for your payment.');
  const after = shopper.getByRole('region', { name: 'Payments' });
  await expect(after).toContainText(`Balance due: ${usd(owedCents - depositCents)}`);
  await expect(after.getByRole('listitem')).toHaveCount(2);
  await expect(after.getByRole('listitem').nth(1)).toContainText(`Test checkout, ${usd(depositCents)}`);
  await expect(after.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  expect(await scanAxe(shopper)).toEqual([]);
  await customer.close();
});
