import type { APIRequestContext } from '@playwright/test';
import { expect, type Page, test } from '../support/e2e-test.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';

/** Clone works first time: a free slug proposed, the images kept, the SKU suffixed. */

// Each project clones its own seeded product, so parallel runs never race for the same copy slug.
const ORIGINALS: Record<string, { name: string; slug: string; sku: string }> = {
  desktop: { name: 'Game Day Pullover Hoodie', slug: 'game-day-hoodie', sku: 'FNL-HOOD' },
  mobile: { name: 'Team Mom V-Neck', slug: 'team-mom-vneck', sku: 'FNL-MOM' },
};

/**
 * Deletes the copies of `slug` a run left behind (a failed attempt stops before its own Delete),
 * so a retry, and the other admin tests that list the seeded products, start from the seed.
 */
async function deleteCopies(page: Page, request: APIRequestContext, slug: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  if (!token) return 0;
  const headers = { authorization: `Bearer ${token}` };
  const products = (await (await request.get('/api/admin/products', { headers })).json()) as {
    id: string;
    slug: string;
  }[];
  const copies = products.filter((p) => p.slug.startsWith(`${slug}-copy`));
  for (const copy of copies) {
    expect((await request.delete(`/api/products/${copy.id}`, { headers })).ok()).toBe(true);
  }
  return copies.length;
}

test.describe('admin clone', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a cloned product proposes a free -copy slug, keeps the images, suffixes the SKU and saves first time', async ({
    page,
    request,
  }, testInfo) => {
    const original = ORIGINALS[testInfo.project.name] ?? ORIGINALS['desktop']!;
    await signInAsOwner(page);
    if ((await deleteCopies(page, request, original.slug)) > 0) await page.goto('/admin/products');
    // The list shows 25 products a page: the owner searches for the one to clone.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(original.name);
    const table = page.getByRole('grid', { name: 'Products' });
    const originalRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: original.name, exact: true }) });
    await expect(originalRow).toHaveCount(1);
    const originalThumb = await originalRow.locator('img').getAttribute('src');
    expect(originalThumb).toBeTruthy();

    await table.getByRole('button', { name: `Clone ${original.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
    await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue(`${original.slug}-copy`);
    await expect(dialog.getByRole('textbox', { name: 'SKU' })).toHaveValue(`${original.sku}-COPY`);
    await expect(dialog.getByRole('img', { name: 'Main Image preview' })).toHaveAttribute('src', /\S/);
    // Only the name changes, so the two rows can be told apart; slug and SKU are as proposed.
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${original.name} (copy)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The save also queues a rebuild; on a busy machine it can take longer than expect's 5 s.
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    const copyRow = table.getByRole('row').filter({ hasText: `${original.slug}-copy` });
    await expect(copyRow.getByRole('rowheader')).toHaveText(`${original.name} (copy)`);
    await expect(copyRow.locator('img')).toHaveAttribute('src', originalThumb!);

    // A second clone of the original finds -copy taken and proposes -copy-2.
    await table.getByRole('button', { name: `Clone ${original.name}`, exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue(`${original.slug}-copy-2`);
    await expect(dialog.getByRole('textbox', { name: 'SKU' })).toHaveValue(`${original.sku}-COPY-2`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await table.getByRole('button', { name: `Delete ${original.name} (copy)` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('rowheader', { name: `${original.name} (copy)` })).toHaveCount(0);
  });
});
