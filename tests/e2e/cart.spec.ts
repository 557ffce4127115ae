import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import type { CartItem } from '../../src/lib/cart/cart-item.ts';
import { type AppliedDiscount, priceCart, type PricingInput } from '../../src/lib/pricing/cart-totals.ts';
import { type ProductDetail, totalStock } from '../../src/lib/catalog/products.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';
import { ownerAuthorization } from '../support/list-priced-e2e.ts';
import { DEFAULT_TAX_RULES } from '../../src/lib/tax/tax-rules.ts';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });

/** A cart line for a seeded product, with the named colour and size. */
async function line(
  request: APIRequestContext,
  slug: string,
  quantity: number,
  options: { color?: string; size?: string } = {},
): Promise<CartItem> {
  const p = (await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail;
  const color = p.colors.find((c) => c.name === options.color) ?? null;
  const size = p.sizes.find((s) => s.name === options.size) ?? null;
  return {
    productId: p.id,
    name: p.name,
    price_cents: p.price_cents,
    colorId: color?.id ?? null,
    colorName: color?.name ?? null,
    sizeId: size?.id ?? null,
    sizeName: size?.name ?? null,
    quantity,
    image_main_url: p.image_main_url,
    collection: p.collection.slug,
  };
}

/** Puts lines in the browser's stored cart (what earlier visits would have left there). */
async function storeCart(page: Page, items: CartItem[]) {
  if (page.url() === 'about:blank') await page.goto('/privacy-policy');
  await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), items);
}

/**
 * Opens the cart page and waits for its island. The local server resizes product images on
 * first request, which can hold up script files for seconds while other tests run: be patient.
 */
