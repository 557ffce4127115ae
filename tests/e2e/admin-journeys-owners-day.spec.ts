import { openOrderOf, pick, press, signInAsOwner } from '../support/admin-e2e.ts';
import { axeBuilder, scanAxe } from '../support/axe.ts';
import { mailTo } from '../support/e2e-mailbox.ts';
import { paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../support/e2e-test.ts';

/**
 * Issue 44's owner's day as one journey, by keyboard where a person would use it: the shop's
 * phone (the footer after the publish, whose progress the header tells, and the next e-mail), a
 * 5 × 4 chart pasted into a new list (exactly that grid saved), a made-to-order tee (in stock on
 * its page), the confirmation's greeting reworded without HTML beside its preview, and a deposit
 * asked for after its preview. What is not the day's own work (a paid order) is seeded through
 * the API. The journeys' shop is shared: the phone and the greeting are put back at the end.
 */

const PHONE = '+1 432 555 0177';
const SHOP_PHONE = '+1-432-555-0142';
const CHART = [
  ['Qty', '1 color', '2 colors', '3 colors', '4 colors'],
  ['1', '$4.50', '$5.10', '$5.70', '$6.30'],
  ['24', '3.25', '3.70', '4.15', '4.60'],
  ['48+', '$2.45', '$2.80', '$3.15', '$3.50'],
  ['72+', '1.90', '2.20', '2.50', '2.80'],
  ['144+', '1.50', '1.72', '1.94', '2.16'],
];
const GREETING = 'Howdy [customer name]! Order [order number] is paid and lined up for the press.';
const PLAIN = 'Order [order number] is paid and lined up for the press.';

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

async function adminApi(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('adminToken'))}` };
}

/** WCAG 2.2 A/AA violations outside the sandboxed e-mail preview (it runs no script for axe). */
async function axeOutsideFrames(page: Page): Promise<string[]> {
  const results = await axeBuilder(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('iframe')
    .analyze();
  await page.bringToFront();
  return results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function pasteText(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function setPhone(page: Page, phone: string) {
  await page.goto('/admin/shop-settings');
  const field = page.getByRole('textbox', { name: 'Phone' });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(phone);
  await press(page.getByRole('button', { name: 'Save shop settings' }));
  await expect(page.getByText('Shop settings saved. The site is being republished.')).toBeVisible();
}

async function publishedPage(request: APIRequestContext, path: string, text: string) {
  await expect
    .poll(async () => (await (await request.get(path)).text()).includes(text), {
      timeout: 240_000,
      intervals: [2_000, 3_000],
    })
    .toBe(true);
}

async function confirmationWords(page: Page): Promise<Locator> {
  await page.goto('/admin/templates');
  await press(page.getByRole('button', { name: 'Edit Order confirmation' }));
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Template' });
  await expect(dialog.getByRole('heading', { name: 'Words of the e-mail' })).toBeVisible();
  return dialog;
}

test('the owner’s day: phone, a pasted chart, a made-to-order tee, the greeting without HTML, a deposit after its preview', async ({
  page,
  request,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  await signInAsOwner(page);
  const storefront = page.getByRole('status', { name: 'Storefront' });

  // 1. The shop's phone: the publish says what it is doing and for how long (item 9).
  await setPhone(page, PHONE);
  await expect(storefront).toContainText('the shop settings', { timeout: 30_000 });
  await expect(storefront).toContainText(/^Publishing: building the pages\..* \d+ s so far/, { timeout: 60_000 });
  expect(await scanAxe(page)).toEqual([]);

  // 2. A 5 × 4 chart pasted into a new list while the pages build: exactly that grid is saved.
  const chart = `Owner's day chart ${stamp}`;
  await page.getByRole('link', { name: 'Price lists', exact: true }).click();
  await press(page.getByRole('button', { name: 'Add Price List' }));
  const editor = page.getByRole('dialog', { name: 'Add or Edit Price List' });
  await editor.getByRole('textbox', { name: 'Name' }).fill(chart);
  await editor.getByRole('textbox', { name: 'Band 1 starts at (pieces)', exact: true }).focus();
  await pasteText(page, CHART.map((row) => row.join('\t')).join('\r\n'));
  await expect(editor.getByRole('textbox', { name: '4 colours, from 144 pieces', exact: true })).toHaveValue('2.16');
  await press(editor.getByRole('button', { name: 'Save' }));
  await expect(editor).toBeHidden();
  const lists = (await (await request.get('/api/admin/price-lists', { headers: await adminApi(page) })).json()) as {
    id: string;
    name: string;
  }[];
  const listId = lists.find((list) => list.name === chart)!.id;
  const list = (await (
    await request.get(`/api/admin/price-lists/${listId}`, { headers: await adminApi(page) })
  ).json()) as { data: { grid: { rows: number[]; cells: number[][] } } };
  expect(list.data.grid).toEqual({
    rows: [1, 24, 48, 72, 144],
    cells: CHART.slice(1).map((row) => row.slice(1).map((price) => Math.round(dollars(price) * 100))),
  });

  // 3. A made-to-order tee: Track stock stays off, and its page says it is in stock.
  const tee = `Owner's day tee ${stamp}`;
  const slug = `owners-day-tee-${stamp}`.toLowerCase();
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await press(page.getByRole('button', { name: 'Add Product' }));
  const product = page.getByRole('dialog', { name: 'Add or Edit Product' });
  await product.getByRole('textbox', { name: 'Name' }).fill(tee);
  await product.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await product.getByRole('textbox', { name: 'Price', exact: true }).fill('6.00');
  await pick(product, 'Collection', 'West Texas Originals');
  await pick(product, 'Product type', 'Apparel (shirts, hoodies, polos)');
  await product.getByRole('group', { name: 'Colours' }).getByText('White', { exact: true }).click();
  await product.getByRole('group', { name: 'Sizes' }).getByText('M', { exact: true }).click();
  await expect(product.getByRole('switch', { name: 'Track stock' })).not.toBeChecked();
  await press(product.getByRole('button', { name: 'Save' }));
  await expect(product).toBeHidden();
  await expect(storefront).toContainText(/a product/, { timeout: 30_000 });

  // 4. The confirmation's greeting, reworded in words beside the real e-mail; a value left out is said.
  let dialog = await confirmationWords(page);
  await expect(dialog.getByRole('textbox', { name: 'Bindings' })).toHaveCount(0);
  await expect(dialog.locator('iframe[title="HTML preview"]')).toHaveCount(0);
  const greeting = dialog.getByRole('textbox', { name: 'Paragraph 1', exact: true });
  const original = await greeting.inputValue();
  expect(original).toMatch(/^Hi \[customer name\], .*\[order number\]/);
  await greeting.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Howdy [customer name]! Your order is paid.');
  await expect(dialog.getByText('Keep [order number] in these words: the e-mail fills it in there.')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(GREETING);
  const mail = page.frameLocator('iframe[title="E-mail preview with a sample order"]');
  await expect(mail.getByText('Howdy Maria Delgado! Order 3F2A9C1B is paid and lined up for the press.')).toBeVisible();
  await expect(mail.getByRole('row', { name: /Subtotal/ }).getByRole('cell')).toHaveText(['Subtotal', '$28.00']);
  // The plain-text copy (for mail apps without HTML) is reworded the same way.
  const plain = dialog.getByRole('textbox', { name: 'Plain-text paragraph 2', exact: true });
  const originalPlain = await plain.inputValue();
  expect(originalPlain).toMatch(/^Thanks for your order! .*\[order number\]/);
  await plain.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PLAIN);
  expect(await axeOutsideFrames(page)).toEqual([]);
  // On a phone the words and the preview stack, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await greeting.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await axeOutsideFrames(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await press(dialog.getByRole('button', { name: 'Save', exact: true }));
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // The footer says the new phone once published; the tee is on sale, made to order.
  await publishedPage(request, '/contact', PHONE);
  const productPath = `/collections/west-texas-originals/products/${slug}`;
  await publishedPage(request, productPath, tee);
  const teePage = await (await request.get(productPath)).text();
  expect(teePage).toContain('"availability":"https://schema.org/InStock"');
  expect(teePage).not.toMatch(/Out of stock|Sold out/);

  // The next e-mail: a paid order's confirmation greets in the new words and gives the new phone.
  const buyer = `owners-day-${stamp}@example.com`;
  await paidPrintedOrder(request, buyer, testInfo.project.name);
  await expect.poll(() => mailTo(buyer, /^Thanks for your order!/).length, { timeout: 30_000 }).toBe(1);
  const [confirmation] = mailTo(buyer, /^Thanks for your order!/);
  expect(confirmation!.html).toMatch(/Howdy Dana Whitfield! Order <strong>\w{8}<\/strong> is paid and lined up/);
  expect(confirmation!.text).toMatch(/Order \w{8} is paid and lined up for the press\./);
  expect(confirmation!.text).toContain(PHONE);

  // 5. A deposit, asked for after its preview (the order owes 60 % after a refund).
  const order = await openOrderOf(page, buyer);
  const payments = order.getByRole('region', { name: 'Payments' });
  const totalCents = Math.round(dollars((await payments.locator('strong').first().textContent())!) * 100);
  const owedCents = Math.round(totalCents * 0.6);
  const refunds = order.getByRole('region', { name: 'Refunds' });
  await refunds.getByRole('textbox', { name: 'Amount to refund' }).focus();
  await page.keyboard.type((owedCents / 100).toFixed(2));
  await press(refunds.getByRole('button', { name: 'Refund' }));
  await expect(payments).toContainText(`Balance due ${usd(owedCents)}`);
  const depositCents = Math.round(totalCents / 2);
  await press(payments.getByRole('button', { name: 'Request a 50 % deposit' }));
  const preview = payments.getByRole('region', { name: 'Payment request preview' });
  await expect(preview.getByRole('heading', { name: `Deposit 50 %: ${usd(depositCents)}` })).toBeVisible();
  await expect(preview).toContainText(`E-mail to ${buyer}`);
  expect(await scanAxe(page)).toEqual([]);
  await press(preview.getByRole('button', { name: `Send the request for ${usd(depositCents)}` }));
  await expect(payments.getByRole('list', { name: 'Payment requests' })).toContainText(
    `Deposit 50 %, ${usd(depositCents)} (open)`,
  );
  await expect.poll(() => mailTo(buyer, /^A payment of /).length, { timeout: 30_000 }).toBe(1);

  // Put back what the shared shop had.
  dialog = await confirmationWords(page);
  await dialog.getByRole('textbox', { name: 'Paragraph 1', exact: true }).fill(original);
  await dialog.getByRole('textbox', { name: 'Plain-text paragraph 2', exact: true }).fill(originalPlain);
  await press(dialog.getByRole('button', { name: 'Save', exact: true }));
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await setPhone(page, SHOP_PHONE);
});
