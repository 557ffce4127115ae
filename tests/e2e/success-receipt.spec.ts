import type { CheckoutSessionView } from '../../src/lib/cart/checkout-schema.ts';
import { formatUsd } from '../../src/lib/money.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { scanAxe } from '../support/axe.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../support/e2e-test.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';
import { brokenAmounts } from '../support/broken-amounts.ts';

/**
 * Issue 28: the success page is a receipt. It shows the order number the e-mails quote, each line
 * as bought with its print and the print and setup lines the order records, subtotal, the discount
 * only when there is one, shipping or local handoff, tax and total, and a link that opens the
 * order's status page; no "Average Cost". Each amount is one line box and no words run together.
 */

interface Started {
  sessionId: string;
}

/** Starts a checkout of `items` through the shop's API and pays it on the test checkout. */
async function paidCheckout(request: APIRequestContext, data: Record<string, unknown>): Promise<Started> {
  const started = await request.post('/api/cart/checkout', { data });
  expect(started.status(), await started.text()).toBe(201);
  const sessionId = decodeURIComponent(
    new URL(((await started.json()) as { url: string }).url).pathname.split('/').pop()!,
  );
  const paid = await request.post(`/test-checkout/${sessionId}`, {
    form: { intent: 'pay', ...TEST_CHECKOUT_CONTACT },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  return { sessionId };
}

/** A variant of `slug` with stock to spare, a different one for each project (they run at once). */
async function variantOf(request: APIRequestContext, slug: string, project: string) {
  const product = (await (await request.get(`/api/products/slug/${slug}`)).json()) as ProductDetail;
  const variants = product.variants
    .filter((v) => (v.stock_qty ?? 0) >= 10)
    .sort((a, b) => (b.stock_qty ?? 0) - (a.stock_qty ?? 0));
  const variant = variants[project === 'mobile' ? 1 : 0]!;
  return { product, variant };
}

/** The amount beside a label of the receipt's totals. */
const totalOf = (totals: Locator, label: string | RegExp) =>
  totals
    .locator('div')
    .filter({ has: totals.page().getByRole('term').filter({ hasText: label }) })
    .getByRole('definition');

/** Amounts split over two line boxes in the page's main, as laid out and with each squeezed. */
const brokenAmountsInMain = async (page: Page) => [
  ...(await brokenAmounts(page, false, 'main')),
  ...(await brokenAmounts(page, true, 'main')),
];

/** Places where a sentence runs into the next words ("reserved.Privacy"), in the text as laid out. */
async function joins(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...text.matchAll(/[a-z][.?!][A-Z]/g)].map((m) => text.slice(Math.max(0, m.index - 30), m.index + 30));
}

async function openReceipt(page: Page, sessionId: string) {
  await page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
}

test('a printed, discounted local-handoff order reads as a receipt and links to its status page', async ({
  page,
  request,
}, testInfo) => {
  const { product, variant } = await variantOf(request, 'west-texas-energy-tee', testInfo.project.name);
  const { sessionId } = await paidCheckout(request, {
    items: [
      {
        productId: product.id,
        colorId: variant.color_id,
        sizeId: variant.size_id,
        quantity: 2,
        locations: [
          { code: 'front', artworkId: null },
          { code: 'back', artworkId: null },
        ],
      },
    ],
    fulfillment: 'local',
    discountCode: 'SAVE10',
  });
  // What the order records, to hold the page to.
  const session = (await (
    await request.get(`/api/checkout/session?session_id=${encodeURIComponent(sessionId)}`)
  ).json()) as CheckoutSessionView;
  const receipt = session.receipt!;
  expect(receipt.discount_cents).toBe(1000);

  await openReceipt(page, sessionId);
  await expect(page.getByText(`Order number ${receipt.order_number}`)).toBeVisible();
  expect(receipt.order_number).toMatch(/^[0-9A-F]{8}$/);

  const lines = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
  // The tee, then its print and setup lines as the order records them, in the order bought.
  await expect(lines).toHaveCount(receipt.lines.length);
  expect(receipt.lines.map((l) => l.kind)).toEqual(['product', 'setup_fee', 'print_location', 'setup_fee']);
  await expect(lines.nth(0)).toContainText(`2 ×${product.name}`);
  await expect(lines.nth(0)).toContainText('Print: Front, Back');
  await expect(lines.nth(1)).toContainText(`Front setup, ${product.name}`);
  await expect(lines.nth(2)).toContainText(`Back print, ${product.name}`);
  await expect(lines.nth(3)).toContainText(`Back setup, ${product.name}`);
  for (const [index, line] of receipt.lines.entries()) {
    await expect(lines.nth(index)).toContainText(formatUsd(line.amount_cents));
  }

  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totalOf(totals, 'Subtotal')).toHaveText(formatUsd(receipt.subtotal_cents));
  await expect(totalOf(totals, 'Discount (SAVE10)')).toHaveText(`−${formatUsd(1000)}`);
  await expect(totalOf(totals, 'Local handoff')).toHaveText('Free');
  await expect(totalOf(totals, 'Tax')).toHaveText(formatUsd(receipt.tax_cents));
  await expect(totalOf(totals, /^Total$/)).toHaveText(formatUsd(receipt.total_cents));
  expect(receipt.subtotal_cents - receipt.discount_cents + receipt.shipping_cents + receipt.tax_cents).toBe(
    receipt.total_cents,
  );
  await expect(page.getByText('Average Cost')).toHaveCount(0);
  await expect(totals.getByText(/Shipping/)).toHaveCount(0);

  expect(await brokenAmountsInMain(page)).toEqual([]);
  expect(await joins(page)).toEqual([]);
  expect(await scanAxe(page)).toEqual([]);

  // The status page the confirmation e-mail links to.
  const status = page.getByRole('link', { name: "Track your order's status" });
  await expect(status).toHaveAttribute('href', /\/orders\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
  await status.click();
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${receipt.order_number}` })).toBeVisible();
});

test('an order without a discount has no discount row and names its shipping', async ({ page, request }) => {
  const sticker = (await (await request.get('/api/products/slug/west-texas-energy-sticker')).json()) as ProductDetail;
  const { sessionId } = await paidCheckout(request, {
    items: [{ productId: sticker.id, quantity: 3 }],
    fulfillment: 'shipping',
    shippingSpeed: 'standard',
  });
  const receipt = (
    (await (
      await request.get(`/api/checkout/session?session_id=${encodeURIComponent(sessionId)}`)
    ).json()) as CheckoutSessionView
  ).receipt!;

  await openReceipt(page, sessionId);
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals.getByRole('term')).toHaveText(['Subtotal', 'Shipping (Standard)', 'Tax', 'Total', 'Pieces']);
  await expect(page.getByRole('main').getByText(/Discount/)).toHaveCount(0);
  await expect(page.getByRole('main').getByText('$0.00')).toHaveCount(0);
  await expect(totalOf(totals, 'Shipping (Standard)')).toHaveText(
    receipt.shipping_cents > 0 ? formatUsd(receipt.shipping_cents) : 'Free',
  );
  await expect(totalOf(totals, /^Total$/)).toHaveText(formatUsd(receipt.total_cents));
  const lines = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`3 ×${sticker.name}`);
  await expect(lines.first()).not.toContainText('Print:');
  await expect(page.getByText('Average Cost')).toHaveCount(0);
  expect(await brokenAmountsInMain(page)).toEqual([]);
  expect(await joins(page)).toEqual([]);
  expect(await scanAxe(page)).toEqual([]);
});
