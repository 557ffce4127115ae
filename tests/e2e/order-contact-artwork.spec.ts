import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { png } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { type APIRequestContext, expect, test } from '../support/e2e-test.ts';
import { fillTestCheckoutContact, TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/**
 * docs/decisions/0028-owner-and-receipts.md: the test checkout asks where to ship and how to reach
 * the customer, as Stripe Checkout does, and refuses a Pay without them in words; the owner's order dialog shows the
 * address as a label and the phone as a link, and takes artwork the customer e-mailed.
 */

// Made to order with a deep stock of blanks: the desktop and mobile runs never compete with other specs.
const SLUG = 'custom-yard-sign';

/** Starts a checkout of 12 yard signs (second side's artwork to come) and answers its session id. */
async function startCheckout(request: APIRequestContext, project: string, fulfillment: 'shipping' | 'local') {
  const sign = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const variants = sign.variants.filter((v) => (v.stock_qty ?? 0) >= 40);
  const variant = variants[project === 'mobile' ? variants.length - 1 : 0]!;
  const started = await request.post('/api/cart/checkout', {
    data: {
      items: [
        {
          productId: sign.id,
          colorId: variant.color_id,
          sizeId: variant.size_id,
          quantity: 12,
          locations: [{ code: 'second-side', artworkId: null }],
        },
      ],
      fulfillment,
    },
  });
  expect(started.status()).toBe(201);
  return decodeURIComponent(new URL(((await started.json()) as { url: string }).url).pathname.split('/').pop()!);
}

test('the test checkout asks for the address and phone, refuses a Pay without them, then pays', async ({
  page,
  request,
}, testInfo) => {
  const sessionId = await startCheckout(request, testInfo.project.name, 'shipping');
  await page.goto(`/test-checkout/${sessionId}`);
  const address = page.getByRole('group', { name: 'Shipping address' });
  await expect(address).toBeVisible();
  for (const label of ['Full name', 'Address line 1', 'City', 'ZIP code', 'Phone']) {
    await expect(address.getByRole('textbox', { name: label, exact: true })).toHaveAttribute('required', '');
  }
  await expect(address.getByRole('combobox', { name: 'State' })).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toContainText('Not paid yet: 6 fields need your attention.');
  const city = page.getByRole('textbox', { name: 'City', exact: true });
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveAccessibleDescription('Enter the city.');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(/Enter your phone number\./);
  expect(await scanAxe(page)).toEqual([]);

  await fillTestCheckoutContact(page);
  await page.getByRole('textbox', { name: 'Phone' }).fill('555-01');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a phone number such as (555) 555-0123');
  // What was typed stays: only the phone needs another look.
  await expect(city).toHaveValue(TEST_CHECKOUT_CONTACT.city);
  await page.getByRole('textbox', { name: 'Phone' }).fill(TEST_CHECKOUT_CONTACT.phone);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
});

test('a pickup order asks the name and phone only', async ({ page, request }, testInfo) => {
  const sessionId = await startCheckout(request, testInfo.project.name, 'local');
  await page.goto(`/test-checkout/${sessionId}`);
  const contact = page.getByRole('group', { name: 'Local pickup: your contact' });
  await expect(contact.getByRole('textbox', { name: 'Full name' })).toBeVisible();
  await expect(contact.getByRole('textbox', { name: 'Phone' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveCount(0);
  expect(await scanAxe(page)).toEqual([]);
});

test('the order dialog shows the address label and phone, and takes artwork received by e-mail', async ({
  page,
  request,
}, testInfo) => {
  const buyer = `emailed-art-${testInfo.project.name}-${Date.now()}@example.com`;
  const sessionId = await startCheckout(request, testInfo.project.name, 'shipping');
  const paid = await request.post(`/test-checkout/${sessionId}`, {
    form: { intent: 'pay', ...TEST_CHECKOUT_CONTACT, address_line2: 'Suite 300', email: buyer },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  await signInAsOwner(page);
  const dialog = await openOrderOf(page, buyer);
  await expect(dialog.getByRole('definition').nth(1)).toHaveText('Paid');
  const shipTo = dialog.getByRole('region', { name: 'Ship to' });
  // As a label prints it: one line each, the city line "City, ST ZIP".
  await expect(shipTo.locator('address')).toBeVisible();
  expect(await shipTo.locator('address').innerText()).toBe(
    'Dana Whitfield\n1200 SW Main St\nSuite 300\nPortland, OR 97205\nUnited States',
  );
  const phone = shipTo.getByRole('link', { name: '(503) 555-0142' });
  await expect(phone).toHaveAttribute('href', 'tel:+15035550142');
  const production = dialog.getByRole('region', { name: 'Production' });
  await expect(production).toContainText('Stage: Awaiting artwork');
  expect(await scanAxe(page)).toEqual([]);

  // A file that is not artwork is refused by the check, with the reason, and nothing is attached.
  const field = dialog.getByLabel(/^Artwork received by e-mail for the second side of /);
  await field.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await dialog.getByRole('button', { name: /^Attach artwork to the second side of / }).click();
  await expect(dialog.getByRole('alert')).toContainText('logo.png was not attached:');
  await expect(dialog.getByText('Artwork to come')).toBeVisible();

  await field.setInputFiles({ name: 'team-logo.png', mimeType: 'image/png', buffer: await png(600, 600) });
  await dialog.getByRole('button', { name: /^Attach artwork to the second side of / }).click();
  await expect(dialog.getByText('Artwork to come')).toHaveCount(0, { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: /^Download original team-logo\.png/ })).toBeVisible();
  await expect(production).toContainText('Stage: Paid');
  const timeline = production.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText(
    'Artwork received by e-mail (by the owner): team-logo.png for the second side of',
  );
  await expect(production.getByRole('button', { name: 'Upload and send proof' })).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);
});
