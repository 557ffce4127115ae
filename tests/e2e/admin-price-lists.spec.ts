import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/*
 * docs/decisions/0027-price-lists.md: the owner keeps price lists in dollars. A grid copied from a
 * spreadsheet pastes at the focused cell, the keyboard moves through it like a spreadsheet, and a save comes back in
 * dollars; a grid that breaks a rule is refused with the message at the cell, focused. Desktop
 * and mobile share one shop, so every list carries the project's name.
 */

/**
 * A 5 × 4 contract chart as a spreadsheet copies it: a header row, quantities ("48+") first, then
 * 1 to 4 colours. Pasted over a new list's 7 × 6 starter, it is the whole grid.
 */
const SHEET = [
  ['Qty', '1 color', '2 colors', '3 colors', '4 colors'],
  ['1', '$4.50', '$5.10', '$5.70', '$6.30'],
  ['24', '3.25', '3.70', '4.15', '4.60'],
  ['48+', '$2.45', '$2.80', '$3.15', '$3.50'],
  ['72+', '1.90', '2.20', '2.50', '2.80'],
  ['144+', '1.50', '1.72', '1.94', '2.16'],
]
  .map((row) => row.join('\t'))
  .join('\r\n');

async function openPriceLists(page: Page) {
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Price lists', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Price lists', level: 1 })).toBeVisible();
}

