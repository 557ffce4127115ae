import { writeFileSync } from 'node:fs';
import { ADMIN_TOKEN_STORAGE_KEY } from '../../src/lib/admin-schemas/auth.ts';
import { adminPassword, JOURNEYS_PORT, MAIN_PORT, ownerStatePath } from '../support/e2e-shop.ts';
import { expect, test } from '../support/e2e-test.ts';

/**
 * The owner signs in once per shop through the login form, and the token the admin stored is kept
 * for the run: admin tests start signed in (signInAsOwner) instead of filling the form and paying
 * for an scrypt check each time. The sign-in screen itself keeps its own tests (admin.spec.ts,
 * admin-keyboard.spec.ts and the keyboard journeys).
 */
for (const port of [MAIN_PORT, JOURNEYS_PORT]) {
  test(`the owner signs in to the shop on port ${port}`, async ({ page }) => {
    await page.goto(`http://localhost:${port}/admin`);
    await page.getByLabel('Password').fill(adminPassword(port));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/, { timeout: 15_000 });
    const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_STORAGE_KEY);
    expect(token).toBeTruthy();
    writeFileSync(ownerStatePath(port), JSON.stringify({ key: ADMIN_TOKEN_STORAGE_KEY, token }));
  });
}
