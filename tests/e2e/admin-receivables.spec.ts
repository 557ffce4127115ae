import { readFileSync } from 'node:fs';
import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/**
 * Accounts receivable (docs/decisions/0029-deposits.md), by keyboard: a customer owes on an open payment request; the
 * owner finds them on the Receivables tab, in the ageing table and in the list of open items,
 * follows the link to the order, and downloads the payments CSV of the month.
 */

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/** Gives part of a paid order back and asks for a 50 % deposit, in the order dialog: answers the deposit. */
async function openRequest(page: Page, buyer: string): Promise<number> {
  const dialog = await openOrderOf(page, buyer);
  const payments = dialog.getByRole('region', { name: 'Payments' });
  const totalCents = Math.round(dollars((await payments.locator('strong').first().textContent())!) * 100);
  const refunds = dialog.getByRole('region', { name: 'Refunds' });
  await refunds.getByRole('textbox', { name: 'Amount to refund' }).focus();
  await page.keyboard.type((Math.round(totalCents * 0.6) / 100).toFixed(2));
  await press(refunds.getByRole('button', { name: 'Refund' }));
  await expect(payments).toContainText(`Balance due ${usd(Math.round(totalCents * 0.6))}`);
  await press(payments.getByRole('button', { name: 'Request a 50 % deposit' }));
  const deposit = Math.round(totalCents / 2);
  await press(
    payments
      .getByRole('region', { name: 'Payment request preview' })
      .getByRole('button', { name: `Send the request for ${usd(deposit)}` }),
  );
  await expect(payments.getByRole('list', { name: 'Payment requests' })).toContainText(
    `Deposit 50 %, ${usd(deposit)} (open)`,
  );
  // Escape closes the dialog from wherever focus is inside it.
  await dialog.press('Escape');
  await expect(dialog).toBeHidden();
  return deposit;
}

test('the owner sees who owes what by age, opens the order from it and downloads the payments CSV', async ({
  page,
  request,
}, testInfo) => {
  const buyer = `owes-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);
  await signInAsOwner(page);
  const deposit = await openRequest(page, buyer);

  // The tab bar is a list of links (on a phone it scrolls): the keyboard reaches Receivables.
  await press(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Receivables' }));
  await expect(page).toHaveURL(/\/admin\/receivables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Owed by customer and days past due' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: buyer }) });
  await expect(row.getByRole('cell')).toHaveText([usd(deposit), '$0.00', '$0.00', '$0.00', '$0.00', usd(deposit)]);
  await expect(table.getByRole('row', { name: /^All customers/ })).toBeVisible();

  const section = page.getByRole('region', { name: `${buyer}: ${usd(deposit)}` });
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText('Payment request: Deposit 50 %');
  await expect(section.getByRole('listitem')).toContainText('(today) · Current');
  expect(await scanAxe(page)).toEqual([]);

  // The customer's name in the table jumps to their open items.
  await press(row.getByRole('link', { name: buyer }));
  await expect(page).toHaveURL(/#receivable-customer-\d+$/);

  // The payments CSV of this month (the range the screen starts with) has the order's payment.
  const download = page.waitForEvent('download');
  await press(page.getByRole('button', { name: 'Download payments CSV' }));
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Payment date,Customer,Invoice no,Order,Amount received,Payment method,Reference no',
  );
  expect(csv).toContain(`,${buyer},,`);

  // A backwards range is refused at the field, before anything is asked.
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  await to.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('20000101');
  await press(page.getByRole('button', { name: 'Download invoices CSV' }));
  await expect(page.getByText('To is before From.')).toBeVisible();

  // The order link opens the order's dialog on the Orders tab.
  await press(section.getByRole('link', { name: /^Order [0-9A-F]{8}$/ }));
  await expect(page).toHaveURL(/\/admin\/orders\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog', { name: /^Order / })).toBeVisible();
});
