import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';

/** Adds a one-option product to the cart from its page, as a person does. */
async function addFromPage(page: import('../support/e2e-test.ts').Page, product: ProductDetail) {
  await page.goto(`/collections/${product.collection.slug}/products/${product.slug}`);
  await page.locator('#product-options').hover();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: `to your cart.` })).toBeVisible();
}

test('the success page lists the lines in the order they went into the cart', async ({ page, request }) => {
  // Bought in the opposite of alphabetical order, so a list sorted by name shows up.
  const bought = await Promise.all(
    ['west-texas-energy-sticker', 'sticker-sampler-pack'].map(
      async (slug) => (await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail,
    ),
  );
  for (const product of bought) await addFromPage(page, product);

  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2, { timeout: 15_000 });
  await page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await fillTestCheckoutContact(page);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const purchased = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
  await expect(purchased).toHaveCount(2);
  await expect(purchased.nth(0)).toContainText(bought[0]!.name);
  await expect(purchased.nth(1)).toContainText(bought[1]!.name);
  expect(await scanAxe(page)).toEqual([]);
});
