import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';

const SLUG = 'city-champ-tourney-tee';

test('a successful add by size says so and nothing else; choosing again starts clean', async ({ page, request }) => {
  const tee = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const variant = tee.variants.filter((v) => (v.stock_qty ?? 0) >= 20).at(-2)!;
  const color = tee.colors.find((c) => c.id === variant.color_id)!;
  const size = tee.sizes.find((s) => s.id === variant.size_id)!;

  await page.goto(`/collections/city-champ-golf/products/${SLUG}`);
  await page.locator('#product-options').hover();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
  const options = page.locator('#product-options');
  await options.getByRole('radiogroup', { name: 'Color' }).getByText(color.name, { exact: true }).click();
  await options.getByRole('checkbox', { name: /Order several sizes/ }).check();
  const breakdown = options.getByRole('group', { name: 'Pieces per size' });
  await breakdown.getByLabel(`Quantity of ${size.name}`, { exact: true }).fill('12');
  await breakdown.getByLabel(`Quantity of ${size.name}`, { exact: true }).press('Tab');
  await options.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(options.getByRole('status')).toHaveText(`Added 12 × ${tee.name} (12 ${size.name}) to your cart.`);
  await expect(options.getByText('Choose a color first.')).toHaveCount(0);
  expect(await scanAxe(page)).toEqual([]);

  await options.getByRole('radiogroup', { name: 'Color' }).getByText(color.name, { exact: true }).click();
  await expect(options.getByRole('status')).toHaveText('');
  await expect(options.getByText('Choose a color first.')).toHaveCount(0);
});
