import { formatUsd } from '../../src/lib/money.ts';
import { TAX_RATE } from '../../src/lib/pricing/cart-totals.ts';
import { unitPriceCents } from '../../src/lib/pricing/tiers.ts';
import { isDarkHex } from '../../src/lib/pricing/product-job.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { openOrderOf } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { devices } from '@playwright/test';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { ownerAuthorization, productEditor, seededListIds } from '../support/list-priced-e2e.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/**
 * A paid order of screen-printed sweatshirts priced by the seeded contract chart (docs/decisions/0029-deposits.md on
 * decision 0027's lines): 21 M + 21 L with a two-colour front ($3.70 a print at 24–47), and the owner
 * adds six XL by keyboard in the order dialog: 48 pieces reach the chart's next band ($2.80), so
 * every size reprices, the dialog shows the new breakdown and the timeline the new price a piece.
 * Then a one-colour back print is added: the dialog asks for the back's ink colours, as the chart
 * prices by them, says at the field that they are missing, and prices the back when typed.
 * It edits a seeded product (a save rebuilds the public pages), so it runs in the "journeys"
 * project after every page test, its desktop and phone runs one after the other, each on a
 * garment of its own (neither is one the admin journeys edit).
 */
test.describe.configure({ mode: 'serial' });
const tax = (cents: number) => Math.round(cents * TAX_RATE);

async function press(target: Locator) {
  await target.focus();
  await target.press('Enter');
}

async function addSixXl(page: Page, request: APIRequestContext, slug: string, run: string) {
  const original = (await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail;
  const size = (name: string) => original.sizes.find((s) => s.name === name)!;
  const [m, l, xl] = [size('M'), size('L'), size('XL')];
  // A light colour whose XL shelf keeps six for the change once the product is put back.
  const color = original.colors.find(
    (c) =>
      !isDarkHex(c.hex) &&
      (original.variants.find((v) => v.color_id === c.id && v.size_id === xl.id)?.stock_qty ?? 0) >= 6,
  )!;
  const buyer = `list-sizes-${run}-${Date.now()}@example.com`;

  const authorization = await ownerAuthorization(page);
  const list = await seededListIds(request, authorization);
  const { put, restore } = productEditor(request, authorization, original);
  const charted = (code: string, name: string) => ({
    code,
    name,
    price_cents_per_piece: 0,
    setup_fee_cents: 0,
    print_width_in: 12,
    price_list_id: list('Screen print contract chart'),
  });
  await put({
    price_tiers: original.price_tiers,
    print_locations: [charted('front', 'Front'), charted('back', 'Back')],
    variants: original.variants.map((v) =>
      v.color_id === color.id && (v.size_id === m.id || v.size_id === l.id) ? { ...v, stock_qty: 60 } : v,
    ),
  });
  try {
    const line = (sizeId: string) => ({
      productId: original.id,
      colorId: color.id,
      sizeId,
      quantity: 21,
      locations: [{ code: 'front', artworkId: null, colors: 2 }],
    });
    const started = await request.post('/api/cart/checkout', {
      data: { items: [line(m.id), line(l.id)], fulfillment: 'local' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const sessionId = decodeURIComponent(
      new URL(((await started.json()) as { url: string }).url).pathname.split('/').pop()!,
    );
    const paid = await request.post(`/test-checkout/${sessionId}`, {
      form: { intent: 'pay', ...TEST_CHECKOUT_CONTACT, email: buyer },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    await changeTheOrder(page, buyer, original);
  } finally {
    // The product's back and its chart are what the dialog offers to add: put back at the end.
    await restore();
  }
}

async function changeTheOrder(page: Page, buyer: string, original: ProductDetail) {
  const blank = (pieces: number) => unitPriceCents(original, pieces);
  const [was, now] = [blank(42) + 370, blank(48) + 280];
  const [before, after] = [42 * was + 3000, 48 * now + 3000];
  const owes = formatUsd(after + tax(after) - before - tax(before));

  const dialog = await openOrderOf(page, buyer);
  const change = dialog.getByRole('region', { name: 'Change order' });
  await change.getByRole('button', { name: /Size$/ }).focus();
  await page.keyboard.press('Enter');
  const xlOption = page.getByRole('option', { name: 'XL (0 ordered)', exact: true });
  for (let i = 0; i < 12 && !(await xlOption.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(xlOption).toBeFocused();
  await page.keyboard.press('Enter');
  const pieces = change.getByRole('textbox', { name: 'Pieces of this size' });
  await pieces.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('6');
  await press(change.getByRole('button', { name: 'Change pieces' }));

  await expect(change.getByRole('status')).toHaveText(
    new RegExp(`^Changed: .+, front, XL 0 → 6\\. The order now owes \\${owes}: request it under Payments\\.$`),
  );
  await expect(dialog.getByText(`Each: Garment ${formatUsd(blank(48))} · Front, 2 colours $2.80`)).toHaveCount(3);
  await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText(
    `XL 0 → 6, 48 pieces at ${formatUsd(now)} a piece (was ${formatUsd(was)})`,
  );
  await expect(dialog.getByRole('region', { name: 'Payments' })).toContainText(`Balance due ${owes}`);
  expect(await scanAxe(page)).toEqual([]);

  // A back print: the chart prices it by its ink colours, which the dialog asks for.
  const form = change.getByRole('group', { name: 'Add or remove a print location' });
  await form.getByRole('button', { name: /Location to add$/ }).focus();
  await page.keyboard.press('Enter');
  const backOption = page.getByRole('option', { name: 'Back (priced by Screen print contract chart)' });
  await expect(backOption).toBeFocused();
  await page.keyboard.press('Enter');
  const colours = form.getByRole('textbox', { name: 'Back: ink colours' });
  await press(form.getByRole('button', { name: 'Add location' }));
  await expect(colours).toBeFocused();
  await expect(colours).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type('1');
  await press(form.getByRole('button', { name: 'Add location' }));
  await expect(change.getByRole('status')).toHaveText(
    /^Added: .+, front, back print \(artwork to come\)\. The order now owes \$[\d,.]+: request it under Payments\.$/,
  );
  await expect(dialog.getByRole('list', { name: 'Timeline' })).toContainText(
    /back print added, 1 colour \(artwork to come\)/,
  );
  expect(await scanAxe(page)).toEqual([]);
}

test('the owner adds six XL to a paid list-priced order by keyboard and every size reprices at the next band', async ({
  page,
  request,
}) => {
  await addSixXl(page, request, 'rodeo-weekend-tee', 'desktop');
});

test.describe('on a phone', () => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  test('the owner adds six XL on a phone and every size reprices at the next band', async ({ page, request }) => {
    await addSixXl(page, request, 'lubbock-skyline-tee', 'mobile');
  });
});
