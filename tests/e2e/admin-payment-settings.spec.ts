import { devices } from '@playwright/test';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';
import { openSection } from '../support/admin-keyboard.ts';

/*
 * docs/decisions/0029-deposits.md, the owner's payment settings (admin tab Payments), by keyboard alone: the deposit a
 * new quote starts at and the amount from which bank transfer is offered, a refusal said at its
 * field, a save that holds after a reload, axe clean. The shop's settings are put back at the end
 * (other journeys start quotes at 50 %).
 */

/** Presses Tab until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Types into a field reached by Tab, replacing what it held (nothing typed empties it). */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

/**
 * Runs in the "journeys" project, after every desktop and mobile test: the settings are the
 * shop's own, and a quote journey running meanwhile would read the deposit this test changes.
 * Its two viewports run one after the other for the same reason.
 */
test.describe.configure({ mode: 'serial' });

async function settingsJourney(page: Page) {
  await signInAsOwner(page);
  await openSection(page, 'Payments');
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();

  const deposit = page.getByRole('textbox', { name: 'Deposit on a new quote (%)' });
  const minimum = page.getByRole('textbox', { name: 'Offer bank transfer from' });
  const save = page.getByRole('button', { name: 'Save payment settings' });
  await expect(deposit).toHaveValue('50');
  await expect(minimum).toHaveValue('');
  expect(await scanAxe(page)).toEqual([]);

  // Out of range: said at the field, which gets the focus; nothing saved.
  await typeInto(page, deposit, '0');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('The deposit is at least 1 %.')).toBeVisible();
  await expect(deposit).toBeFocused();
  await expect(deposit).toHaveAttribute('aria-invalid', 'true');
  expect(await scanAxe(page)).toEqual([]);

  await typeInto(page, deposit, '40');
  await typeInto(page, minimum, '2500');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment settings saved')).toBeVisible();
  await expect(page.getByText('The deposit is at least 1 %.')).toHaveCount(0);

  await page.reload();
  await expect(deposit).toHaveValue('40');
  await expect(minimum).toHaveValue('$2,500.00');

  // Back as the shop had them: 50 %, cards only.
  await typeInto(page, deposit, '50');
  await typeInto(page, minimum, '');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment settings saved')).toBeVisible();
  await page.reload();
  await expect(deposit).toHaveValue('50');
  await expect(minimum).toHaveValue('');
}

test('the owner sets the quote deposit and the bank-transfer minimum by keyboard', async ({ page }) => {
  await settingsJourney(page);
});

test.describe('on a phone', () => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  test('the owner sets the quote deposit and the bank-transfer minimum by keyboard, on a phone', async ({ page }) => {
    await settingsJourney(page);
  });
});

/*
 * Issue 44: the shop's own details (admin tab Shop settings). The owner changes the phone; a bad
 * number is said at its field; the save republishes the site and the footer says the new number.
 * The phone is put back at the end (the journeys' shop is shared with other journeys). The
 * social profiles' rows stack at 390 px.
 */
test('the owner changes the shop’s phone in Shop settings and the footer says it', async ({ page, request }) => {
  const phone = '+1 432 555 0199';
  await signInAsOwner(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Shop settings' }).click();
  await expect(page).toHaveURL(/\/admin\/shop-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Phone' });
  const save = page.getByRole('button', { name: 'Save shop settings' });
  await expect(field).toHaveValue('+1-432-555-0142');
  expect(await scanAxe(page)).toEqual([]);

  await field.fill('call us');
  await save.click();
  await expect(page.getByText('Type a phone number with its area code, e.g. +1-432-555-0142.')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await scanAxe(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  const profile = page.getByRole('textbox', { name: 'Profile 1 address' });
  await profile.scrollIntoViewIfNeeded();
  const box = await profile.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await scanAxe(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  await field.fill(phone);
  await save.click();
  await expect(page.getByText('Shop settings saved. The site is being republished.')).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue(phone);

  // The rebuild puts it in every footer.
  await expect
    .poll(async () => (await (await request.get('/contact')).text()).includes(phone), { timeout: 120_000 })
    .toBe(true);
  await page.goto('/contact');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    'tel:+14325550199',
  );

  // Back as the shop had it.
  await page.goto('/admin/shop-settings');
  await field.fill('+1-432-555-0142');
  await save.click();
  await expect(page.getByText('Shop settings saved. The site is being republished.')).toBeVisible();
});
