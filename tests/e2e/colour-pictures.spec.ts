import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';

/*
 * docs/decisions/0028-owner-and-receipts.md, pictures that match: the seeded West Texas Energy Tee
 * has its own pictures in Burnt Orange and Turquoise (not in Black). Choosing a colour shows its
 * picture; the cart line and the drawer show the colour bought. admin-journeys.spec.ts saves a
 * colour's picture and follows it to the shop (a save rebuilds the public pages, so it runs after these).
 */

const PRODUCT = '/collections/west-texas-originals/products/west-texas-energy-tee';
const NAME = 'West Texas Energy Tee';

const choose = (page: Page, group: 'Color' | 'Size', name: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(name, { exact: true }).click();
const mainPicture = (page: Page, name: string) =>
  page.locator('[data-main-picture]').getByRole('img', { name, exact: true });

test('choosing a colour shows its picture in the same box, and a colour without one shows the main picture', {
  tag: '@layout',
}, async ({ page }) => {
  await page.goto(PRODUCT);
  const picture = mainPicture(page, NAME);
  await expect(picture).toBeVisible();
  const box = await picture.boundingBox();

  // Chosen before the options have woken: the page's own script swaps the picture.
  await choose(page, 'Color', 'Turquoise');
  const turquoise = mainPicture(page, `${NAME} in Turquoise`);
  await expect(turquoise).toBeVisible();
  // The image CDN resizes a picture on its first request: on a busy machine that takes a while.
  await expect(turquoise).toHaveJSProperty('complete', true, { timeout: 30_000 });
  expect(await turquoise.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
    encodeURIComponent('/images/products/west-texas-energy-tee--turquoise.webp'),
  );
  // The same box: the page does not move when the picture changes.
  const swapped = (await turquoise.boundingBox())!;
  expect([swapped.x, swapped.width, swapped.height]).toEqual([box!.x, box!.width, box!.height]);
  await expect(mainPicture(page, NAME)).toHaveCount(0);

  await choose(page, 'Color', 'Burnt Orange');
  await expect(mainPicture(page, `${NAME} in Burnt Orange`)).toBeVisible();
  await choose(page, 'Color', 'Black');
  await expect(mainPicture(page, NAME)).toBeVisible();
  await expect(page.locator('[data-main-picture]').getByRole('img')).toHaveCount(1);
  expect(await scanAxe(page)).toEqual([]);
});

test('the cart line and the drawer show the picture of the colour added', async ({ page }) => {
  await page.goto(PRODUCT);
  await choose(page, 'Color', 'Turquoise');
  await choose(page, 'Size', 'M');
  await expect(mainPicture(page, `${NAME} in Turquoise`)).toBeVisible();
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: `Added 1 × ${NAME} to your cart.` })).toBeVisible();
  // After the add the choice starts over, and so does the picture.
  await expect(mainPicture(page, NAME)).toBeVisible();

  await page.getByRole('link', { name: /^Cart, 1 item$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
  const inDrawer = drawer.getByRole('img', { name: `${NAME} in Turquoise` });
  await expect(inDrawer).toBeVisible({ timeout: 30_000 });
  await expect(inDrawer).toHaveAttribute('src', /west-texas-energy-tee--turquoise\.webp/);
  expect(await scanAxe(page)).toEqual([]);

  await drawer.getByRole('link', { name: 'View Cart / Checkout' }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  const lines = page.getByRole('list', { name: 'Items in your cart' });
  const inCart = lines.getByRole('img', { name: `${NAME} in Turquoise` });
  await expect(inCart).toBeVisible();
  await expect(inCart).toHaveAttribute('src', /west-texas-energy-tee--turquoise\.webp/);
  await expect(lines.getByText('Color: Turquoise')).toBeVisible();
  expect(await scanAxe(page)).toEqual([]);
});

test('the product form offers a picture for each colour the product comes in, and shows the one chosen', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByLabel('Search products').fill(NAME);
  await page
    .getByRole('grid', { name: 'Products' })
    .getByRole('button', { name: `Edit ${NAME}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
  const pictures = dialog.getByRole('group', { name: 'Colour pictures' });
  // The seeded pictures, and a picker for each of the tee's five colours.
  await expect(pictures.getByRole('img', { name: 'Turquoise picture preview' })).toHaveAttribute(
    'src',
    // Through the image CDN, as the storefront shows it.
    `/.netlify/images?url=${encodeURIComponent('/images/products/west-texas-energy-tee--turquoise.webp')}&w=400&fm=webp`,
    { timeout: 15_000 },
  );
  await expect(pictures.getByRole('img', { name: 'Black picture preview' })).toHaveCount(0);
  for (const colour of ['Black', 'White', 'Heather Gray', 'Burnt Orange', 'Turquoise']) {
    await expect(pictures.getByLabel(`${colour} picture`, { exact: true })).toBeAttached();
  }

  // Issue 49: the print box of each location on each saved colour picture, drawn by pointer or
  // moved by keyboard, in the picture's own pixels (1200 × 1200 here).
  const boxes = dialog.getByRole('group', { name: 'Print boxes' });
  const frontBox = boxes.getByRole('button', { name: /^Print box on the Turquoise, Front picture/ });
  const field = (name: string) => boxes.getByLabel(`${name} (Turquoise, Front)`, { exact: true });
  const number = async (name: string) => Number(await field(name).inputValue());
  await expect(frontBox.locator('img')).toHaveJSProperty('complete', true, { timeout: 15_000 });
  await frontBox.scrollIntoViewIfNeeded();
  const shown = (await frontBox.boundingBox())!;
  await page.mouse.move(shown.x + shown.width * 0.25, shown.y + shown.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(shown.x + shown.width * 0.75, shown.y + shown.height * 0.75, { steps: 4 });
  await page.mouse.up();
  expect(Math.abs((await number('Box width in pixels')) - 600)).toBeLessThanOrEqual(6);
  expect(Math.abs((await number('Left edge in pixels')) - 300)).toBeLessThanOrEqual(6);
  const left = await number('Left edge in pixels');
  await frontBox.focus();
  await page.keyboard.press('ArrowRight');
  await expect(field('Left edge in pixels')).toHaveValue(String(left + 12));
  await expect(field('Prints inches wide')).toHaveValue('12');

  await pictures
    .getByLabel('Black picture', { exact: true })
    .setInputFiles({ name: 'black.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(pictures.getByRole('img', { name: 'Black picture preview' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await pictures.getByRole('button', { name: 'Remove Turquoise picture' }).click();
  await expect(pictures.getByRole('img', { name: 'Turquoise picture preview' })).toHaveCount(0);

  // A colour no longer offered has no picture to set.
  await dialog.getByRole('group', { name: 'Colours' }).getByText('White', { exact: true }).click();
  await expect(pictures.getByLabel('White picture', { exact: true })).toHaveCount(0);
  expect(await scanAxe(page)).toEqual([]);
  // Left without saving: a save rebuilds the public pages the other tests read.
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
