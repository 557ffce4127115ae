import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { PERSONAL_CODE_MESSAGES } from '../../src/lib/cart/personal-code.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';

/*
 * docs/decisions/0013-trust-audit.md item 4 in the browser: a newsletter welcome code is personal. With it applied the
 * cart asks for the e-mail it was sent to, and the built-in test checkout shows that address
 * fixed and refuses another. Each project uses its own seeded (unused) welcome code, since the
 * desktop and mobile runs share one shop and a code works once.
 */
const CODES: Record<string, { code: string; email: string }> = {
  desktop: { code: 'WT-HP3M8R', email: 'hank.pruitt@example.com' },
  mobile: { code: 'WT-GF9T5W', email: 'gus.fenwick@example.com' },
};

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

async function stickerLine(page: Page): Promise<CartItem> {
  const p = (await (await page.request.get('/api/products/slug/west-texas-energy-sticker')).json()) as ProductDetail;
  return {
    productId: p.id,
    name: p.name,
    price_cents: p.price_cents,
    colorId: null,
    colorName: null,
    sizeId: null,
    sizeName: null,
    quantity: 2,
    image_main_url: p.image_main_url,
    collection: p.collection.slug,
  };
}

test('a personal code makes the cart ask for its e-mail, and the test checkout keeps that address fixed', async ({
  page,
}, testInfo) => {
  const { code, email } = CODES[testInfo.project.name] ?? CODES['desktop']!;
  const [local, domain] = email.split('@') as [string, string];
  await page.goto('/privacy-policy');
  const item = await stickerLine(page);
  // The code was applied on an earlier visit, before the cart knew it was personal.
  await page.evaluate(
    ([lines, applied]) => {
      localStorage.setItem('cart', JSON.stringify(lines));
      localStorage.setItem('discountCode', applied);
      localStorage.setItem('appliedDiscount', JSON.stringify({ type: 'percentage', amount_cents: 1000 }));
    },
    [[item], code] as const,
  );
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText('Loading your cart…')).toBeHidden({ timeout: 30_000 });
  const emailField = summary(page).getByRole('textbox', { name: 'E-mail the code was sent to' });
  await expect(emailField).toHaveCount(0);
  await summary(page).getByRole('button', { name: 'Checkout' }).click();
  // Checkout says the code needs its address: the cart asks for it there and then.
  await expect(summary(page).getByRole('alert')).toHaveText(PERSONAL_CODE_MESSAGES.emailRequired);
  await expect(emailField).toBeFocused();
  await summary(page).getByRole('button', { name: 'Remove' }).click();
  await expect(emailField).toHaveCount(0);

  // Applying the code by keyboard: it is personal, so the cart asks for the address.
  await summary(page).getByText('Have a promo code?').click();
  await summary(page).getByLabel('Promo code').fill(code.toLowerCase());
  await summary(page).getByLabel('Promo code').press('Enter');
  await expect(summary(page).getByText(`Code "${code}" applied`)).toBeVisible();
  await expect(emailField).toBeVisible();
  await expect(emailField).toHaveAccessibleDescription(PERSONAL_CODE_MESSAGES.hint);
  await expect(summary(page)).not.toContainText(email);

  // No address: the cart says what is missing and puts the focus on the field.
  const checkout = summary(page).getByRole('button', { name: 'Checkout' });
  await checkout.click();
  await expect(summary(page).getByRole('alert')).toHaveText(PERSONAL_CODE_MESSAGES.emailRequired);
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');

  await emailField.fill('not-an-address');
  await checkout.click();
  await expect(summary(page).getByRole('alert')).toHaveText(PERSONAL_CODE_MESSAGES.invalidEmail);

  // Another mailbox: the shop refuses it and the buyer stays in the cart.
  await emailField.fill(`someone.else@${domain}`);
  await checkout.click();
  await expect(summary(page).getByRole('alert')).toHaveText(PERSONAL_CODE_MESSAGES.mismatch);
  await expect(page).toHaveURL(/\/cart$/);

  // The address it was sent to, in other case and with a +tag: on to the test checkout.
  await emailField.fill(`${local.toUpperCase()}+shop@${domain}`);
  await checkout.click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  const receipt = page.getByRole('textbox', { name: 'E-mail for the receipt' });
  await expect(receipt).toHaveValue(email);
  await expect(receipt).not.toBeEditable();

  // A form changed behind the page's back (the field is read-only) is refused all the same.
  await receipt.evaluate((input: HTMLInputElement, other) => {
    input.readOnly = false;
    input.value = other;
  }, `someone.else@${domain}`);
  await fillTestCheckoutContact(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toContainText('it can only be paid for that address');
  await expect(page.getByRole('textbox', { name: 'E-mail for the receipt' })).toHaveValue(email);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
});
