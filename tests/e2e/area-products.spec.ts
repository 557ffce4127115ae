import { formatUsd } from '../../src/lib/money.ts';
import type { AreaList } from '../../src/lib/pricing/lists.ts';
import { type ProductDetail, productPath } from '../../src/lib/catalog/products.ts';
import { png } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/**
 * docs/decisions/0027-price-lists.md, "a 4 × 8 ft banner costs its area": the seeded vinyl banner is priced by width ×
 * height from the seeded "Banners by square foot" list. A customer, by keyboard alone, picks a
 * one-tap size or types one in feet or inches, a material and a finishing, attaches the file,
 * and the page, then the cart, charge the area at the list's price; a size the shop does not
 * make is refused in words and cannot be added. The banner is made to order (no stock), so the
 * desktop and mobile runs never compete.
 */

const SLUG = 'heavy-duty-vinyl-banner';

/** Presses a control from the keyboard: focus it, then Space (checkboxes, radios, file inputs) or Enter. */
async function press(target: Locator, key = 'Space') {
  await target.focus();
  await target.press(key);
}

/** Replaces what a number field holds by typing, as a keyboard user does. */
async function typeInto(field: Locator, text: string) {
  await field.focus();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

/** The seeded banner and its area list, read from the shop as the page reads them. */
async function banner(page: Page): Promise<{ product: ProductDetail; list: AreaList }> {
  const product = (await (await page.request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const list = product.area_list?.data;
  expect(list, 'the seeded banner links an area list').toBeTruthy();
  return { product, list: list! };
}

/** The list's price per square foot of a material at a count of pieces (its bands are by pieces). */
function perSqftCents(list: AreaList, materialLabel: string, pieces: number): number {
  expect(list.band_basis).toBe('pieces');
  const column = list.materials.findIndex((m) => m.label === materialLabel);
  const row = list.grid.rows.findLastIndex((start) => start <= pieces);
  const cents = list.grid.cells[row]?.[column];
  expect(cents, `${materialLabel} at ${pieces} pieces`).toEqual(expect.any(Number));
  return cents!;
}

/** Opens the product page and wakes its options the way a keyboard user does, by focusing them. */
async function openBanner(page: Page, product: ProductDetail): Promise<Locator> {
  await page.goto(productPath(product.collection.slug, product.slug));
  await page.locator('#product-options input[name="quantity"]').focus();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
  return page.locator('#product-options');
}

test('a 4 × 8 ft banner costs its area at the list price plus finishing, on the page and in the cart', async ({
  page,
}, testInfo) => {
  const { product, list } = await banner(page);
  const grommets = list.finishing.find((f) => f.label === 'Grommets every 2 ft')!;
  expect(grommets).toMatchObject({ basis: 'edge_ft' });
  // One banner, 4 × 8 ft = 32 sq ft of 18 oz vinyl at the 1-piece band: 32 × $10.00 = $320.00;
  // grommets by the foot of edge, 2 × (4 + 8) = 24 ft × $0.50 = $12.00; $332.00 in all.
  const areaCents = 32 * perSqftCents(list, '18 oz vinyl', 1);
  const grommetCents = 24 * grommets.amount;
  const total = areaCents + grommetCents;
  expect(total).toBe(33_200);

  const options = await openBanner(page, product);
  // An area product has no size variants to choose: its sizes are the one-tap sizes.
  await expect(options.getByRole('radiogroup', { name: 'Size' })).toHaveCount(0);
  const presets = options.getByRole('group', { name: 'Preset sizes' });
  await expect(presets.getByRole('button')).toHaveText(['2 × 4 ft', '3 × 6 ft', '4 × 8 ft']);
  const fourByEight = presets.getByRole('button', { name: '4 × 8 ft' });
  await press(fourByEight, 'Enter');
  await expect(fourByEight).toHaveAttribute('aria-pressed', 'true');
  await expect(options.getByLabel('Width (feet)')).toHaveValue('4');
  await expect(options.getByLabel('Height (feet)')).toHaveValue('8');
  await press(options.getByRole('radio', { name: '18 oz vinyl' }));
  await press(options.getByRole('checkbox', { name: 'Grommets every 2 ft' }));

  const price = options.locator('[data-list-price]');
  await expect(price.getByText(`Total for 1 piece: ${formatUsd(total)}`)).toBeVisible({ timeout: 15_000 });
  const breakdown = `4 × 8 ft 18 oz vinyl ${formatUsd(areaCents)} · Grommets every 2 ft ${formatUsd(grommetCents)}`;
  await expect(price.locator('[data-list-breakdown]')).toContainText(breakdown);

  // The file for the face, attached while ordering.
  const fileName = `banner-${testInfo.project.name}.png`;
  const locations = options.getByRole('group', { name: 'Print locations' });
  // The banner's only location is chosen already, its upload offered at once (issue 44, item 13).
  await expect(locations.getByRole('checkbox', { name: /^Face / })).toBeChecked();
  await press(
    locations.getByRole('group', { name: 'Artwork for Face' }).getByRole('radio', { name: 'Upload artwork now' }),
  );
  const fileInput = options.getByLabel('Artwork for Face', { exact: true });
  await expect(fileInput).toBeVisible({ timeout: 15_000 });
  const chooser = page.waitForEvent('filechooser');
  await press(fileInput);
  await (await chooser).setFiles({ name: fileName, mimeType: 'image/png', buffer: await png(600, 300) });
  await expect(options.getByRole('region', { name: `What we found in ${fileName}` })).toBeVisible({
    timeout: 60_000,
  });
  // The file changes nothing of the price: the print is in it.
  await expect(price.getByText(`Total for 1 piece: ${formatUsd(total)}`)).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);

  const add = options.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeEnabled();
  await press(add, 'Enter');
  await expect(options.getByRole('status')).toContainText(`Added 1 × ${product.name}`);

  await page.goto('/cart');
  const row = page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ hasText: product.name });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText(`${formatUsd(total)} each`);
  await expect(row.locator('[data-line-breakdown]')).toContainText(breakdown);
  await expect(row.getByRole('list', { name: 'Print locations' })).toContainText(`Face: ${fileName}`);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(formatUsd(total));
  expect(await scanAxe(page)).toEqual([]);
});

