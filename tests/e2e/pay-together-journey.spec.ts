import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { type APIRequestContext, expect, type Locator, test } from '../support/e2e-test.ts';
import { ownerState } from '../support/e2e-shop.ts';

/**
 * Paying several requests together (docs/decisions/0029-deposits.md), by keyboard: a customer owes on two orders, each
 * with a payment request; the second request's e-mail offers the pay-together link; they pay both
 * in one test checkout, and both orders are paid in full.
 */

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The owner grows the order behind the `nth` confirmation e-mail and asks for its balance: answers what it asks. */
async function owingWithRequest(request: APIRequestContext, buyer: string, nth: number, cents: number) {
  const link = await linkInMail(buyer, /^Thanks for your order! Order \w+ is confirmed$/, nth);
  const id = uuidOf(new URL(link).pathname.split('/')[2]!.split('.')[0]!);
  const { token } = ownerState();
  const headers = { authorization: `Bearer ${token}` };
  const grown = await request.post(`/api/orders/${id}/adjustments`, {
    headers,
    data: { amount_cents: cents, reason: 'Six more signs' },
  });
  expect(grown.status()).toBe(201);
  const asked = await request.post(`/api/orders/${id}/payment-requests`, { headers, data: { kind: 'balance' } });
  expect(asked.status()).toBe(201);
  return {
    id,
    number: id.replaceAll('-', '').slice(0, 8).toUpperCase(),
    cents: ((await asked.json()) as { amount_cents: number }).amount_cents,
  };
}

test('a customer owing on two orders pays both in one test checkout from the e-mailed link', async ({
  browser,
  request,
}, testInfo) => {
  const buyer = `together-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);
  await paidPrintedOrder(request, buyer, testInfo.project.name);
  const first = await owingWithRequest(request, buyer, 1, 3_000);
  const second = await owingWithRequest(request, buyer, 2, 4_500);
  const total = first.cents + second.cents;

  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInMail(buyer, /^A payment of \$[\d,.]+ for order \w+$/, 2, 'pay'));
  await expect(shopper.getByRole('heading', { level: 1, name: 'What you owe' })).toBeVisible();
  const choices = shopper.getByRole('group', { name: 'Choose what to pay' });
  const firstBox = choices.getByRole('checkbox', { name: `Balance, order ${first.number} ${usd(first.cents)}` });
  const secondBox = choices.getByRole('checkbox', { name: `Balance, order ${second.number} ${usd(second.cents)}` });
  await expect(firstBox).toBeChecked();
  await expect(secondBox).toBeChecked();
  const pay = shopper.getByRole('button', { name: `Pay ${usd(total)}` });
  await expect(pay).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);

  // Unticking one follows in the total; ticking it again brings it back.
  await secondBox.focus();
  await shopper.keyboard.press('Space');
  await expect(shopper.getByRole('button', { name: `Pay ${usd(first.cents)}` })).toBeVisible();
  await shopper.keyboard.press('Space');
  await expect(pay).toBeVisible();
  await press(pay);

  await expect(shopper.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible();
  await expect(shopper.getByText(`Balance, order ${first.number}`)).toBeVisible();
  await expect(shopper.getByText(`Balance, order ${second.number}`)).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);
  await press(shopper.getByRole('button', { name: `Pay ${usd(total)}` }));

  await expect(shopper.getByRole('status')).toHaveText('Thank you for your payment.');
  await expect(shopper.getByText('Nothing is owed. Thank you.')).toBeVisible();
  expect(await scanAxe(shopper)).toEqual([]);

  for (const nth of [1, 2]) {
    await shopper.goto(await linkInMail(buyer, /^Thanks for your order! Order \w+ is confirmed$/, nth));
    await expect(shopper.getByRole('region', { name: 'Payments' })).toContainText('Balance due: $0.00');
  }
  await customer.close();
});
