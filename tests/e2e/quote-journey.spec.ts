import { png } from '../support/artwork-files.ts';
import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail, mailTo } from '../support/e2e-mailbox.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';

/**
 * A quote for a custom job (issue #17) end to end, by keyboard on both sides: a visitor asks for
 * 300 banners with their artwork; the owner prices it in the Quotes tab and sends it; the
 * visitor, in a browser of their own, opens the e-mailed link, accepts and pays; the order is in
 * the owner's workflow with the artwork.
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

test('a visitor asks for 300 banners with artwork, the owner prices and sends the quote, the visitor pays it from the e-mail', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `quote-journey-${testInfo.project.name}-${Date.now()}@example.com`;

  // The visitor, in a browser of their own, asks for the quote with their artwork.
  const customer = await customerBrowser(browser, testInfo);
  const visitor = await customer.newPage();
  await visitor.goto('/quote');
  await type(
    visitor,
    visitor.getByLabel('What do you need printed?', { exact: true }),
    'Vinyl event banners, 3 × 6 ft',
  );
  await type(visitor, visitor.getByLabel('How many?', { exact: true }), '300');
  await visitor
    .getByLabel('Artwork (optional)')
    .setInputFiles({ name: 'fair-banner.png', mimeType: 'image/png', buffer: await png(1800, 900) });
  await expect(visitor.getByText(/^Ready to send: fair-banner\.png\./)).toBeVisible({ timeout: 20_000 });
  await type(visitor, visitor.getByLabel('Name', { exact: true }), 'Dana Whitfield');
  await type(visitor, visitor.getByLabel('Email', { exact: true }), email);
  expect(await scanAxe(visitor)).toEqual([]);
  await press(visitor.getByRole('button', { name: 'Request a quote' }));
  const status = visitor.getByRole('status');
  await expect(status).toHaveText(/^Your quote request Q-\d+ is in\.$/);
  const reference = /Q-\d+/.exec((await status.textContent()) ?? '')![0];

  // The owner opens the request, sees the file, prices it and sends it.
  await signInAsOwner(page);
  await page.goto('/admin/quotes');
  const row = page.getByRole('grid', { name: 'Quotes' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('New');
  const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(async () => {
    if (!(await dialog.isVisible())) await row.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog.getByRole('region', { name: 'Files sent with the request' })).toContainText('fair-banner.png');
  await expect(
    dialog.getByRole('button', { name: 'Download original fair-banner.png (sent with the request)' }),
  ).toBeVisible();
  // The editor starts with the request as one line: what and how many.
  await expect(dialog.getByRole('textbox', { name: 'Line 1: description' })).toHaveValue(
    'Vinyl event banners, 3 × 6 ft',
  );
  await type(page, dialog.getByRole('textbox', { name: 'Price per piece' }), '18.50');
  await type(page, dialog.getByRole('textbox', { name: 'Setup fee' }), '45');
  await type(page, dialog.getByRole('textbox', { name: 'Message to the customer (optional)' }), 'Grommets included.');
  // The editor adds it up as the owner types, with the same pricing module the server saves with.
  await expect(dialog.getByRole('region', { name: 'Quote so far' })).toContainText('Total$6,042.60');
  await press(dialog.getByRole('button', { name: 'Save revision' }));
  await expect(dialog.getByRole('status')).toHaveText('Revision 1 saved. Send it when ready.');
  // 300 × $18.50 + $45 setup = $5,595.00; free shipping; 8% tax $447.60.
  await expect(dialog.getByRole('table', { name: 'Revisions, newest first' })).toContainText('$6,042.60');
  expect(await scanAxe(page)).toEqual([]);
  await press(dialog.getByRole('button', { name: 'Send revision 1 to the customer' }));
  await expect(dialog.getByRole('status')).toHaveText(`Revision 1 sent to ${email}.`);
  await expect(dialog.getByRole('heading', { name: 'Quote: Quoted' })).toBeVisible();

  // The visitor opens the e-mailed link, reads the quote and pays it.
  await visitor.goto(await linkInMail(email, /^Your quote Q-\d+ from .+: \$6,042\.60$/, 1, 'quotes'));
  await expect(visitor.getByRole('heading', { level: 1, name: `Quote ${reference}` })).toBeVisible();
  const lines = visitor.getByRole('table', { name: `Quote ${reference}, revision 1` });
  await expect(lines).toContainText('Vinyl event banners, 3 × 6 ft');
  await expect(lines).toContainText('Setup, Vinyl event banners, 3 × 6 ft');
  await expect(lines).toContainText('$6,042.60');
  await expect(visitor.getByText('Grommets included.')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Your files' })).toContainText('fair-banner.png');
  expect(await scanAxe(visitor)).toEqual([]);
  await press(visitor.getByRole('button', { name: 'Accept and pay $6,042.60' }));
  await expect(visitor.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('Vinyl event banners, 3 × 6 ft').first()).toBeVisible();
  await fillTestCheckoutContact(visitor);
  await press(visitor.getByRole('button', { name: 'Pay' }));
  await expect(visitor).toHaveURL(/\/success\?session_id=/, { timeout: 30_000 });
  await expect(visitor.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

  // Back on the quote's page it is paid, with the way to follow the order.
  await visitor.goto(await linkInMail(email, /^Your quote Q-\d+/, 1, 'quotes'));
  await expect(visitor.getByRole('heading', { level: 2, name: 'Accepted' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Accept and pay/ })).toHaveCount(0);
  expect(await scanAxe(visitor)).toEqual([]);
  await expect
    .poll(() => mailTo(email, /^Thanks for your order! Order \w+ is confirmed$/).length, { timeout: 20_000 })
    .toBe(1);
  await customer.close();

  // The order is in the owner's workflow, with the quoted lines and the request's artwork.
  const order = await openOrderOf(page, email);
  await expect(order).toContainText('Vinyl event banners, 3 × 6 ft');
  await expect(order.getByRole('region', { name: 'Production' })).toContainText('Stage: Paid');
  await expect(order).toContainText('fair-banner.png');
  await page.goto('/admin/quotes');
  await expect(
    page.getByRole('grid', { name: 'Quotes' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText('Accepted and paid');
});