/** Pastes text at the focused element the way a browser does after Ctrl+V. */
async function pasteText(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const cell = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

test.describe('price lists in the admin', () => {
  test('the owner pastes a 5 × 4 chart over the starter, moves by keyboard, saves exactly that grid and reads it back', async ({
    page,
  }, testInfo) => {
    const name = `Contract chart ${testInfo.project.name} ${Date.now()}`;
    await openPriceLists(page);
    const lists = page.getByRole('grid', { name: 'Price lists' });
    // The demo's crewneck is priced by it (other tests link their own tees for a while).
    await expect(lists.getByRole('row').filter({ hasText: 'Screen print contract chart' })).toContainText(
      /[1-9]\d* products?/,
    );
    expect(await scanAxe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Price List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Price List' });
    // The starter's prices are flagged as not the owner's until pasted or typed over.
    await expect(dialog.getByRole('status')).toContainText('42 prices are still the starter’s');
    await expect(cell(dialog, '6 colours, from 576 pieces')).toHaveAccessibleDescription(/the starter’s, not yours/);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    // Escape on a changed form asks first; Keep editing keeps what was typed.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(dialog.getByRole('button', { name: /Method/ })).toContainText('Screen print');
    await expect(dialog.getByRole('table', { name: 'Prices per piece' })).toBeVisible();

    await cell(dialog, 'Band 1 starts at (pieces)').focus();
    await pasteText(page, SHEET);
    // Exactly the chart: its header is not pasted as prices, nothing of the starter is left.
    await expect(dialog.getByRole('columnheader')).toHaveText([
      'From (pieces)',
      '1 colour',
      '2 colours',
      '3 colours',
      '4 colours',
      'Remove',
    ]);
    await expect(cell(dialog, 'Band 6 starts at (pieces)')).toHaveCount(0);
    await expect(cell(dialog, 'Band 3 starts at (pieces)')).toHaveValue('48');
    await expect(cell(dialog, '4 colours, from 144 pieces')).toHaveValue('2.16');
    await expect(cell(dialog, '2 colours, from 48 pieces')).toHaveValue('$2.80');
    await expect(dialog.getByText(/the starter’s/)).toHaveCount(0);
    expect(await scanAxe(page)).toEqual([]);

    // Down, Enter and Right move like a spreadsheet; typing replaces the cell it lands on.
    await cell(dialog, '1 colour, from 48 pieces').focus();
    await page.keyboard.press('ArrowDown');
    await expect(cell(dialog, '1 colour, from 72 pieces')).toBeFocused();
    await page.keyboard.type('1.85');
    await page.keyboard.press('Enter');
    await expect(cell(dialog, '1 colour, from 144 pieces')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cell(dialog, '2 colours, from 144 pieces')).toBeFocused();
    await expect(cell(dialog, '1 colour, from 72 pieces')).toHaveValue('1.85');

    // The starter's screen rule for up to 6 colours does not refuse a 4-colour chart.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const row = lists.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Screen print');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Add or Edit Price List' });
    await expect(cell(edit, '2 colours, from 48 pieces')).toHaveValue('2.80');
    await expect(cell(edit, '1 colour, from 72 pieces')).toHaveValue('1.85');
    await expect(cell(edit, '4 colours, from 144 pieces')).toHaveValue('2.16');
    await expect(edit.getByRole('columnheader', { name: '5 colours' })).toHaveCount(0);
    await expect(cell(edit, 'Band 6 starts at (pieces)')).toHaveCount(0);
    await expect(edit).toContainText('version 1');
    await expect(edit).toContainText('No product uses this list yet.');
    // Wide enough on a desktop; on a 390 px phone the grid says it scrolls sideways.
    await expect(edit.getByText('Scroll sideways for every column →')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(edit.getByText('Scroll sideways for every column →')).toBeVisible();
    await expect(edit.getByRole('region', { name: 'Prices per piece, scrolls sideways' })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    // A change, then leaving the page or Cancel: both ask before it is lost.
    await cell(edit, '1 colour, from 1 pieces').fill('4.75');
    const leaving = page.waitForEvent('dialog');
    // Staying cancels the reload, so its promise is left to settle on its own.
    void page.reload().catch(() => null);
    const asked = await leaving;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    await expect(cell(edit, '1 colour, from 1 pieces')).toHaveValue('4.75');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(edit).toBeHidden();
  });

  test('a grid with a negative price and a band below the one before is refused at the cell', async ({
    page,
  }, testInfo) => {
    const name = `Refused chart ${testInfo.project.name} ${Date.now()}`;
    await openPriceLists(page);
    await page.getByRole('button', { name: 'Add Price List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Price List' });
    // Embroidery's fields: numbers narrow, the size names customers pick read in full.
    await choose(page, dialog.getByRole('button', { name: /Method/ }), 'Embroidery');
    const stitches = dialog.getByRole('textbox', { name: 'Stitches of size 1' });
    expect((await stitches.boundingBox())!.width).toBeLessThan(300);
    const sizeName = dialog.getByRole('textbox', { name: 'Size customers pick 1' });
    await expect(sizeName).toHaveValue('Left-chest logo, up to 5,000 stitches');
    expect(await sizeName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await choose(page, dialog.getByRole('button', { name: /Method/ }), 'Screen print');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);

    await cell(dialog, '1 colour, from 24 pieces').fill('-1.00');
    await cell(dialog, 'Band 3 starts at (pieces)').fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const negative = cell(dialog, '1 colour, from 24 pieces');
    await expect(negative).toBeFocused();
    await expect(negative).toHaveAttribute('aria-invalid', 'true');
    await expect(negative).toHaveAccessibleDescription('Prices cannot be negative.');
    await expect(cell(dialog, 'Band 3 starts at (pieces)')).toHaveAccessibleDescription(
      'Each band starts above the one before it.',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Not saved' })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    // A larger quantity costing more is only a warning: fixed, the list saves.
    await negative.fill('5.20');
    await cell(dialog, 'Band 3 starts at (pieces)').fill('48');
    await expect(dialog.getByRole('status')).toContainText(
      'A larger quantity costs more per piece here: $5.20 from 24',
    );
    // The starter's prices left are asked about, never refused.
    await dialog.getByRole('button', { name: 'Save' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Save prices you did not type?' });
    await expect(ask).toContainText('41 prices are still the starter’s');
    await ask.getByRole('button', { name: 'Save anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('grid', { name: 'Price lists' }).getByRole('row').filter({ hasText: name }),
    ).toBeVisible();
  });

  test('the owner prices a product by width × height with the sizes it is sold in, and a turnaround list', async ({
    page,
  }) => {
    const name = 'Retractable Banner Stand';
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByLabel('Search products').fill(name);
    const edit = () => page.getByRole('grid', { name: 'Products' }).getByRole('button', { name: `Edit ${name}` });
    await edit().click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
    const lists = dialog.getByRole('group', { name: 'Price lists' });
    await choose(
      page,
      lists.getByRole('button', { name: /^(?!Clear).*Priced by width × height$/ }),
      'Banners by square foot',
    );
    // Priced by area, it needs the sizes a customer may order: refused and focused until given.
    await dialog.getByRole('button', { name: 'Save' }).click();
    const smallest = lists.getByRole('textbox', { name: 'Smallest width (in)' });
    await expect(smallest).toBeFocused();
    await expect(smallest).toHaveAccessibleDescription(/give the smallest width a customer may order/);
    expect(await scanAxe(page)).toEqual([]);

    await smallest.fill('24');
    await lists.getByRole('textbox', { name: 'Largest width (in)' }).fill('120');
    await lists.getByRole('textbox', { name: 'Smallest height (in)' }).fill('12');
    await lists.getByRole('textbox', { name: 'Largest height (in)' }).fill('60');
    await choose(
      page,
      lists.getByRole('button', { name: /^(?!Clear).*Turnaround and rush$/ }),
      'Standard turnaround and rush',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Opened again, the form reads back what was saved; cleared, the product has its own price again.
    await edit().click();
    await expect(lists.getByRole('button', { name: /^(?!Clear).*Priced by width × height$/ })).toContainText(
      'Banners by square foot',
    );
    await expect(lists.getByRole('textbox', { name: 'Largest width (in)' })).toHaveValue('120');
    await expect(lists.getByRole('button', { name: /^(?!Clear).*Turnaround and rush$/ })).toContainText(
      'Standard turnaround and rush',
    );
    await lists.getByRole('button', { name: 'Clear Priced by width × height' }).click();
    await lists.getByRole('button', { name: 'Clear Turnaround and rush' }).click();
    await expect(lists.getByRole('textbox', { name: 'Smallest width (in)' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the owner gives an area product one-tap sizes in feet, checked against its sizes', async ({
    page,
  }, testInfo) => {
    // Desktop and mobile run side by side: each edits its own area product.
    const name = testInfo.project.name === 'mobile' ? 'Senior Night Yard Sign' : 'Livestock Show Stall Banner';
    await signInAsOwner(page);
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByLabel('Search products').fill(name);
    const edit = () => page.getByRole('grid', { name: 'Products' }).getByRole('button', { name: `Edit ${name}` });
    await edit().click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
    const lists = dialog.getByRole('group', { name: 'Price lists' });
    await choose(
      page,
      lists.getByRole('button', { name: /^(?!Clear).*Priced by width × height$/ }),
      'Banners by square foot',
    );
    await lists.getByRole('textbox', { name: 'Smallest width (in)' }).fill('12');
    await lists.getByRole('textbox', { name: 'Largest width (in)' }).fill('120');
    await lists.getByRole('textbox', { name: 'Smallest height (in)' }).fill('12');
    await lists.getByRole('textbox', { name: 'Largest height (in)' }).fill('60');

    const sizes = lists.getByRole('group', { name: 'One-tap sizes' });
    // Added from the keyboard; typed in feet, the unit the fields name.
    await sizes.getByRole('button', { name: 'Add a size' }).focus();
    await page.keyboard.press('Enter');
    await sizes.getByRole('textbox', { name: 'Name (size 1)' }).fill('3 × 6 ft');
    await sizes.getByRole('textbox', { name: 'Width in feet (size 1)' }).fill('6');
    await sizes.getByRole('textbox', { name: 'Height in feet (size 1)' }).fill('3');
    await sizes.getByRole('button', { name: 'Add a size' }).click();
    await sizes.getByRole('textbox', { name: 'Name (size 2)' }).fill('4 × 12 ft');
    await sizes.getByRole('textbox', { name: 'Width in feet (size 2)' }).fill('12');
    await sizes.getByRole('textbox', { name: 'Height in feet (size 2)' }).fill('4');

    // 12 ft is wider than the largest width: refused at the field, nothing saved.
    await dialog.getByRole('button', { name: 'Save' }).click();
    const tooWide = sizes.getByRole('textbox', { name: 'Width in feet (size 2)' });
    await expect(tooWide).toBeFocused();
    await expect(tooWide).toHaveAttribute('aria-invalid', 'true');
    await expect(tooWide).toHaveAccessibleDescription('The width is at most the largest width (120 in).');
    expect(await scanAxe(page)).toEqual([]);

    await sizes.getByRole('button', { name: 'Remove size 2' }).click();
    await expect(sizes.getByRole('textbox', { name: 'Name (size 2)' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Read back; in inches the same size reads 72 × 36.
    await edit().click();
    await expect(sizes.getByRole('textbox', { name: 'Name (size 1)' })).toHaveValue('3 × 6 ft');
    await expect(sizes.getByRole('textbox', { name: 'Width in feet (size 1)' })).toHaveValue('6');
    await choose(page, sizes.getByRole('button', { name: /Type sizes in$/ }), 'Inches');
    await expect(sizes.getByRole('textbox', { name: 'Width in inches (size 1)' })).toHaveValue('72');
    await expect(sizes.getByRole('textbox', { name: 'Height in inches (size 1)' })).toHaveValue('36');

    // Cleared, the product has its own price again and no sizes.
    await lists.getByRole('button', { name: 'Clear Priced by width × height' }).click();
    await expect(sizes).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });
});

/** Opens a select by its button and picks an option by name (reopening if a busy machine missed the press). */
async function choose(page: Page, trigger: Locator, option: string) {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await expect(choice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
}
