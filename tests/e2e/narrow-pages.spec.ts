import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import type { CustomerOrderView } from '../../src/server/orders/customer-view.ts';
import { renderOrderPage } from '../../src/server/orders/order-page.ts';
import type { CustomerQuoteView } from '../../src/server/quotes/customer-quote.ts';
import { renderQuotePage } from '../../src/server/quotes/quote-page.ts';

/**
 * On a 390 px phone these pages fit the screen: the page does not scroll sideways, and nothing in
 * it is wider than its box and clipped or tucked behind a scroll of its own (a quote's total
 * scrolled out of sight reads as a missing total).
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The page scrolls sideways, or its main content is wider than the screen. */
async function pageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const main = document.querySelector('main')!;
    if (document.documentElement.scrollWidth > innerWidth)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    if (main.scrollWidth > main.clientWidth + 1)
      found.push(`main is ${main.scrollWidth}px wide in ${main.clientWidth}px`);
    return found;
  });
}

async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth) found.push(`the page is ${root.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('main, main *')) {
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
        found.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
      if (el.getBoundingClientRect().right > innerWidth + 1)
        found.push(`${el.tagName.toLowerCase()} ends past the screen`);
    }
    return found;
  });
}

/** A big quote as the server renders it: long words, thousands of pieces, five-figure totals. */
const bigQuote: CustomerQuoteView = {
  reference: 'Q-10482',
  what: 'Vinyl event banners and screen-printed staff tees',
  fullName: 'Dana Whitfield',
  status: 'quoted',
  expired: false,
  declineReason: null,
  revision: {
    number: 3,
    lines: [
      {
        kind: 'custom',
        description: 'Vinyl event banners, 3 × 6 ft, hemmed with grommets',
        quantity: 1200,
        unit_price_cents: 1850,
        product_id: null,
        charges: [{ kind: 'setup_fee', name: 'Setup fee', unit_price_cents: 4500, quantity: 1 }],
      },
      {
        kind: 'product',
        description: 'City Champ Performance Polo',
        quantity: 2400,
        unit_price_cents: 2100,
        product_id: null,
        charges: [{ kind: 'print_location', name: 'Front print', unit_price_cents: 300, quantity: 2400 }],
      },
    ],
    fulfillment: 'shipping',
    shippingSpeed: 'overnight',
    subtotalCents: 8_021_500,
    discountCents: 125_000,
    shippingCents: 4_500,
    taxCents: 631_720,
    totalCents: 8_532_720,
    validUntil: '2026-12-24',
    message: null,
  },
  order: null,
  artwork: [],
};

test("a big quote's lines and totals fit a 390 px phone, with no hidden sideways scroll", async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.setContent(renderQuotePage(bigQuote, 'token'));
  await expect(page.getByRole('table', { name: 'Quote Q-10482, revision 3' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText('$85,327.20');
  expect(await overflowing(page)).toEqual([]);
  expect(await scanAxe(page)).toEqual([]);
});

/** A shipped order as the server renders it, with the long unbroken names real files and parcels have. */
const shippedOrder: CustomerOrderView = {
  id: 'order-1',
  number: 'WTP-104829',
  status: 'paid',
  stage: 'shipped',
  canAnswerProof: false,
  createdAt: new Date('2026-11-20T15:00:00Z'),
  fulfillment: 'shipping',
  totalCents: 8_532_720,
  refundedCents: 0,
  items: [
    {
      label: 'City Champ Performance Polo (Navy / XL)',
      quantity: 2400,
      locations: [
        { name: 'Front', artwork: { id: 'art-1', name: 'city-champ-golf-tournament-2026-front-logo-FINAL-v7.png' } },
      ],
    },
  ],
  proof: null,
  shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784999AA1012345678', trackingUrl: null },
  timeline: [],
};

test('an order page with long file names and a tracking number fits a 390 px phone', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.setContent(renderOrderPage(shippedOrder, 'token'));
  await expect(page.getByRole('heading', { name: 'Order WTP-104829' })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  expect(await scanAxe(page)).toEqual([]);
});

test('every screen of the admin dashboard fits a 390 px phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page);
  const found: string[] = [];
  for (const path of ['/admin/products', '/admin/orders', '/admin/dashboard', '/admin/quotes']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Wide data tables scroll inside their own labelled region (a grid needs its columns);
    // the screen itself must not.
    for (const problem of await pageOverflow(page)) found.push(`${path}: ${problem}`);
  }
  expect(found).toEqual([]);
});
