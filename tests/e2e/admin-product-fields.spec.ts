import { discardChanges, signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';

/*
 * docs/decisions/0028-owner-and-receipts.md: the owner reads and types a product's money in dollars
 * (price, quantity tiers, print locations), and its type is a choice of the shop's kinds. Nothing
 * is saved here (a saved product rebuilds the public pages); admin-journeys.spec.ts saves one typed in dollars and
 * follows it to the storefront.
 */

test('a product’s price, tiers and print locations read and type as dollars; its type is a choice', async ({
  page,
}) => {
  await signInAsOwner(page);
  // The seeded tee: $24.00, $19.00 each from 12, a back print at $3.00 a piece and $25.00 setup.
  await page
    .getByRole('grid', { name: 'Products' })
    .getByRole('button', { name: 'Edit City Champ Tourney Tee' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
  const price = dialog.getByRole('textbox', { name: 'Price', exact: true });
  await expect(price).toHaveValue('$24.00');
  const pricing = dialog.getByRole('group', { name: 'Quantity pricing' });
  await expect(pricing.getByRole('textbox', { name: 'From pieces (tier 1)' })).toHaveValue('12');
  await expect(pricing.getByRole('textbox', { name: 'Price each (tier 1)' })).toHaveValue('$19.00');
  const places = dialog.getByRole('group', { name: 'Print locations' });
  await expect(places.getByRole('textbox', { name: 'Location 2', exact: true })).toHaveValue('Back');
  await expect(places.getByRole('textbox', { name: 'Price per piece (location 2)' })).toHaveValue('$3.00');
  await expect(places.getByRole('textbox', { name: 'Setup fee (location 2)' })).toHaveValue('$25.00');
  await expect(dialog.getByText(/cents/i)).toHaveCount(0);

  // Typed as a person says it, read back as money.
  await price.fill('24.5');
  await price.blur();
  await expect(price).toHaveValue('$24.50');

  const type = dialog.getByRole('button', { name: /Product type/ });
  await expect(type).toContainText('Apparel (shirts, hoodies, polos)');
  await type.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText([
    'Apparel (shirts, hoodies, polos)',
    'Headwear (caps, beanies)',
    'Bag (totes)',
    'Drinkware (mugs, tumblers)',
    'Accessory (towels, bandanas, koozies)',
    'Sign',
    'Banner',
    'Sticker',
    'Decal',
  ]);
  await page.getByRole('option', { name: 'Headwear (caps, beanies)' }).click();
  await expect(type).toContainText('Headwear (caps, beanies)');
  expect(await scanAxe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discardChanges(page);
  await expect(dialog).toBeHidden();
});