test('a banner size typed in feet or inches is priced by its area; one the shop does not make cannot be added', async ({
  page,
}) => {
  const { product, list } = await banner(page);
  const options = await openBanner(page, product);
  const width = options.getByLabel('Width (feet)');
  const height = options.getByLabel('Height (feet)');
  await typeInto(width, '3');
  await typeInto(height, '5');
  // 3 × 5 ft = 15 sq ft of 13 oz vinyl (the first material) at the 1-piece band: 15 × $8.00 = $120.00.
  const total = 15 * perSqftCents(list, '13 oz vinyl', 1);
  expect(total).toBe(12_000);
  const price = options.locator('[data-list-price]');
  await expect(price.getByText(`Total for 1 piece: ${formatUsd(total)}`)).toBeVisible({ timeout: 15_000 });
  await expect(price.locator('[data-list-breakdown]')).toContainText(`3 × 5 ft 13 oz vinyl ${formatUsd(total)}`);

  // The same size read in inches, and typed in inches, prices the same.
  await press(options.getByRole('radio', { name: 'Inches' }));
  await expect(options.getByLabel('Width (inches)')).toHaveValue('36');
  await expect(options.getByLabel('Height (inches)')).toHaveValue('60');
  await typeInto(options.getByLabel('Height (inches)'), '72');
  // 36 × 72 in = 3 × 6 ft = 18 sq ft: 18 × $8.00 = $144.00.
  await expect(
    price.getByText(`Total for 1 piece: ${formatUsd(18 * perSqftCents(list, '13 oz vinyl', 1))}`),
  ).toBeVisible();

  // 12 ft high is past the 10 ft the shop prints: said in words, and nothing can be added.
  await press(options.getByRole('radio', { name: 'Feet' }));
  await typeInto(options.getByLabel('Height (feet)'), '12');
  await expect(options.getByText('Enter a size we make: Width 1 to 50 ft, height 1 to 10 ft.')).toBeVisible();
  await expect(options.locator('[data-list-price]')).toHaveCount(0);
  await expect(options.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  expect(await scanAxe(page)).toEqual([]);
});
