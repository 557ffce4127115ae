import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';
import { brokenAmounts } from '../support/broken-amounts.ts';

/**
 * An amount is read at a glance: "$30.0" on one line and "0" on the next is a different price.
 * On a 390 px phone every dollar amount on the product page and the filled cart sits in one line
 * box: the text of each amount, as a range, has a single client rect.
 */
const SLUG = 'city-champ-tourney-tee';
const PRODUCT = `/collections/city-champ-golf/products/${SLUG}`;

test.use({ viewport: { width: 390, height: 844 } });

test('every amount on the product page and the filled cart stays on one line at 390 px', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const tee = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const variant = tee.variants.filter((v) => (v.stock_qty ?? 0) >= 30).at(-1)!;
  const color = tee.colors.find((c) => c.id === variant.color_id)!;
  const size = tee.sizes.find((s) => s.id === variant.size_id)!;

  await page.goto(PRODUCT);
  await page.locator('#product-options').hover();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
  const options = page.locator('#product-options');
  await options.getByRole('radiogroup', { name: 'Color' }).getByText(color.name, { exact: true }).click();
  await options.getByRole('radiogroup', { name: 'Size' }).getByText(size.name, { exact: true }).click();
  await options.getByLabel('Quantity', { exact: true }).fill('24');
  await options.getByLabel('Quantity', { exact: true }).press('Tab');
  await expect(options.getByText(/each at 24/)).toBeVisible();
  expect(await brokenAmounts(page)).toEqual([]);
  expect(await brokenAmounts(page, true)).toEqual([]);
  await options.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(options.getByRole('status').filter({ hasText: /^Added 24 ×/ })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(page.getByRole('region', { name: 'Order summary' }).getByText('Total', { exact: true })).toBeVisible();
  expect(await brokenAmounts(page)).toEqual([]);
  expect(await brokenAmounts(page, true)).toEqual([]);
  expect(await scanAxe(page)).toEqual([]);
});
