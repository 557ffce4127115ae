import { formatUsd } from '../../src/lib/money.ts';
import { type ProductDetail, productPath } from '../../src/lib/catalog/products.ts';
import { png } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/**
 * Every printed product takes artwork (docs/decisions/0027-price-lists.md): a seeded banner, sign,
 * sticker, decal, mug and tote each offer a print location at no extra cost (the price includes the
 * print), and a customer orders one by keyboard alone with the file attached while ordering: the
 * artwork check advises at the size ordered or the location's print width, and the cart line names the location and the file.
 */

/**
 * `areaCents`: the price of one piece of a product the seed prices by area, at its first one-tap
 * size in its first material (what its page starts at); the others cost their own price.
 * `orderedWidthIn`: that size's width, at which the artwork check advises for a product priced
 * by area (docs/decisions/0041-outside-audit.md item 12); the others advise at the location's width.
 */
const PRODUCTS = [
  // 2 × 4 ft = 8 sq ft of 13 oz vinyl at the 1-piece band's $8.00 a sq ft: 8 × $8.00 = $64.00.
  {
    type: 'banner',
    slug: 'heavy-duty-vinyl-banner',
    location: 'Face',
    later: null,
    areaCents: 6400,
    orderedWidthIn: 24,
  },
  // A sign printed on both sides: the front's file now, the back's sent later.
  {
    type: 'sign',
    slug: 'senior-night-yard-sign',
    location: 'Front',
    later: 'Back',
    areaCents: null,
    orderedWidthIn: null,
  },
  // One 2 × 2 in sticker, 4/144 sq ft of gloss vinyl at $12.00 a sq ft, is $0.33: the list's $25.00
  // minimum charge makes it $25.00.
  {
    type: 'sticker',
    slug: 'die-cut-logo-stickers',
    location: 'Sticker',
    later: null,
    areaCents: 2500,
    orderedWidthIn: 2,
  },
  {
    type: 'decal',
    slug: 'store-hours-window-decal',
    location: 'Decal',
    later: null,
    areaCents: null,
    orderedWidthIn: null,
  },
  { type: 'mug', slug: 'diner-ceramic-mug', location: 'Wrap', later: null, areaCents: null, orderedWidthIn: null },
  { type: 'tote', slug: 'heavy-canvas-tote', location: 'Front', later: null, areaCents: null, orderedWidthIn: null },
] as const;

/** Presses a control from the keyboard: focus it, then Space (checkboxes, radios, file inputs) or Enter. */
async function press(target: Locator, key = 'Space') {
  await target.focus();
  await target.press(key);
}

/** Opens the product page and wakes its options the way a keyboard user does, by focusing them. */
async function openProduct(page: Page, product: ProductDetail) {
  await page.goto(productPath(product.collection.slug, product.slug));
  await page.locator('#product-options input[name="quantity"]').focus();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
}

/** A colour and size of the product with stock (the first choice where there is a choice to make). */
function inStock(product: ProductDetail) {
  const variant = product.variants.find((v) => (v.stock_qty ?? 0) > 0);
  return {
    color: product.colors.find((c) => c.id === variant?.color_id) ?? null,
    size: product.sizes.length > 1 ? (product.sizes.find((s) => s.id === variant?.size_id) ?? null) : null,
  };
}

for (const item of PRODUCTS) {
  test(`a ${item.type} is ordered with its artwork attached, by keyboard`, async ({ page, request }, testInfo) => {
    const product = (await (await request.get(`/api/products/slug/${item.slug}`)).json()) as ProductDetail;
    const offered = product.print_locations.find((l) => l.name === item.location);
    expect(offered, `${item.slug} offers ${item.location}`).toMatchObject({
      price_cents_per_piece: 0,
      setup_fee_cents: 0,
    });
    expect(offered!.print_width_in).toBeGreaterThan(0);
    const width = item.orderedWidthIn ?? offered!.print_width_in!;
    const fileName = `${item.type}-${testInfo.project.name}.png`;

    await openProduct(page, product);
    const options = page.locator('#product-options');
    const { color, size } = inStock(product);
    if (color) await press(options.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: color.name }));
    if (size) await press(options.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: size.name }));

    const locations = options.getByRole('group', { name: 'Print locations' });
    const checkbox = locations.getByRole('checkbox', { name: new RegExp(`^${item.location} `) });
    // The print is in the price: the location says so and adds nothing.
    await expect(locations.getByText(`${item.location} (included)`)).toBeVisible();
    // A product priced by area has one location, chosen already: its upload is offered at once (issue 44, item 13).
    if (item.areaCents === null) await press(checkbox);
    await expect(checkbox).toBeChecked();
    const artwork = locations.getByRole('group', { name: `Artwork for ${item.location}` });
    await press(artwork.getByRole('radio', { name: 'Upload artwork now' }));
    const add = options.getByRole('button', { name: 'Add to Cart' });
    await expect(add).toBeDisabled();
    await expect(
      options.getByText(`Attach the artwork for ${item.location}, or choose to send it later.`),
    ).toBeVisible();

    const fileInput = options.getByLabel(`Artwork for ${item.location}`, { exact: true });
    await expect(fileInput).toBeVisible({ timeout: 15_000 });
    // The file chooser reads whole ("Choose File"), not a 20 px box saying "Cl" (issue 44, item 13).
    expect((await fileInput.boundingBox())!.width).toBeGreaterThan(60);
    const chooser = page.waitForEvent('filechooser');
    await press(fileInput);
    await (await chooser).setFiles({ name: fileName, mimeType: 'image/png', buffer: await png(600, 300) });
    const found = options.getByRole('region', { name: `What we found in ${fileName}` });
    await expect(found).toBeVisible({ timeout: 60_000 });
    await expect(found).toContainText('600 × 300');
    // The DPI advice is given at the size ordered (by area) or at the location's own print width.
    await expect(found).toContainText(`${Math.round(600 / width)} dpi at ${width} in wide`);

    if (item.later) {
      await press(locations.getByRole('checkbox', { name: new RegExp(`^${item.later} `) }));
      await expect(
        locations.getByRole('group', { name: `Artwork for ${item.later}` }).getByRole('radio', {
          name: "I'll send artwork later",
        }),
      ).toBeChecked();
    }
    if (item.type === 'banner') expect(await scanAxe(page)).toEqual([]);

    await expect(add).toBeEnabled();
    await press(add, 'Enter');
    await expect(options.getByRole('status')).toContainText(`Added ${product.minimum_quantity} × ${product.name}`);

    await page.goto('/cart');
    const row = page
      .getByRole('list', { name: 'Items in your cart' })
      .getByRole('listitem')
      .filter({ hasText: product.name });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    const design = row.getByRole('list', { name: 'Print locations' });
    await expect(design).toContainText(`${item.location}: ${fileName}`);
    await expect(design.getByRole('img', { name: `Artwork ${fileName}` })).toBeVisible();
    if (item.later) await expect(design).toContainText(`${item.later}: artwork to come`);
    // No print or setup charge: the line costs what the product costs (an area product, its size).
    const each = item.areaCents ?? product.price_cents;
    await expect(row).toContainText(`${formatUsd(each)} each`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(formatUsd(each * product.minimum_quantity));
    await expect(summary).not.toContainText('Print locations and setup');
  });
}
