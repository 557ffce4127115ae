import { png } from './artwork-files.ts';
import { expect, type Locator, type Page } from './e2e-test.ts';
import { ownerState, shopPort } from './e2e-shop.ts';

/** The owner's side of a browser test: sign in, and open one customer's order. */

/**
 * Opens the admin signed in as the owner, with the token of the run's one sign-in
 * (tests/e2e/owner.setup.ts): the admin keeps its token in localStorage, so it is put there on
 * the shop's origin and the admin opened; it lands on Products as after the login form.
 */
export async function signInAsOwner(page: Page) {
  const { key, token } = ownerState();
  const origin = `http://localhost:${shopPort()}`;
  if (!page.url().startsWith(origin)) await page.goto('/robots.txt');
  await page.evaluate(([k, t]) => localStorage.setItem(k!, t!), [key, token]);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/products$/, { timeout: 15_000 });
}

/** Signs in through the login form with `password`: for a shop of a test's own (Netlify's runtime). */
export async function signInWithForm(page: Page, password: string) {
  await page.goto('/admin');
  await expect(page.getByLabel('Password')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signing in checks the password with scrypt: on a busy machine that alone can take seconds.
  await expect(page).toHaveURL(/\/admin\/products$/, { timeout: 15_000 });
}

/**
 * Opens the order dialog of the one order placed with `buyer`'s address, from the Orders tab
 * (the signed-in page), fresh: it shows the order as it is now.
 */
export async function openOrderOf(page: Page, buyer: string): Promise<Locator> {
  await page.goto('/admin/orders');
  await page.getByRole('searchbox', { name: 'Email or User ID' }).fill(buyer);
  const table = page.getByRole('grid', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const dialog = page.getByRole('dialog', { name: /^Order / });
  await expect(async () => {
    if (!(await dialog.isVisible())) await table.getByRole('row').nth(1).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

/** The Production section of `buyer`'s order, opened fresh. */
export const productionOf = async (page: Page, buyer: string) =>
  (await openOrderOf(page, buyer)).getByRole('region', { name: 'Production' });

/** Focuses `target` and presses `key` on it, as a keyboard user does. */
export async function press(target: Locator, key = 'Enter') {
  await target.focus();
  await target.press(key);
}

/** Sends a proof from an order's Production section: the file, a note, Upload and send. */
export async function sendProof(page: Page, production: Locator, fileName: string, note: string) {
  await production
    .getByLabel(/^Proof file/)
    .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: await png(800, 500) });
  await production.getByRole('textbox', { name: 'Note to the customer (optional)' }).focus();
  await page.keyboard.type(note);
  await press(production.getByRole('button', { name: 'Upload and send proof' }));
  // The upload, its check and the send are three calls, each a function (slower on Netlify's emulator).
  await expect(production).toContainText('Stage: Proof sent', { timeout: 20_000 });
}

/** Cancel or Escape on a changed form asks first (src/admin/discard-guard.tsx): the owner discards. */
export async function discardChanges(page: Page) {
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(ask).toBeHidden();
}

/** Picks an option of one of the admin's selects (a button named by its label, then a listbox). */
export async function pick(scope: Page | Locator, label: string, option: string) {
  const trigger = scope.getByRole('button', { name: new RegExp(`^(.*\\s)?${label}(\\s.*)?$`) }).first();
  const page = 'page' in scope ? scope.page() : scope;
  const choice = page.getByRole('option', { name: option, exact: true });
  // A click that lands while a lazily loaded dialog is still settling can go unanswered on a busy
  // machine: open the list again until it shows.
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await expect(choice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
}
