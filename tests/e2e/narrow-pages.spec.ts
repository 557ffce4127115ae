import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { checkedUpload, paidPrintedOrder } from '../support/e2e-paid-order.ts';
import { linkInMail } from '../support/e2e-mailbox.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/e2e-test.ts';
import { ownerState } from '../support/e2e-shop.ts';

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

/**
 * A big quote made the way the shop makes one, with long words, thousands of pieces, five-figure
 * totals and a deposit's words and longer button: asked, priced and sent through the API.
 * Answers the customer's link and the quote's reference.
 */
async function bigQuote(request: APIRequestContext, email: string): Promise<{ path: string; reference: string }> {
  const asked = await request.post('/api/quote-requests', {
    data: {
      what: 'Vinyl event banners and screen-printed staff tees',
      quantity: 3600,
      fullName: 'Dana Whitfield',
      emailAddress: email,
    },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const { reference } = (await asked.json()) as { reference: string };
  const { token } = ownerState();
  const authorization = `Bearer ${token}`;
  const rows = (await (
    await request.get(`/api/quote-requests?q=${encodeURIComponent(reference)}`, { headers: { authorization } })
  ).json()) as { id: string; reference: string }[];
  const id = rows.find((r) => r.reference === reference)!.id;
  const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const saved = await request.post(`/api/quote-requests/${id}/revisions`, {
    headers: { authorization },
    data: {
      lines: [
        {
          kind: 'custom',
          description: 'Vinyl event banners, 3 × 6 ft, hemmed with grommets',
          quantity: 1200,
          unit_price_cents: 1850,
          setup_fee_cents: 4500,
        },
        { kind: 'custom', description: 'City Champ Performance Polo', quantity: 2400, unit_price_cents: 2400 },
      ],
      discount_cents: 125_000,
      fulfillment: 'shipping',
      shipping_speed: 'overnight',
      valid_until: validUntil,
      deposit_percent: 50,
      balance_due: 'before_production',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const sent = await request.post(`/api/quote-requests/${id}/send`, {
    headers: { authorization },
    data: { action: 'send' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { path: new URL(await linkInMail(email, /^Your quote Q-\d+/, 1, 'quotes')).pathname, reference };
}

test(
  "a big quote's lines and totals fit a 390 px phone, with no hidden sideways scroll",
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    const quote = await bigQuote(request, `narrow-quote-${testInfo.project.name}-${Date.now()}@example.com`);
    await page.goto(quote.path);
    await expect(page.getByRole('table', { name: `Quote ${quote.reference}, revision 1` })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Total/ })).toContainText(/\$\d{2},\d{3}\.\d{2}/);
    await expect(
      page.getByRole('button', { name: /^Accept and pay the deposit, \$\d{2},\d{3}\.\d{2}$/ }),
    ).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    expect(await scanAxe(page)).toEqual([]);
  },
);

/**
 * A shipped order with the long unbroken names real files and parcels have, made the way the
 * shop makes one: checkout, a proof the customer approves from the e-mailed link, production,
 * shipping with a tracking number. Answers the customer's link.
 */
async function shippedOrder(request: APIRequestContext, buyer: string, project: string): Promise<string> {
  await paidPrintedOrder(request, buyer, project, {
    fileName: 'city-champ-golf-tournament-2026-front-logo-FINAL-v7.png',
  });
  const link = await linkInMail(buyer, /^Thanks for your order! Order \w+ is confirmed$/);
  const hex = new URL(link).pathname.split('/')[2]!.split('.')[0]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const { token } = ownerState();
  const authorization = `Bearer ${token}`;
  const proof = await checkedUpload(request, 'proof-city-champ-golf-tournament-2026-front-logo-FINAL-v7.png');
  const sent = await request.post(`/api/orders/${id}/proofs`, {
    headers: { authorization },
    data: { artwork_id: proof.artworkId, owner_token: proof.ownerToken, note: null },
  });
  expect(sent.status()).toBe(201);
  const approved = await request.post(new URL(link).pathname, { form: { answer: 'approve' }, maxRedirects: 0 });
  expect(approved.status()).toBe(303);
  for (const move of [
    { to: 'in_production' },
    { to: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784999AA1012345678' },
  ]) {
    expect((await request.post(`/api/orders/${id}/stage`, { headers: { authorization }, data: move })).status()).toBe(
      200,
    );
  }
  return new URL(link).pathname;
}

test(
  'an order page with long file names and a tracking number fits a 390 px phone',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    await page.goto(
      await shippedOrder(request, `narrow-${testInfo.project.name}-${Date.now()}@example.com`, testInfo.project.name),
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Where it is: Shipped' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('city-champ-golf-tournament-2026-front-logo-FINAL-v7.png');
    await expect(page.getByRole('main')).toContainText('1Z999AA10123456784999AA1012345678');
    expect(await overflowing(page)).toEqual([]);
    expect(await scanAxe(page)).toEqual([]);
  },
);

/**
 * Boxes in main that scroll sideways without saying so: each must be a named region the keyboard
 * can reach (its label saying it scrolls) with a visible "scroll sideways" hint beside it.
 */
async function silentScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      if (el.scrollWidth <= el.clientWidth + 1 || !/auto|scroll/.test(getComputedStyle(el).overflowX)) continue;
      const name = el.getAttribute('aria-label') ?? '';
      const hint = el.parentElement?.querySelector('.adm-sideways-hint');
      if (el.getAttribute('role') !== 'region' || !/scrolls sideways/.test(name) || el.tabIndex !== 0 || !hint)
        found.push(`${el.tagName.toLowerCase()}.${el.className} (${name || 'no name'})`);
    }
    return found;
  });
}

test('every screen of the admin dashboard fits a 390 px phone', { tag: '@phone' }, async ({ page }) => {
  await signInAsOwner(page);
  const found: string[] = [];
  for (const path of [
    '/admin/products',
    '/admin/orders',
    '/admin/dashboard',
    '/admin/quotes',
    '/admin/business-accounts',
    '/admin/discount-codes',
    '/admin/receivables',
    '/admin/users',
    '/admin/staff',
    '/admin/devices',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Wide data tables scroll inside their own labelled region (a grid needs its columns);
    // the screen itself must not.
    for (const problem of await pageOverflow(page)) found.push(`${path}: ${problem}`);
    for (const problem of await silentScrollers(page)) found.push(`${path}: ${problem} scrolls with no cue`);
  }
  expect(found).toEqual([]);
});

test('on a 390 px phone the admin sections are a menu and wide tables say they scroll', { tag: '@phone' }, async ({
  page,
}) => {
  await signInAsOwner(page);
  const menu = page.getByRole('button', { name: /Products$/ });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // The screen's content starts near the top, not below seven rows of tabs.
  const top = (await page.getByRole('heading', { level: 1 }).boundingBox())!.y;
  expect(top).toBeLessThan(844 / 4);
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link')).toHaveCount(0);

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sections.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  expect(await scanAxe(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(sections.getByRole('link')).toHaveCount(0);

  await page.keyboard.press('Enter');
  const accounts = sections.getByRole('link', { name: 'Business accounts' });
  await accounts.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/business-accounts$/);
  const named = page.getByRole('button', { name: /Business accounts$/ });
  await expect(named).toHaveAttribute('aria-expanded', 'false');
  await expect(named).toBeFocused();

  const region = page.getByRole('region', { name: 'Business accounts, scrolls sideways' });
  await expect(region).toBeVisible();
  await expect(page.getByText('Scroll sideways for every column →')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Business accounts' }).getByRole('row')).not.toHaveCount(0);
  const scrollable = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrollable).toBe(true);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await scanAxe(page)).toEqual([]);

  // In a dialog too: a product's stock per colour × size is wider than the phone.
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill('game-day-hoodie');
  await page
    .getByRole('grid', { name: 'Products' })
    .getByRole('button', { name: 'Edit Game Day Pullover Hoodie' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Product' });
  const stock = dialog.getByRole('region', { name: 'Stock per variant, scrolls sideways' });
  await expect(stock).toBeVisible();
  expect(await stock.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(dialog.getByText('Scroll sideways for every column →')).toBeVisible();
});
