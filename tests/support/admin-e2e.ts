import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from './e2e-test.ts';

/** The owner's side of a browser test: sign in, and open one customer's order. */

const PORT = Number(process.env['E2E_PORT'] ?? 4398);

/** Signs in with the e2e shop's generated admin password; lands on Products. */
export async function signInAsOwner(page: Page) {
  await page.goto('/admin');
  await expect(page.getByLabel('Password')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Password').fill(readFileSync(`.data/e2e-${PORT}/admin-password.txt`, 'utf8').trim());
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
