import { formatUsd } from '../../src/lib/money.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { png } from '../support/artwork-files.ts';
import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail, mailTo } from '../support/e2e-mailbox.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { ownerAuthorization, productEditor, seededListIds } from '../support/list-priced-e2e.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';

/**
 * A quote for a custom job (docs/decisions/0017-quotes.md) end to end, by keyboard on both sides: a visitor asks for
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
  // The editor offers the shop's 50 % deposit; this job is paid in full on Accept.
  const deposit = dialog.getByRole('textbox', { name: 'Deposit on Accept (%)' });
  await expect(deposit).toHaveValue('50');
  await type(page, deposit, '100');
  await deposit.press('Tab');
  await expect(dialog.getByRole('button', { name: /Ask for the balance/ })).toHaveCount(0);
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
  ).toContainText('Accepted');
});

/** A product per project that no other spec opens, linked to the seeded chart for the test. */
const LISTED: Record<string, string> = { desktop: 'cow-country-bandana', mobile: 'buckle-up-snapback' };

/** Picks an option of one of the admin's selects (a button named by its label, then a listbox). */
async function pick(scope: Locator, label: string, option: string) {
  const trigger = scope.getByRole('button', { name: new RegExp(`^(.*\\s)?${label}(\\s.*)?$`) }).first();
  const choice = scope.page().getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await expect(choice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
}

/** Types a number and leaves the field (a number field takes its value when left). */
async function typeNumber(page: Page, target: Locator, value: string) {
  await type(page, target, value);
  await target.press('Tab');
}

test('the owner quotes a product priced by the screen-print chart: inputs per location, price and breakdown', async ({
  page,
  request,
}, testInfo) => {
  const slug = LISTED[testInfo.project.name] ?? LISTED['desktop']!;
  const original = (await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail;
  const authorization = await ownerAuthorization(page);
  const screen = (await seededListIds(request, authorization))('Screen print contract chart');
  const { put, restore } = productEditor(request, authorization, original);
  await put({
    price_tiers: [],
    print_locations: ['Front', 'Back'].map((name) => ({
      code: name.toLowerCase(),
      name,
      price_cents_per_piece: 0,
      setup_fee_cents: 0,
      print_width_in: 12,
      price_list_id: screen,
    })),
  });
  try {
    const email = `quote-lists-${testInfo.project.name}-${Date.now()}@example.com`;
    const asked = await request.post('/api/quote-requests', {
      data: { what: 'Staff shirts, two colours front', quantity: 48, fullName: 'Lee Ortega', emailAddress: email },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const { reference } = (await asked.json()) as { reference: string };

    await page.goto('/admin/quotes');
    const row = page.getByRole('grid', { name: 'Quotes' }).getByRole('row').filter({ hasText: reference });
    const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
    await expect(async () => {
      if (!(await dialog.isVisible())) await row.click();
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await press(dialog.getByRole('button', { name: 'Add catalogue line' }));
    await press(dialog.getByRole('button', { name: 'Remove line 1' }));
    await pick(dialog, 'Line 1: product', original.name);
    await typeNumber(page, dialog.getByRole('textbox', { name: 'Pieces' }), '48');
    for (const name of ['Front', 'Back']) await press(dialog.getByRole('checkbox', { name }), 'Space');
    // The chart at 48 pieces: 2 colours $2.80 on the front, the back as an extra location $0.75.
    await typeNumber(page, dialog.getByRole('textbox', { name: 'Front: ink colours' }), '2');
    await typeNumber(page, dialog.getByRole('textbox', { name: 'Back: ink colours' }), '1');
    const unit = original.price_cents + 280 + 75;
    await expect(dialog.getByText(`${formatUsd(unit)} each: `)).toContainText(
      `Front, 2 colours $2.80 · Back, 1 colour $0.75`,
    );
    // 48 shirts and 3 screens at $15.00.
    const subtotal = 48 * unit + 4500;
    await expect(dialog.getByRole('region', { name: 'Quote so far' })).toContainText(`Subtotal${formatUsd(subtotal)}`);
    expect(await scanAxe(page)).toEqual([]);

    // Seven colours where the chart has six: the server names the field, nothing is saved.
    await typeNumber(page, dialog.getByRole('textbox', { name: 'Front: ink colours' }), '7');
    await press(dialog.getByRole('button', { name: 'Save revision' }));
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Front: ink colours' })).toHaveAccessibleDescription(
      /6 ink colours/,
    );
    await typeNumber(page, dialog.getByRole('textbox', { name: 'Front: ink colours' }), '2');
    await press(dialog.getByRole('button', { name: 'Save revision' }));
    await expect(dialog.getByRole('status')).toHaveText('Revision 1 saved. Send it when ready.');
    // The saved revision starts the editor again with its inputs.
    await expect(dialog.getByRole('textbox', { name: 'Front: ink colours' })).toHaveValue('2');
    await expect(dialog.getByRole('textbox', { name: 'Back: ink colours' })).toHaveValue('1');
  } finally {
    await restore();
  }
});
