import { devices } from '@playwright/test';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';

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
  const tab = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Payments' });
  await tabTo(page, tab);
  await page.keyboard.press('Enter');
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
