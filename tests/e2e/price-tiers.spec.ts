import { axeBuilder } from '../support/axe.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';

/** Opens a product page and wakes its options, as a person reaching for them does. */
async function openProduct(page: Page, collection: string, slug: string) {
  await page.goto(`/collections/${collection}/products/${slug}`);
  await page.locator('#product-options').hover();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
}

const choose = (page: Page, group: 'Color' | 'Size', name: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(name, { exact: true }).click();

test('a tiered tee shows its price per piece, the tier table and the nudge; the cart charges the tier', async ({
  page,
  request,
}) => {
  const tee = (await (await request.get('/api/products/slug/city-champ-tourney-tee')).json()) as ProductDetail;
  const variant = tee.variants.find((v) => (v.stock_qty ?? 0) >= 12)!;
  const color = tee.colors.find((c) => c.id === variant.color_id)!;
  const size = tee.sizes.find((s) => s.id === variant.size_id)!;

  await openProduct(page, 'city-champ-golf', 'city-champ-tourney-tee');
  const table = page.getByRole('table', { name: /Price per piece by quantity/ });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('row', { name: '12–23 $19.00' })).toBeVisible();
  await expect(page.getByText('$24.00 each at 1')).toBeVisible();
  await expect(page.getByText('Add 11 more to pay $19.00 each.')).toBeVisible();
  const axe = await axeBuilder(page).include('#product-options').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await choose(page, 'Color', color.name);
  await choose(page, 'Size', size.name);
  const quantity = page.getByLabel('Quantity', { exact: true });
  await quantity.fill('12');
  await quantity.press('Tab');
  await expect(page.getByText('$19.00 each at 12')).toBeVisible();
  await expect(page.getByText('Add 12 more to pay $16.00 each.')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 12 × City Champ Tourney Tee' })).toBeVisible();

  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ hasText: 'City Champ Tourney Tee' });
  await expect(line).toContainText('$228.00', { timeout: 15_000 });
  // One fewer piece falls back to the base price at once, as checkout would charge it.
  await line.getByRole('button', { name: /Decrease quantity/ }).click();
  await expect(line).toContainText('$264.00');
});

test('a product sold in runs starts at its minimum and cannot go below it', async ({ page }) => {
  await openProduct(page, 'signs-and-banners', 'custom-yard-sign');
  await expect(page.getByText('Custom Coroplast Yard Sign is printed in runs of 10 or more.')).toBeVisible();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('10');
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await expect(page.getByText('$25.00 each at 10')).toBeVisible();
  await expect(page.getByText('Add 15 more to pay $21.00 each.')).toBeVisible();
});

test('a back print adds its price on every piece and its setup once; the test checkout lists them', async ({
  page,
  request,
}) => {
  const tee = (await (await request.get('/api/products/slug/city-champ-tourney-tee')).json()) as ProductDetail;
  // Each project holds 12 pieces of its own variant: desktop and mobile run at once on one shop.
  const plenty = tee.variants.filter((v) => (v.stock_qty ?? 0) >= 12);
  const variant = plenty.at(test.info().project.name === 'mobile' ? -2 : -1)!;
  const color = tee.colors.find((c) => c.id === variant.color_id)!;
  const size = tee.sizes.find((s) => s.id === variant.size_id)!;

  await openProduct(page, 'city-champ-golf', 'city-champ-tourney-tee');
  const locations = page.getByRole('group', { name: 'Print locations' });
  await expect(locations.getByRole('checkbox')).toHaveCount(4);
  await locations.getByRole('checkbox', { name: /Back/ }).check();
  await choose(page, 'Color', color.name);
  await choose(page, 'Size', size.name);
  const quantity = page.getByLabel('Quantity', { exact: true });
  await quantity.fill('12');
  await quantity.press('Tab');
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 12 × City Champ Tourney Tee' })).toBeVisible();

  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ hasText: 'City Champ Tourney Tee' });
  await expect(line).toContainText('Back: artwork to come', { timeout: 15_000 });
  const summary = page.getByRole('region', { name: 'Order summary' });
  // 12 × $19.00 + 12 × $3.00 back print + $25.00 back setup.
  await expect(summary).toContainText('$289.00');
  await expect(summary).toContainText('$61.00');
  await summary.getByText('Local Handoff').click();
  await summary.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Back print, City Champ Tourney Tee')).toBeVisible();
  await expect(page.getByText('Back setup, City Champ Tourney Tee')).toBeVisible();
});
