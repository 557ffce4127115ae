import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { customerBrowser } from '../support/customer-browser.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { ownerState } from '../support/e2e-shop.ts';

/**
 * A school on net-30 terms (docs/decisions/0029-deposits.md), by keyboard: the buyer checks out on account with a PO
 * (no card), confirms from the e-mail sent to the account's address, gets the invoice by e-mail,
 * opens it from its link and pays it online later: the order is paid in full.
 */

/** Presses Tab until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function teeLine(request: APIRequestContext, quantity: number): Promise<CartItem> {
  const p = (await (await request.get('/api/products/slug/west-texas-energy-tee')).json()) as ProductDetail;
  const color = p.colors.find((c) => c.name === 'Burnt Orange')!;
  const size = p.sizes.find((s) => s.name === 'L')!;
  return {
    productId: p.id,
    name: p.name,
    price_cents: p.price_cents,
    colorId: color.id,
    colorName: color.name,
    sizeId: size.id,
    sizeName: size.name,
    quantity,
    image_main_url: p.image_main_url,
    collection: p.collection.slug,
  };
}

/** The owner opens the school's account on net 30 (the admin screen has its own journey). */
async function openAccount(request: APIRequestContext, name: string, domain: string) {
  const { token } = ownerState();
  const created = await request.post('/api/admin/business-accounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, domain, terms: 'net_30', credit_limit_cents: 500_000, tax_exempt: false, notes: null, active: true },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** The owner's Receivables tab, fresh: the ageing table's row for `customer`. */
async function receivablesRow(owner: Page, customer: string) {
  await owner.goto('/admin/receivables');
  await expect(owner.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible({ timeout: 15_000 });
  await expect(owner.getByText('Loading', { exact: false })).toHaveCount(0, { timeout: 15_000 });
  return owner.getByRole('rowheader', { name: customer });
}

test('a school on net 30 checks out on account with a PO, gets the invoice and pays it online later', async ({
  page: owner,
  browser,
  request,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const school = `Lincoln High ${stamp}`;
  const email = `coach@lincoln-${stamp}.example`;
  await openAccount(request, school, `lincoln-${stamp}.example`);
  await signInAsOwner(owner);
  const customer = await customerBrowser(browser, testInfo);
  const page = await customer.newPage();

  await page.goto('/privacy-policy');
  const tees = await teeLine(request, 2);
  await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), [tees]);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText('Loading your cart…')).toBeHidden({ timeout: 30_000 });
  const summary = page.getByRole('region', { name: 'Order summary' });
  const total = (
    await summary
      .locator('dl > div')
      .filter({ hasText: /^Total/ })
      .locator('dd')
      .innerText()
  ).trim();

  // "Bill my account" asks for the account's address, the PO, a name and where to ship.
  const toggle = summary.getByRole('checkbox', { name: /^Bill my school, team or company account/ });
  await tabTo(page, toggle);
  // The first key wakes the cart's island; a Space whose keydown lands on the first paint and
  // keyup on the island toggles nothing (a person would press it again): wait for the island.
  await expect(page.locator('[data-island-stand-in]')).toHaveCount(0, { timeout: 15_000 });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  const form = summary.getByRole('group', { name: 'Bill my account' });
  await expect(form).toBeVisible();
  // Sent empty, each field says what it needs and the first takes focus.
  await tabTo(page, summary.getByRole('button', { name: 'Place order on account' }));
  await page.keyboard.press('Enter');
  await expect(form.getByText('Enter your purchase order number.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Account e-mail' })).toBeFocused();
  expect(await scanAxe(page)).toEqual([]);

  await page.keyboard.type(email);
  await typeInto(page, form.getByRole('textbox', { name: 'Purchase order number' }), 'PO-7781');
  await typeInto(page, form.getByRole('textbox', { name: 'Your name' }), 'Coach Rivera');
  await typeInto(page, form.getByRole('textbox', { name: 'Ship to: street address' }), '1200 Lincoln Ave');
  await typeInto(page, form.getByRole('textbox', { name: 'City' }), 'Odessa');
  await tabTo(page, form.getByRole('combobox', { name: 'State' }));
  await page.keyboard.type('Texas');
  await typeInto(page, form.getByRole('textbox', { name: 'ZIP code' }), '79761');
  await tabTo(page, summary.getByRole('button', { name: 'Place order on account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible({ timeout: 30_000 });
  expect(await scanAxe(page)).toEqual([]);

  // The confirmation goes to the account's address; confirming places the order.
  await page.goto(await linkInMail(email, /^Confirm order \w+ on your .+ account$/, 1, 'account-orders'));
  await expect(page.getByRole('heading', { level: 1, name: /^Confirm order \w+$/ })).toBeVisible();
  await expect(page.getByText('PO-7781')).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);
  const confirm = page.getByRole('button', { name: `Confirm and bill ${total} to ${school}` });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(
    /^Thank you: the order is placed on your account\. We e-mailed you invoice INV-\d+\.$/,
  );
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Billed to your account on purchase order PO-7781');
  await expect(payments).toContainText(`Balance due: ${total}`);
  expect(await scanAxe(page)).toEqual([]);

  // The owner sees the invoice owed, current (not yet due), under the school's name.
  const owed = await receivablesRow(owner, school);
  await expect(owed).toBeVisible();
  await expect(owed.locator('xpath=..').getByRole('cell')).toHaveText([
    total,
    '$0.00',
    '$0.00',
    '$0.00',
    '$0.00',
    total,
  ]);

  // Later, the invoice from the e-mail: printable, and paid online.
  await page.goto(await linkInMail(email, /^Invoice INV-\d+ for order \w+ \(PO PO-7781\)$/, 1, 'invoices'));
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-\d+$/ })).toBeVisible();
  await expect(page.getByText('Net 30')).toBeVisible();
  await expect(page.getByText(/^Due \w{3}, \w{3} \d+, \d{4}$/)).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);
  const invoiceUrl = page.url();
  const pay = page.getByRole('button', { name: `Pay online, ${total}` });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await tabTo(page, page.getByRole('button', { name: `Pay ${total}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Thank you for your payment.');
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Balance due: $0.00');

  await page.goto(invoiceUrl);
  await expect(page.getByText('Paid in full')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay online/ })).toHaveCount(0);
  await customer.close();

  // Nothing is owed on the owner's side either: the school is gone from Receivables.
  await expect(await receivablesRow(owner, school)).toHaveCount(0);
});
