import { png } from '../support/artwork-files.ts';
import { productionOf, press, sendProof, signInAsOwner } from '../support/admin-e2e.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail, mailTo } from '../support/e2e-mailbox.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';

/**
 * The proof loop of docs/decisions/0016-order-workflow.md, on both sides, by keyboard: the owner sends a proof from the
 * admin; the customer (another browser, no account) follows the e-mailed link, asks for changes,
 * then approves the second proof; the owner ships with a tracking number; the customer's page
 * shows every step. The shop's mail goes to a real SMTP server (scripts/e2e-server.mts).
 */

test('the owner sends a proof, the customer asks for changes then approves from the e-mail, the owner ships', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const buyer = `proof-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);

  // The owner sends the first proof.
  await signInAsOwner(page);
  let production = await productionOf(page, buyer);
  await expect(production).toContainText('Stage: Paid');
  await sendProof(page, production, 'proof-v1.png', 'Logo 10 in wide, centred');
  expect(await scanAxe(page)).toEqual([]);

  // The customer, in a browser of their own, follows the e-mail's link and asks for a change.
  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInMail(buyer, /^Your proof for order \w+ is ready$/));
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Proof sent' })).toBeVisible();
  await expect(shopper.getByRole('img', { name: 'Proof: proof-v1.png' })).toBeVisible();
  await expect(shopper.getByRole('region', { name: 'Your proof' })).toContainText('Logo 10 in wide, centred');
  expect(await scanAxe(shopper)).toEqual([]);
  await shopper.getByRole('textbox', { name: 'What should we change?' }).focus();
  await shopper.keyboard.type('Please make the logo bigger');
  // New artwork goes with the request, straight to storage, checked before it is sent.
  await shopper
    .getByLabel(/^New artwork/)
    .setInputFiles({ name: 'bigger-logo.png', mimeType: 'image/png', buffer: await png(900, 900) });
  await expect(shopper.getByText(/^Ready to send: bigger-logo\.png\./)).toBeVisible({ timeout: 20_000 });
  await press(shopper.getByRole('button', { name: 'Request changes' }));
  await expect(shopper.getByRole('status')).toHaveText(/we have your changes/);
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Changes requested' })).toBeVisible();

  // The owner sees the request and sends a second proof.
  production = await productionOf(page, buyer);
  await expect(production).toContainText('Stage: Changes requested');
  await expect(production.getByRole('list', { name: 'Timeline' })).toContainText(
    'Changes requested (by the customer): Please make the logo bigger New artwork: bigger-logo.png',
  );
  await expect(
    page.getByRole('region', { name: 'Files the customer sent later' }).getByRole('button', {
      name: 'Download original bigger-logo.png (sent later)',
    }),
  ).toBeVisible();
  await sendProof(page, production, 'proof-v2.png', 'Logo 12 in wide');

  // The customer approves the second proof from its e-mail.
  await shopper.goto(await linkInMail(buyer, /^Your proof for order \w+ is ready$/, 2));
  await expect(shopper.getByRole('img', { name: 'Proof: proof-v2.png' })).toBeVisible();
  await press(shopper.getByRole('button', { name: 'Approve this proof' }));
  await expect(shopper.getByRole('status')).toHaveText(/the proof is approved/);
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Approved' })).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Approve this proof' })).toHaveCount(0);

  // The owner prints and ships with a tracking number.
  production = await productionOf(page, buyer);
  await expect(production).toContainText('Stage: Approved');
  await press(production.getByRole('button', { name: 'Mark in production' }));
  await expect(production).toContainText('Stage: In production');
  await production.getByRole('textbox', { name: 'Tracking number' }).focus();
  await page.keyboard.type('1Z999AA10123456784');
  await press(production.getByRole('button', { name: 'Mark shipped' }));
  await expect(production).toContainText('Stage: Shipped');

  // The customer's page shows where it is, how to track it and the whole history.
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Shipped' })).toBeVisible();
  await expect(shopper.getByRole('link', { name: 'Track your package' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  const history = shopper.getByRole('region', { name: 'History' });
  await expect(history).toContainText('You asked for changes');
  await expect(history).toContainText('You approved the proof');
  await expect(history).toContainText('Shipped');
  expect(await scanAxe(shopper)).toEqual([]);
  expect(mailTo(buyer, /has shipped$/)).toHaveLength(1);
  await customer.close();
});

test('a customer whose artwork was to come sends it from the order page, and the order is back in line', async ({
  browser,
  request,
}, testInfo) => {
  const buyer = `later-${testInfo.project.name}-${Date.now()}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name, { artworkLater: true });
  const customer = await customerBrowser(browser, testInfo);
  const shopper = await customer.newPage();
  await shopper.goto(await linkInMail(buyer, /^Thanks for your order! Order \w+ is confirmed$/));
  await expect(shopper.getByRole('link', { name: 'West Texas Prints home' })).toBeVisible();
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Awaiting artwork' })).toBeVisible();
  const items = shopper.getByRole('region', { name: 'Items' });
  const field = items.getByLabel(/^Artwork for Second side/);
  expect(await scanAxe(shopper)).toEqual([]);
  // The file goes straight to storage and is checked before it is sent.
  await field.setInputFiles({ name: 'back-of-sign.png', mimeType: 'image/png', buffer: await png(900, 600) });
  await expect(items.getByText(/^Ready to send: back-of-sign\.png\./)).toBeVisible({ timeout: 20_000 });
  await press(items.getByRole('button', { name: 'Send the artwork for Second side' }));
  await expect(shopper.getByRole('status').filter({ hasText: 'Thank you: we have your artwork.' })).toBeVisible();
  await expect(shopper.getByRole('heading', { level: 2, name: 'Where it is: Paid' })).toBeVisible();
  await expect(items).toContainText('Second side: back-of-sign.png');
  await expect(items.getByRole('button', { name: /^Send the artwork/ })).toHaveCount(0);
  await expect(shopper.getByRole('region', { name: 'History' })).toContainText(
    'All artwork is here: the order is in line for its proof',
  );
  expect(await scanAxe(shopper)).toEqual([]);
});
