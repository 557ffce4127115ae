import { axeBuilder } from '../support/axe.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { png } from '../support/artwork-files.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { fillTestCheckoutContact } from '../support/test-checkout-contact.ts';
import { adminPassword } from '../support/e2e-shop.ts';

/**
 * The print-shop order of docs/decisions/0015-print-ordering.md, by keyboard alone: 24 tees in
 * three sizes of one colour, front print with uploaded artwork and back print with artwork sent
 * later. The page shows the tier price and the fees, the cart and the test checkout charge them,
 * and the success page lists the sizes, the locations and the artwork.
 */

const SLUG = 'city-champ-tourney-tee';

/** Presses a control from the keyboard: focus it, then Space (checkboxes, radios, buttons). */
async function press(target: Locator, key = 'Space') {
  await target.focus();
  await target.press(key);
}

/** Types a number into a field from the keyboard, replacing what is there. */
async function typeInto(field: Locator, value: string) {
  await field.focus();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(value);
  await field.press('Tab');
}

/** A colour with three sizes that have `pieces` or more left, away from what other specs buy. */
function pickSizes(tee: ProductDetail, pieces: number, project: string) {
  const usable = tee.colors.flatMap((color) => {
    const sizes = tee.sizes
      .map((size) => ({
        size,
        stock: tee.variants.find((v) => v.color_id === color.id && v.size_id === size.id)?.stock_qty ?? 0,
      }))
      .filter((s) => s.stock >= pieces + 12)
      .sort((a, b) => b.stock - a.stock)
      .slice(0, 3);
    // In the product's size order, as the page and the cart list them.
    const inOrder = tee.sizes.filter((size) => sizes.some((s) => s.size.id === size.id));
    return sizes.length === 3 ? [{ color, sizes: inOrder }] : [];
  });
  // Desktop and mobile run at once on one shop: each takes its own colour.
  const pick = usable[project === 'mobile' ? 1 : 0];
  if (!pick) throw new Error(`the seed has no colour of ${SLUG} with three sizes of ${pieces + 12} pieces`);
  return pick;
}

async function wake(page: Page) {
  await page.goto(`/collections/city-champ-golf/products/${SLUG}`);
  // A person reaching for the options by keyboard wakes them.
  await page.locator('#product-options input[name="color"]').first().focus();
  await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
}

