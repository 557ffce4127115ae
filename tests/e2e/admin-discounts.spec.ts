import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { priceCart } from '../../src/lib/pricing/cart-totals.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { discardChanges, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/*
 * docs/decisions/0028-owner-and-receipts.md: discounts say what they are. The owner chooses Percent
 * off, Dollars off or Free shipping and types the amount as a person says it ("15" percent is 15 %); the list reads
 * "15 % off", "$10.00 off", "Free shipping"; and a customer's checkout takes off what the list
 * says. Desktop and mobile share one shop, so every code carries the project's name.
 */

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function openDiscounts(page: Page) {
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Discounts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Discounts', level: 1 })).toBeVisible();
}

/** Picks an option of one of the admin's selects (a button named by its label, then a listbox). */
async function pick(dialog: Locator, label: string, option: string) {
  const trigger = dialog.getByRole('button', { name: new RegExp(`^(.*\\s)?${label}(\\s.*)?$`) });
  const choice = dialog.page().getByRole('option', { name: option, exact: true });
  // A click that lands while the dialog is still settling can go unanswered on a busy machine.
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await expect(choice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await choice.click();
  await expect(trigger).toContainText(option);
}

/** Opens Add Discount and types its code and name. */
async function addDiscount(page: Page, code: string, name: string) {
  await page.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Discount' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  return dialog;
}

async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

const row = (page: Page, code: string) =>
  page.getByRole('grid', { name: 'Discounts' }).getByRole('row').filter({ hasText: code });
/** The amount beside a label of a summary list ("Subtotal", "Discount", "Total", …). */
const amount = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}`) }) })
    .locator('dd');

test.describe('discounts in the admin', () => {
  test('15 typed as Percent off is 15 % off in the list, in the cart and at checkout', async ({ page }, testInfo) => {
    const code = `FIFTEEN-${testInfo.project.name.toUpperCase()}-${Date.now()}`;
    await openDiscounts(page);
    const dialog = await addDiscount(page, code, `Fifteen percent (${testInfo.project.name})`);
    // The number may come first: 15 typed as dollars is 15 % once Percent off is chosen.
    await pick(dialog, 'Type', 'Dollars off');
    await dialog.getByRole('textbox', { name: 'Dollars off' }).fill('15');
    await pick(dialog, 'Type', 'Percent off');
    await expect(dialog.getByRole('textbox', { name: 'Dollars off' })).toHaveCount(0);
    const percent = dialog.getByRole('textbox', { name: 'Percent off' });
    await expect(percent).toHaveValue('15%');
    await expect(percent).toHaveAccessibleDescription("Of the order's subtotal: 15 means 15 % off.");
    expect(await scanAxe(page)).toEqual([]);
    await save(page, dialog);
    await expect(row(page, code).getByRole('gridcell', { name: '15 % off', exact: true })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    // A customer puts three $4.00 stickers in the cart and applies the code.
    await page.goto('/privacy-policy');
    const sticker = (await (
      await page.request.get('/api/products/slug/west-texas-energy-sticker')
    ).json()) as ProductDetail;
    const line: CartItem = {
      productId: sticker.id,
      name: sticker.name,
      price_cents: sticker.price_cents,
      colorId: null,
      colorName: null,
      sizeId: null,
      sizeName: null,
      quantity: 3,
      image_main_url: sticker.image_main_url,
      collection: sticker.collection.slug,
    };
    await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), [line]);
    await page.goto('/cart');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(page.getByRole('main').getByText('Loading your cart…')).toBeHidden({ timeout: 30_000 });
    await summary.getByText('Have a promo code?').click();
    await summary.getByLabel('Promo code').fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByText(`Code "${code}" applied`)).toBeVisible();

    const subtotal = 3 * sticker.price_cents;
    const off = Math.round(subtotal * 0.15);
    const price = priceCart({
      lines: [{ unit_price_cents: sticker.price_cents, quantity: 3 }],
      fulfillment: 'shipping',
      shippingSpeed: 'standard',
      discount: { type: 'percentage', amount_cents: 1500 },
    });
    expect(price.discount_cents).toBe(off);
    await expect(amount(summary, 'Discount')).toHaveText(`−${usd(off)}`);
    await expect(amount(summary, 'Total')).toHaveText(usd(price.total_cents));

    // The shop's checkout charges the same: 15 % off the subtotal.
    await summary.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
    const order = page.getByRole('main');
    await expect(amount(order, 'Subtotal')).toHaveText(usd(subtotal));
    await expect(amount(order, `Discount \\(${code}\\)`)).toHaveText(`−${usd(off)}`);
    await expect(amount(order, 'Total')).toHaveText(usd(price.total_cents));
  });

  test('dollars off and free shipping read as what they are; a percent over 100 is refused', async ({
    page,
  }, testInfo) => {
    const stamp = `${testInfo.project.name.toUpperCase()}-${Date.now()}`;
    await openDiscounts(page);

    const tenOff = await addDiscount(page, `TEN-${stamp}`, 'Ten dollars off');
    await pick(tenOff, 'Type', 'Dollars off');
    await tenOff.getByRole('textbox', { name: 'Dollars off' }).fill('10');
    await save(page, tenOff);
    await expect(row(page, `TEN-${stamp}`).getByRole('gridcell', { name: '$10.00 off', exact: true })).toBeVisible();

    const shipFree = await addDiscount(page, `SHIP-${stamp}`, 'Free shipping weekend');
    await pick(shipFree, 'Type', 'Free shipping');
    // Free shipping has no amount to type.
    await expect(shipFree.getByRole('textbox', { name: /off$/ })).toHaveCount(0);
    await expect(shipFree).toContainText('Shipping is free with this code');
    await save(page, shipFree);
    await expect(
      row(page, `SHIP-${stamp}`).getByRole('gridcell', { name: 'Free shipping', exact: true }),
    ).toBeVisible();

    // Editing shows the amount as it was typed: dollars.
    await page
      .getByRole('grid', { name: 'Discounts' })
      .getByRole('button', { name: `Edit TEN-${stamp}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Add or Edit Discount' });
    await expect(edit.getByRole('textbox', { name: 'Dollars off' })).toHaveValue('$10.00');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // 150 % is refused by the shop with the field's message; nothing is saved.
    const tooMuch = await addDiscount(page, `MUCH-${stamp}`, 'Too much');
    await pick(tooMuch, 'Type', 'Percent off');
    await tooMuch.getByRole('textbox', { name: 'Percent off' }).fill('150');
    await tooMuch.getByRole('button', { name: 'Save' }).click();
    await expect(tooMuch.getByText('Enter the percent off: more than 0 and at most 100.')).toBeVisible();
    await expect(tooMuch.getByRole('textbox', { name: 'Percent off' })).toHaveAttribute('aria-invalid', 'true');
    expect(await scanAxe(page)).toEqual([]);
    await tooMuch.getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await expect(row(page, `MUCH-${stamp}`)).toHaveCount(0);
  });
});
