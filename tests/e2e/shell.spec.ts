import { expect, test } from '../support/e2e-test.ts';

test.describe('app shell on wide screens', () => {
  // The collections dropdown is the wide-screen navigation: both projects run it at desktop width.
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the collections dropdown lists popular and other collections and works by keyboard', async ({
    page,
    request,
  }) => {
    const collections = (await (await request.get('/api/collections')).json()) as { name: string; slug: string }[];
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Collections' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const popular = page.getByRole('list', { name: 'Popular Collections' });
    await expect(popular.getByRole('link')).toHaveText(collections.slice(0, 3).map((c) => c.name));
    const rest = page.getByRole('list', { name: 'All Collections' });
    await expect(rest.getByRole('link')).toHaveText(collections.slice(3).map((c) => c.name));
    await expect(page.locator('#collections-menu hr')).toHaveCount(1);

    await page.keyboard.press('Tab');
    await expect(popular.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popular).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('app shell on small screens', { tag: '@phone' }, () => {
  // The menu drawer replaces the navigation below 1024 px: both projects run it at phone width.
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu drawer traps focus, lists collections and restores focus on close', async ({ page, request }) => {
    const collections = (await (await request.get('/api/collections')).json()) as { name: string; slug: string }[];
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByText('Collections', { exact: true }).click();
    await expect(drawer.getByRole('link', { name: collections[0]!.name })).toBeVisible();
    // Focus stays inside the modal drawer while it is open.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await drawer.getByRole('link', { name: collections[0]!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collections[0]!.slug}$`));
  });
});

test('the footer has the tagline, four social links in a new tab, the year and the privacy link', {
  tag: '@layout',
}, async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Prints with West Texas energy.')).toBeVisible();
  const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
  await expect(social).toHaveCount(4);
  for (const link of await social.all()) await expect(link).toHaveAttribute('target', '_blank');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
});

test('the cart badge shows the sum of quantities kept in storage', async ({ page }) => {
  await page.goto('/');
  const cart = page.getByRole('link', { name: /^Cart, \d+ items?$/ });
  await expect(cart).toHaveAccessibleName('Cart, 0 items');
  await page.evaluate(() => {
    const line = { name: 'Tee', price_cents: 2500, colorId: null, colorName: null, sizeId: null, sizeName: null };
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...line, productId: 'a', quantity: 2, image_main_url: null, collection: 'x' },
        { ...line, productId: 'b', quantity: 3, image_main_url: null, collection: 'x' },
      ]),
    );
  });
  await page.reload();
  await expect(cart).toHaveAccessibleName('Cart, 5 items');
  await expect(cart.getByText('5')).toBeVisible();
});