async function openCart(page: Page) {
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText('Loading your cart…')).toBeHidden({ timeout: 30_000 });
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
/** The amount beside a label of the order summary ("Subtotal", "Total", …). */
const amount = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}`) }) })
    .locator('dd');

const expected = (items: CartItem[], over: Partial<PricingInput> = {}) =>
  priceCart({
    lines: items.map((i) => ({ unit_price_cents: i.price_cents, quantity: i.quantity })),
    fulfillment: 'shipping',
    shippingSpeed: 'standard',
    discount: null,
    ...over,
  });

test.describe('cart drawer', () => {
  test('opens from the cart icon by keyboard, says when the cart is empty, and gives focus back', {
    tag: '@layout',
  }, async ({ page }) => {
    await page.goto('/');
    await cartLink(page).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer.getByText('Your cart is empty')).toBeVisible({ timeout: 30_000 });
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(cartLink(page)).toBeFocused();
  });

  test('lists each line with thumbnail, quantity and line total, and leads to the cart page', {
    tag: '@layout',
  }, async ({ page, request }) => {
    const cap = await line(request, 'city-champ-rope-cap', 2, { color: 'Black', size: 'fits all' });
    const sticker = await line(request, 'west-texas-energy-sticker', 1);
    await storeCart(page, [cap, sticker]);
    await page.goto('/catalog');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
    await cartLink(page).click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    const lines = drawer.getByRole('listitem');
    await expect(lines).toHaveCount(2, { timeout: 30_000 });
    await expect(lines.first()).toContainText('City Champ Rope Cap');
    await expect(lines.first()).toContainText(usd(cap.price_cents * 2));
    await expect(lines.first().locator('img')).toHaveAttribute('width', '50');

    await drawer.getByRole('button', { name: 'Increase quantity of City Champ Rope Cap' }).click();
    await expect(drawer.getByLabel('Quantity of City Champ Rope Cap', { exact: true })).toHaveValue('3');
    await expect(lines.first()).toContainText(usd(cap.price_cents * 3));
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');

    await drawer.getByRole('link', { name: 'View Cart / Checkout' }).click();
    await expect(page).toHaveURL(/\/cart\/?$/);
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeHidden();
  });

  test('home and catalog load no React until the drawer is opened, and stay within 15 KB of gzipped JS', async ({
    page,
  }) => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      scripts.set(response.url(), gzipSync(await response.body()).length);
    });
    for (const path of ['/', '/catalog']) {
      scripts.clear();
      await page.goto(path, { waitUntil: 'networkidle' });
      const bytes = [...scripts.values()].reduce((n, b) => n + b, 0);
      test.info().annotations.push({ type: 'js', description: `${path}: ${bytes} bytes of gzipped JS` });
      expect(bytes, `${path} loads ${bytes} bytes of gzipped JS`).toBeLessThanOrEqual(15 * 1024);
      expect([...scripts.keys()].join('\n')).not.toMatch(/client\.|react/);
    }
    await cartLink(page).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' }).getByText('Your cart is empty')).toBeVisible({
      timeout: 30_000,
    });
    expect([...scripts.keys()].join('\n')).toMatch(/mount-cart-drawer/);
  });
});

test.describe('cart page', () => {
  test('shows every line and prices the cart exactly as priceCart does', { tag: '@layout' }, async ({
    page,
    request,
  }) => {
    const items = [
      await line(request, 'city-champ-rope-cap', 2, { color: 'Black', size: 'fits all' }),
      await line(request, 'west-texas-energy-sticker', 3),
    ];
    await storeCart(page, items);
    await openCart(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect(page.getByText('Review your items before checkout.')).toBeVisible();

    const rows = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('City Champ Rope Cap');
    await expect(rows.first()).toContainText('Color: Black');
    await expect(rows.first()).toContainText('Size: fits all');
    await expect(rows.first()).toContainText(usd(items[0]!.price_cents * 2));

    let price = expected(items);
    await expect(amount(summary(page), 'Subtotal')).toHaveText(usd(price.subtotal_cents));
    await expect(amount(summary(page), 'Shipping')).toHaveText(usd(price.shipping_cents));
    await expect(amount(summary(page), 'Estimated tax')).toHaveText(usd(price.tax_cents));
    await expect(amount(summary(page), 'Total')).toHaveText(usd(price.total_cents));

    await summary(page).getByLabel('Shipping speed').selectOption('Express ($15.00)');
    price = expected(items, { shippingSpeed: 'express' });
    await expect(amount(summary(page), 'Shipping')).toHaveText('$15.00');
    await expect(amount(summary(page), 'Total')).toHaveText(usd(price.total_cents));

    await summary(page).getByText('Local Handoff').click();
    await expect(summary(page).getByLabel('Shipping speed')).toHaveCount(0);
    await expect(
      page.getByText(
        "We'll contact you to arrange pickup or delivery. Shipping fees are not applied and payment may be handled in person.",
      ),
    ).toBeVisible();
    await expect(amount(summary(page), 'Shipping')).toHaveText('Free');
    await expect(amount(summary(page), 'Total')).toHaveText(usd(expected(items, { fulfillment: 'local' }).total_cents));
    await expect(page.getByText('We accept Visa, Mastercard, American Express and Discover')).toBeVisible();
  });

  test('changes quantities (never below 1), deletes lines and continues shopping in the first collection', async ({
    page,
    request,
  }) => {
    const cap = await line(request, 'city-champ-rope-cap', 1, { color: 'Black', size: 'fits all' });
    const tote = await line(request, 'farmers-market-tote', 1);
    await storeCart(page, [cap, tote]);
    await openCart(page);
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/collections/city-champ-golf',
    );
    const row = page.getByRole('listitem').filter({ hasText: 'City Champ Rope Cap' });
    await expect(row.getByRole('button', { name: 'Decrease quantity of City Champ Rope Cap' })).toBeDisabled();
    await row.getByRole('button', { name: 'Increase quantity of City Champ Rope Cap' }).click();
    await expect(row.getByLabel('Quantity of City Champ Rope Cap', { exact: true })).toHaveValue('2');
    await expect(row).toContainText(usd(cap.price_cents * 2));
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

    await row.getByRole('button', { name: 'Remove City Champ Rope Cap' }).click();
    await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/collections/everyday-goods',
    );
    await expect(amount(summary(page), 'Subtotal')).toHaveText(usd(tote.price_cents));
  });

  test('suggests up to three products that are not in the cart', async ({ page, request }) => {
    const items = [await line(request, 'city-champ-rope-cap', 1, { color: 'Black', size: 'fits all' })];
    await storeCart(page, items);
    await openCart(page);
    // Beside a stored cart the suggestions come with the island, which wakes when a person reaches for the page.
    await page.getByRole('list', { name: 'Items in your cart' }).hover();
    const suggestions = page.getByRole('region', { name: 'You might also like' }).getByRole('heading', { level: 3 });
    await expect(suggestions).toHaveCount(3);
    await expect(suggestions).not.toContainText(['City Champ Rope Cap']);
  });

  test('shows the way to free shipping, and when it is unlocked', async ({ page, request }) => {
    const sticker = await line(request, 'west-texas-energy-sticker', 5);
    await storeCart(page, [sticker]);
    await openCart(page);
    await expect(page.getByText(`Spend ${usd(10_000 - 2000)} more for free shipping`)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /more for free shipping/ })).toHaveJSProperty('value', 0.2);
    await page.getByLabel('Quantity of West Texas Energy Sticker', { exact: true }).fill('25');
    await expect(page.getByText("You've unlocked free shipping!")).toBeVisible();
    await expect(amount(summary(page), 'Shipping')).toHaveText('Free');
  });
});

test.describe('promo codes', () => {
  const discounts: Record<string, AppliedDiscount> = {
    SAVE10: { type: 'fixed', amount_cents: 1000 },
    WELCOME10: { type: 'percentage', amount_cents: 1000 },
    FREESHIP: { type: 'free_shipping', amount_cents: 0 },
  };

  for (const [code, discount] of Object.entries(discounts)) {
    test(`${code} is applied to the total, and Remove takes it off`, async ({ page, request }) => {
      const items = [await line(request, 'city-champ-rope-cap', 2, { color: 'Black', size: 'fits all' })];
      await storeCart(page, items);
      await openCart(page);
      await summary(page).getByText('Have a promo code?').click();
      await summary(page).getByLabel('Promo code').fill(code.toLowerCase());
      await summary(page).getByRole('button', { name: 'Apply' }).click();
      await expect(summary(page).getByText(`Code "${code}" applied`)).toBeVisible();

      const price = expected(items, { discount });
      await expect(amount(summary(page), 'Total')).toHaveText(usd(price.total_cents));
      if (price.discount_cents > 0) {
        await expect(summary(page).locator('s')).toHaveText(`was ${usd(price.subtotal_cents)}`);
        await expect(amount(summary(page), 'Discount')).toHaveText(`−${usd(price.discount_cents)}`);
      } else {
        await expect(amount(summary(page), 'Shipping')).toHaveText('Free');
      }

      await summary(page).getByRole('button', { name: 'Remove' }).click();
      await expect(summary(page).getByText(`Code "${code}" applied`)).toHaveCount(0);
      await expect(amount(summary(page), 'Total')).toHaveText(usd(expected(items).total_cents));
    });
  }

  test('a used-up or inactive code is refused with the reason, and an empty code does nothing', async ({
    page,
    request,
  }) => {
    await storeCart(page, [await line(request, 'west-texas-energy-sticker', 2)]);
    await openCart(page);
    await summary(page).getByText('Have a promo code?').click();
    const input = summary(page).getByLabel('Promo code');
    const apply = summary(page).getByRole('button', { name: 'Apply' });

    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/discount-codes/validate')) asked++;
    });
    await apply.click();
    await expect(summary(page).getByRole('alert')).toHaveCount(0);
    expect(asked).toBe(0);

    await input.fill('HOWDY25');
    await apply.click();
    await expect(summary(page).getByRole('alert')).toHaveText('That code is invalid or expired.');
    await input.fill('RODEO2025');
    await apply.click();
    await expect(summary(page).getByRole('alert')).toHaveText('That code is invalid or expired.');
    await expect(summary(page).getByText(/^Code ".*" applied$/)).toHaveCount(0);
  });
});

test.describe('empty cart', () => {
  test('says so, offers the collections and four products, with a quick add where no choice is needed', async ({
    page,
  }) => {
    await openCart(page);
    await expect(page.getByText('No items in your cart.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse collections' })).toHaveAttribute('href', '/collections');
    const picks = page.getByRole('region', { name: 'You may like' }).getByRole('listitem');
    await expect(picks).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Choose options for Pump Jack Long Sleeve Tee' })).toBeVisible();

    await page.getByRole('button', { name: 'Add to Cart: West Texas Energy Sticker' }).click();
    await expect(page.getByText('No items in your cart.')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText('West Texas Energy Sticker');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  });

  test('loads no cart script until a person reaches for it, and keeps the quick add that woke it', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await openCart(page);
    const island = page.locator('#cart-page astro-island');
    const component = new URL((await island.getAttribute('component-url'))!, page.url()).pathname;
    await page.waitForLoadState('networkidle');
    expect(requested).not.toContain(component);
    // Built with the page: the products that need no choice already offer their one-click add.
    await expect(page.getByRole('button', { name: 'Add to Cart: West Texas Energy Sticker' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose options for Pump Jack Long Sleeve Tee' })).toBeVisible();

    await page.getByRole('button', { name: 'Add to Cart: West Texas Energy Sticker' }).click();
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText('West Texas Energy Sticker');
    expect(requested).toContain(component);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText('West Texas Energy Sticker');
  });
});

test.describe('checkout', () => {
  test('goes to the test checkout, and after Pay the success page lists the order and the cart is empty', {
    tag: '@layout',
  }, async ({ page, request }) => {
    // Issue 50: the owner's rule for Lubbock ZIPs (8.25 %, shipping taxed). Only ZIP 794 is ruled,
    // so a pickup at the shop (Midland, 79701) and other tests' orders stay at the shop's 8 %.
    const authorization = await ownerAuthorization(page);
    const rates = await request.put('/api/admin/tax/rates', {
      headers: { authorization },
      data: { csv: 'state,zip prefix,rate,shipping taxable,place\nTX,794,8.25,yes,Lubbock\n' },
    });
    expect(rates.status()).toBe(200);
    const items = [await line(request, 'west-texas-energy-sticker', 2), await line(request, 'sticker-sampler-pack', 1)];
    const lubbock = expected(items, {
      tax: {
        rules: {
          ...DEFAULT_TAX_RULES,
          rates: [{ state: 'TX', zipPrefix: '794', rateMilli: 8_250, shippingTaxable: true, place: 'Lubbock' }],
        },
        place: { state: 'TX', zip: '79415' },
      },
    });
    expect(lubbock.shipping_cents).toBeGreaterThan(0);
    await storeCart(page, items);
    await openCart(page);
    await summary(page).getByLabel('State').fill('TX');
    await summary(page).getByLabel('ZIP code').fill('79415');
    const taxTerm = summary(page).locator('dt', { hasText: /^Estimated tax/ });
    await expect(taxTerm).toHaveText('Estimated tax 8.25 % — Lubbock, TX');
    await expect(amount(summary(page), 'Estimated tax')).toHaveText(usd(lubbock.tax_cents));
    // A pickup is taxed where the shop is: the shop's rate, no shipping.
    await summary(page).getByText('Local Handoff').click();
    await expect(taxTerm).toHaveText("Estimated tax 8 % — the shop's rate");
    await expect(amount(summary(page), 'Estimated tax')).toHaveText(
      usd(expected(items, { fulfillment: 'local' }).tax_cents),
    );
    await summary(page).getByText('Ship', { exact: true }).click();
    await expect(amount(summary(page), 'Estimated tax')).toHaveText(usd(lubbock.tax_cents));
    await summary(page).getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Tax 8.25 % — Lubbock, TX')).toBeVisible();
    await fillTestCheckoutContact(page);
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();
    const purchased = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
    await expect(purchased).toHaveCount(2);
    await expect(purchased.filter({ hasText: 'West Texas Energy Sticker' })).toContainText('2 ×');
    await expect(purchased.filter({ hasText: 'West Texas Energy Sticker' })).toContainText(
      usd(2 * items[0]!.price_cents),
    );
    const total = lubbock.total_cents;
    const totals = page.getByRole('region', { name: 'Order totals' });
    const totalRow = totals.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: /^Total$/ }) });
    await expect(totalRow.getByRole('definition')).toHaveText(usd(total));
    await expect(page.getByText('Average Cost')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    await openCart(page);
    await expect(page.getByText('No items in your cart.')).toBeVisible();
  });

  test('Cancel on the test checkout returns home, gives the held stock back and keeps the cart', async ({
    page,
    request,
  }, testInfo) => {
    // Each project uses its own product: both run at once against one database.
    const slug = testInfo.project.name === 'mobile' ? 'tumbleweed-trucker-cap' : 'city-champ-sticker-pack';
    const stock = async () =>
      totalStock((await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail);
    const options = slug === 'tumbleweed-trucker-cap' ? { color: 'Black', size: 'fits all' } : {};
    const before = await stock();
    await storeCart(page, [await line(request, slug, 2, options)]);
    await openCart(page);
    await summary(page).getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 15_000 });
    expect(await stock()).toBe(before! - 2);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Brand Starts Here' })).toBeVisible();
    expect(await stock()).toBe(before);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  });

  test('shows the shop’s reason when a line is out of stock, and keeps the cart', async ({ page, request }) => {
    await storeCart(page, [await line(request, 'west-texas-energy-sticker', 900)]);
    await openCart(page);
    await summary(page).getByRole('button', { name: 'Checkout' }).click();
    // docs/decisions/0013-trust-audit.md item 6: the reason names the item and what is left of it.
    await expect(summary(page).getByRole('alert')).toHaveText(/^Only \d+ left of West Texas Energy Sticker/);
    await expect(page).toHaveURL(/\/cart\/?$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 900 items');
  });

  test('the success page ends its loading saying no order was found when the session cannot be found', async ({
    page,
    request,
  }) => {
    await storeCart(page, [await line(request, 'west-texas-energy-sticker', 1)]);
    await page.goto('/success?session_id=test_00000000-0000-4000-8000-000000000000');
    // docs/decisions/0013-trust-audit.md item 16: an unknown session is "nothing found", not a
    // failed load nor a payment.
    await expect(page.getByRole('heading', { level: 1, name: 'No Order Found' })).toBeVisible();
    await expect(page.getByText('Processing your order details…')).toHaveCount(0);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  });
});
