import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '../support/e2e-test.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';

const productPath = (collection: string, product: string) => `/collections/${collection}/products/${product}`;

/**
 * Opens a product page and wakes its options (they hydrate on first interaction), then waits
 * until the island has hydrated. The local server resizes product images on first request,
 * which can hold up script files for seconds while other tests run: be patient. What a person
 * does before hydration is covered by the "before the options wake" tests below.
 */
async function openProduct(page: Page, collection: string, slug: string) {
  await page.goto(productPath(collection, slug));
  await page.locator('#product-options').hover();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
}

/** Chooses an option by clicking its visible label, as a person does. */
const choose = (page: Page, group: 'Color' | 'Size' | 'Fulfillment', name: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(name, { exact: true }).click();

const addToCart = (page: Page) => page.getByRole('button', { name: 'Add to Cart' });
const buyNow = (page: Page) => page.getByRole('button', { name: 'Buy Now' });
const quantity = (page: Page) => page.getByLabel('Quantity', { exact: true });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });

test('a colour sold out in every size is disabled, and a single "fits all" size is chosen for you', async ({
  page,
}) => {
  await openProduct(page, 'west-texas-originals', 'mesquite-beanie');
  await expect(page.getByRole('radio', { name: 'Rust' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Black' })).toBeEnabled();
  await expect(page.getByRole('radiogroup', { name: 'Size' })).toHaveCount(0);
  await expect(page.getByText('Size: fits all')).toBeVisible();

  await expect(addToCart(page)).toBeDisabled();
  await choose(page, 'Color', 'Black');
  await expect(addToCart(page)).toBeEnabled();
  await expect(buyNow(page)).toBeEnabled();
});

test('a size sold out in every colour is disabled', async ({ page }) => {
  await openProduct(page, 'friday-night-lights', 'game-day-hoodie');
  await expect(page.getByRole('radio', { name: '3XL' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'XL', exact: true })).toBeEnabled();
  await choose(page, 'Color', 'Red');
  await expect(page.getByRole('radio', { name: '3XL' })).toBeDisabled();
});

test('availability follows the choice, and the quantity is clamped to the stock when the choice changes', async ({
  page,
  request,
}) => {
  const tee = (await (await request.get('/api/products/slug/west-texas-energy-tee')).json()) as ProductDetail;
  const large = tee.sizes.find((s) => s.name === 'L')!;
  const stockOf = (colorName: string) =>
    tee.variants.find((v) => v.size_id === large.id && v.color_id === tee.colors.find((c) => c.name === colorName)!.id)!
      .stock_qty ?? 0;
  const roomy = tee.colors.find((c) => c.name !== 'Turquoise' && stockOf(c.name) > 3)!;

  await openProduct(page, 'west-texas-originals', 'west-texas-energy-tee');
  await choose(page, 'Size', 'L');
  await choose(page, 'Color', roomy.name);
  await expect(page.getByText('In stock', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity(page)).toHaveValue('3');

  await choose(page, 'Color', 'Turquoise');
  await expect(page.getByText('Only 1 left')).toBeVisible();
  await expect(quantity(page)).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
});

test('a product without options stops the quantity at its stock, typed or stepped', async ({ page }) => {
  await openProduct(page, 'sticker-shop', 'holographic-lone-star-sticker');
  await expect(page.getByText('Only 3 left')).toBeVisible();
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await plus.click();
  await plus.click();
  await expect(quantity(page)).toHaveValue('3');
  await expect(plus).toBeDisabled();

  await quantity(page).fill('9');
  await quantity(page).blur();
  await expect(quantity(page)).toHaveValue('3');
  await quantity(page).fill('0');
  await quantity(page).blur();
  await expect(quantity(page)).toHaveValue('1');
  await expect(addToCart(page)).toBeEnabled();
});

test('a sold-out product shows "Out of stock" and cannot be added or bought', async ({ page }) => {
  await openProduct(page, 'city-champ-golf', 'city-champ-quarter-zip');
  await expect(page.locator('#product-options').getByText('Out of stock')).toBeVisible();
  for (const radio of await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').all()) {
    await expect(radio).toBeDisabled();
  }
  await expect(addToCart(page)).toBeDisabled();
  await expect(buyNow(page)).toBeDisabled();
});

test('Add to Cart needs a colour and a size, resets the choice, updates the badge and merges repeats', {
  tag: '@layout',
}, async ({ page }) => {
  await openProduct(page, 'city-champ-golf', 'city-champ-performance-polo');
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
  await expect(addToCart(page)).toBeDisabled();
  await choose(page, 'Color', 'Navy');
  await expect(addToCart(page)).toBeDisabled();
  await choose(page, 'Size', 'L');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await addToCart(page).click();

  await expect(page.getByRole('status').filter({ hasText: 'Added 2 × City Champ Performance Polo' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Navy' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'L', exact: true })).not.toBeChecked();
  await expect(quantity(page)).toHaveValue('1');
  await expect(addToCart(page)).toBeDisabled();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/cart');

  await choose(page, 'Color', 'Navy');
  await choose(page, 'Size', 'L');
  await addToCart(page).click();
  await choose(page, 'Color', 'White');
  await choose(page, 'Size', 'M');
  await addToCart(page).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');

  await cartLink(page).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
  const lines = drawer.getByRole('listitem');
  await expect(lines).toHaveCount(2, { timeout: 15_000 });
  await expect(lines.first()).toContainText('Navy / L');
  await expect(lines.first().getByLabel('Quantity of City Champ Performance Polo', { exact: true })).toHaveValue('3');
  await expect(lines.first()).toContainText('$126.00');
  await expect(lines.nth(1)).toContainText('White / M');
});

test('Local Handoff explains pickup, and Return to Products leads to the catalog', async ({ page }) => {
  await openProduct(page, 'everyday-goods', 'farmers-market-tote');
  const note =
    "We'll coordinate pickup or local delivery. Shipping fees are waived and payment may be handled in person.";
  await expect(page.getByText(note)).toBeHidden();
  await choose(page, 'Fulfillment', 'Local Handoff');
  await expect(page.getByText(note)).toBeVisible();
  await choose(page, 'Fulfillment', 'Ship');
  await expect(page.getByText(note)).toBeHidden();
  await page.getByRole('link', { name: 'Return to Products' }).click();
  await expect(page).toHaveURL(/\/catalog\/?$/);
});

test('Buy Now goes straight to the checkout page with that one product', async ({ page }) => {
  await openProduct(page, 'sticker-shop', 'west-texas-energy-sticker');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await buyNow(page).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByRole('row', { name: /West Texas Energy Sticker/ })).toContainText('2');
  // Leave without paying: the order is released and the shop sends the visitor home.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('before the options wake', () => {
  const patiently = { timeout: 30_000 };

  /** Records the scripts a page loads, each with (a promise of) its gzipped size. */
  function recordScripts(page: Page) {
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const size = response.body().then(
        (body) => gzipSync(body).length,
        () => 0, // the test ended first
      );
      scripts.set(new URL(response.url()).pathname, size);
    });
    return scripts;
  }
  const loadsReact = (scripts: Map<string, unknown>) =>
    [...scripts.keys()].some((path) => /react|ProductOptions/.test(path));

  test('the product page loads no React before a person reaches for the options, and within 80 KB of gzipped JS', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(productPath('city-champ-golf', 'city-champ-performance-polo'), { waitUntil: 'networkidle' });
    const inline = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    const loaded = await Promise.all(scripts.values());
    const bytes = [...loaded, ...inline.map((js) => gzipSync(js).length)].reduce((n, b) => n + b, 0);
    test.info().annotations.push({ type: 'js', description: `product page: ${bytes} bytes of gzipped JS` });
    expect(bytes, `the product page loads ${bytes} bytes of gzipped JS`).toBeLessThanOrEqual(80 * 1024);
    expect(loadsReact(scripts), [...scripts.keys()].join('\n')).toBe(false);

    await page.locator('#product-options').hover();
    await expect.poll(() => loadsReact(scripts), patiently).toBe(true);
  });

  test('the press that wakes the options still counts: Add to Cart as the very first click adds the product', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(productPath('sticker-shop', 'west-texas-energy-sticker'), { waitUntil: 'networkidle' });
    expect(loadsReact(scripts)).toBe(false);
    await addToCart(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added 1 × West Texas Energy Sticker' })).toBeVisible(
      patiently,
    );
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/cart');
  });

  test('on a slow link, the press that wakes the options shows it is being worked on until it takes effect', async ({
    page,
  }) => {
    await page.goto(productPath('sticker-shop', 'west-texas-energy-sticker'), { waitUntil: 'networkidle' });
    // From here on every script (React, the island) arrives late, as on a slow phone connection.
    await page.route('**/_astro/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await addToCart(page).click();
    await expect(addToCart(page)).toHaveAttribute('aria-busy', 'true');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item', patiently);
    await expect(addToCart(page)).not.toHaveAttribute('aria-busy', 'true');
  });

  test('on a slow link, presses held while the options wake take effect in order: + then Add to Cart adds 2', async ({
    page,
  }) => {
    await page.goto(productPath('sticker-shop', 'west-texas-energy-sticker'), { waitUntil: 'networkidle' });
    await page.route('**/_astro/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await addToCart(page).click();
    await expect(addToCart(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Added 2 × West Texas Energy Sticker' })).toBeVisible(
      patiently,
    );
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  });

  test('a key press that wakes the options still counts', async ({ page }) => {
    await page.goto(productPath('sticker-shop', 'west-texas-energy-sticker'), { waitUntil: 'networkidle' });
    await addToCart(page).focus();
    await page.keyboard.press('Enter');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item', patiently);
  });

  test('colour, size and quantity chosen before the options wake are kept', async ({ page }) => {
    await page.goto(productPath('city-champ-golf', 'city-champ-performance-polo'), { waitUntil: 'networkidle' });
    await choose(page, 'Color', 'Navy');
    await choose(page, 'Size', 'L');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await addToCart(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added 2 × City Champ Performance Polo' })).toBeVisible(
      patiently,
    );
    await cartLink(page).click();
    const line = page.getByRole('dialog', { name: 'Shopping Cart' }).getByRole('listitem');
    await expect(line).toContainText('Navy / L', patiently);
  });

  test('the options show the stock of now, not of the build, before they wake', async ({ page, request }, testInfo) => {
    // Each project holds stock of its own product: both run at once against one database.
    const slug = testInfo.project.name === 'mobile' ? 'rally-towel' : 'can-koozie-four-pack';
    const product = (await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail;
    const variant = product.variants.find((v) => (v.stock_qty ?? 0) > 2)!;
    const held = await request.post('/api/checkout', {
      data: { productId: product.id, quantity: 2, color_id: variant.color_id, size_id: null, fulfillment: 'shipping' },
    });
    expect(held.ok()).toBe(true);
    const now = product.variants.reduce((n, v) => n + (v.stock_qty ?? 0), 0) - 2;

    const scripts = recordScripts(page);
    await page.goto(productPath(product.collection.slug, slug), { waitUntil: 'networkidle' });
    await expect(
      page.locator('#product-options').getByText(now > 3 ? 'In stock' : `Only ${now} left`, { exact: true }),
    ).toBeVisible();
    expect(loadsReact(scripts)).toBe(false);
  });
});