test('24 tees in three sizes with a front print from uploaded art and a back print to come, by keyboard', async ({
  page,
  request,
}, testInfo) => {
  const tee = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const { color, sizes } = pickSizes(tee, 8, testInfo.project.name);
  const artwork = await png(3600, 3600);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const uploaderLoaded = () => scripts.some((path) => /ArtworkUpload/.test(path));

  await wake(page);
  const options = page.locator('#product-options');
  await press(options.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: color.name }));
  await press(options.getByRole('checkbox', { name: /Order several sizes/ }));
  const breakdown = options.getByRole('group', { name: 'Pieces per size' });
  await expect(breakdown).toBeVisible();
  for (const size of sizes) await typeInto(breakdown.getByLabel(`Quantity of ${size.name}`, { exact: true }), '8');
  await expect(breakdown).toContainText('24 pieces in all');
  await expect(options.getByText('$16.00 each at 24')).toBeVisible();
  await expect(options.getByText('Add 24 more to pay $13.00 each.')).toBeVisible();

  const locations = options.getByRole('group', { name: 'Print locations' });
  await press(locations.getByRole('checkbox', { name: /Front/ }));
  await press(locations.getByRole('checkbox', { name: /Back/ }));
  // The uploader's code loads only when a person says they will upload now.
  expect(uploaderLoaded()).toBe(false);
  await press(locations.getByRole('radio', { name: 'Upload artwork now' }).first());
  await expect.poll(uploaderLoaded).toBe(true);
  const add = options.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeDisabled();
  await expect(options.getByText('Attach the artwork for Front, or choose to send it later.')).toBeVisible();

  const fileInput = options.getByLabel('Artwork for Front', { exact: true });
  await expect(fileInput).toBeVisible({ timeout: 15_000 });
  const chooser = page.waitForEvent('filechooser');
  await press(fileInput);
  await (await chooser).setFiles({ name: 'team-logo.png', mimeType: 'image/png', buffer: artwork });
  const found = options.getByRole('region', { name: 'What we found in team-logo.png' });
  await expect(found).toBeVisible({ timeout: 60_000 });
  await expect(found).toContainText('3600 × 3600');
  await expect(found.getByRole('img', { name: 'Preview of team-logo.png' })).toBeVisible();
  const axe = await axeBuilder(page).include('#product-options').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await expect(add).toBeEnabled();
  await press(add, 'Enter');
  const sizesAdded = sizes.map((s) => `8 ${s.name}`).join(', ');
  await expect(
    options.getByRole('status').filter({ hasText: `Added 24 × City Champ Tourney Tee (${sizesAdded})` }),
  ).toBeVisible();

  await page.goto('/cart');
  const rows = page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ hasText: 'Tourney' });
  await expect(rows).toHaveCount(3, { timeout: 15_000 });
  for (const size of sizes) await expect(page.getByText(`Size: ${size.name}`, { exact: true })).toBeVisible();
  await expect(rows.first()).toContainText('Front: team-logo.png');
  await expect(rows.first()).toContainText('Back: artwork to come');
  await expect(rows.first().getByRole('img', { name: 'Artwork team-logo.png' })).toBeVisible();
  await expect(rows.first()).toContainText('$16.00 each');
  const summary = page.getByRole('region', { name: 'Order summary' });
  // 24 × $16.00 + 24 × $3.00 back print + $25.00 front setup + $25.00 back setup.
  await expect(summary).toContainText('$506.00');
  await expect(summary).toContainText('$122.00');
  const cartScan = await axeBuilder(page).include('main').analyze();
  expect(cartScan.violations.map((v) => v.id)).toEqual([]);

  await press(summary.getByRole('radio', { name: 'Local Handoff' }));
  await press(summary.getByRole('button', { name: 'Checkout' }), 'Enter');
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Front setup, City Champ Tourney Tee')).toBeVisible();
  await expect(page.getByText('Back print, City Champ Tourney Tee')).toBeVisible();
  const buyer = `print-journey-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.getByLabel('E-mail for the receipt (optional)').focus();
  await page.keyboard.type(buyer);
  await fillTestCheckoutContact(page);
  await press(page.getByRole('button', { name: 'Pay' }), 'Enter');

  await expect(page).toHaveURL(/\/success\?session_id=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  // Items are the 24 pieces, not the print and setup lines.
  await expect(page.getByRole('definition').filter({ hasText: /^24$/ })).toBeVisible();
  const printed = page.locator('[data-printed-designs]');
  await expect(printed.getByRole('heading', { name: "What we'll print" })).toBeVisible();
  for (const size of sizes) {
    const design = printed.getByRole('list', {
      name: `Print locations of City Champ Tourney Tee (${color.name}, ${size.name})`,
    });
    await expect(design).toContainText('Front: team-logo.png');
    await expect(design).toContainText('Back: artwork to come');
  }
  await expect(printed.getByRole('img', { name: 'Artwork team-logo.png' }).first()).toBeVisible();
  const successScan = await axeBuilder(page).include('main').analyze();
  expect(successScan.violations.map((v) => v.id)).toEqual([]);

  await ownerFindsArtwork(page, buyer, 'team-logo.png');
});

test('artwork promised for later can be attached from the cart, on every size of the design', async ({
  page,
  request,
}, testInfo) => {
  const tee = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  // Only looked at, never bought: any colour with three sizes in stock will do.
  const { color, sizes } = pickSizes(tee, 0, testInfo.project.name);
  await wake(page);
  const options = page.locator('#product-options');
  await press(options.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: color.name }));
  await press(options.getByRole('checkbox', { name: /Order several sizes/ }));
  const breakdown = options.getByRole('group', { name: 'Pieces per size' });
  for (const size of sizes.slice(0, 2)) {
    await typeInto(breakdown.getByLabel(`Quantity of ${size.name}`, { exact: true }), '6');
  }
  await press(options.getByRole('group', { name: 'Print locations' }).getByRole('checkbox', { name: /Back/ }));
  await press(options.getByRole('button', { name: 'Add to Cart' }), 'Enter');
  await expect(options.getByRole('status')).toContainText('Added 12 ×');

  await page.goto('/cart');
  const rows = page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ hasText: 'Size:' });
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(rows.filter({ hasText: 'Back: artwork to come' })).toHaveCount(2);
  await press(rows.first().getByRole('button', { name: /^Attach artwork for Back/ }), 'Enter');
  const chooser = page.waitForEvent('filechooser');
  await press(page.getByLabel('Artwork for Back', { exact: true }));
  await (await chooser).setFiles({ name: 'back-names.png', mimeType: 'image/png', buffer: await png(2400, 1200) });
  await expect(rows.filter({ hasText: 'Back: back-names.png' })).toHaveCount(2, { timeout: 60_000 });
  await expect(rows.first().getByRole('img', { name: 'Artwork back-names.png' })).toBeVisible();
  await press(rows.first().getByRole('button', { name: /^Send later the artwork for Back/ }), 'Enter');
  await expect(rows.filter({ hasText: 'Back: artwork to come' })).toHaveCount(2);
});

/** The owner opens the order by keyboard and finds its sizes, locations and the customer's file. */
async function ownerFindsArtwork(page: Page, buyer: string, fileName: string) {
  await page.goto('/admin');
  const password = page.getByLabel('Password');
  await expect(password).toBeVisible({ timeout: 15_000 });
  await password.focus();
  await page.keyboard.type(adminPassword());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await press(page.getByRole('link', { name: 'Orders' }), 'Enter');
  const search = page.getByRole('searchbox', { name: 'Email or User ID' });
  await search.focus();
  await page.keyboard.type(buyer);
  const table = page.getByRole('grid', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: /^Order / });
  // The list re-renders as the filter answers: press the row until its order opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await press(table.getByRole('row').nth(1), 'Enter');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const lines = dialog.getByRole('list', { name: 'Print locations of City Champ Tourney Tee' });
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toContainText(`Front: ${fileName}`);
  await expect(lines.first()).toContainText('Raster, 3600 × 3600 px');
  await expect(lines.first()).toContainText('Back: Artwork to come');
  await expect(lines.first().getByRole('img', { name: `Preview of ${fileName}` })).toBeVisible();
  await expect(dialog.getByText('Front setup, City Champ Tourney Tee')).toBeVisible();
  const download = page.waitForEvent('download');
  await press(lines.first().getByRole('button', { name: `Download original ${fileName} (Front)` }), 'Enter');
  expect((await download).suggestedFilename()).toBe(fileName);
  const scan = await axeBuilder(page).include('[role="dialog"]').analyze();
  expect(scan.violations.map((v) => v.id)).toEqual([]);
}
