import type { APIRequestContext } from '@playwright/test';
import { formatUsd } from '../../src/lib/money.ts';
import { isDarkHex } from '../../src/lib/pricing/product-job.ts';
import type { ProductDetail } from '../../src/lib/products.ts';
import { signInAsOwner } from '../support/admin-e2e.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, type Page, test } from '../support/e2e-test.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/**
 * A tee priced by the owner's screen-print chart (issue #27): the product page prices the
 * choice live from the chart, the cart keeps the inputs and checkout receives them. Each project
 * links the seeded lists to its own seeded tee (no other spec opens it) and restores it after.
 */
const TEES: Record<string, { collection: string; slug: string }> = {
  desktop: { collection: 'west-texas-originals', slug: 'lubbock-skyline-tee' },
  mobile: { collection: 'friday-night-lights', slug: 'friday-night-lights-spirit-tee' },
};

interface ListRow {
  id: string;
  name: string;
}

async function ownerToken(page: Page): Promise<string> {
  await signInAsOwner(page);
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(token).toBeTruthy();
  return token!;
}

async function listIds(request: APIRequestContext, authorization: string) {
  const answer = (await (await request.get('/api/admin/price-lists', { headers: { authorization } })).json()) as
    | ListRow[]
    | { lists?: ListRow[]; price_lists?: ListRow[] };
  const rows = Array.isArray(answer) ? answer : (answer.lists ?? answer.price_lists ?? []);
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return {
    screen: id('Screen print contract chart'),
    garment: id('Apparel size upcharges'),
    turnaround: id('Standard turnaround and rush'),
  };
}

test('a screen-printed tee is priced from the chart live, and the cart and checkout keep its inputs', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const tee = TEES[testInfo.project.name] ?? TEES['desktop']!;
  const original = (await (await request.get(`/api/products/slug/${tee.slug}`)).json()) as ProductDetail;
  const color = original.colors.find((c) => !isDarkHex(c.hex))!;
  const size = (name: string) => original.sizes.find((s) => s.name === name)!;
  const [m, l] = [size('M'), size('L')];

  const authorization = `Bearer ${await ownerToken(page)}`;
  const lists = await listIds(request, authorization);
  const put = async (body: unknown) => {
    const answer = await request.put(`/api/products/${original.id}`, {
      headers: { authorization, 'content-type': 'application/json' },
      data: body,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  const printed = (price_list_id: string | null) =>
    ['Front', 'Back'].map((name) => ({
      code: name.toLowerCase(),
      name,
      price_cents_per_piece: 0,
      setup_fee_cents: 0,
      print_width_in: 12,
      price_list_id,
    }));
  // Enough M and L in the colour for 24 of each; the blank at its own price (no tiers).
  const variants = original.variants.map((v) =>
    v.color_id === color.id && (v.size_id === m.id || v.size_id === l.id) ? { ...v, stock_qty: 60 } : v,
  );
  await put({
    price_tiers: [],
    print_locations: printed(lists.screen),
    garment_list_id: lists.garment,
    turnaround_list_id: lists.turnaround,
    variants,
  });

  const restore = async () => {
    await put({
      price_tiers: original.price_tiers,
      print_locations: original.print_locations.map(({ code, name, price_cents_per_piece, setup_fee_cents }) => ({
        code,
        name,
        price_cents_per_piece,
        setup_fee_cents,
      })),
      garment_list_id: null,
      turnaround_list_id: null,
      variants: original.variants,
    });
  };

  try {
    // The chart at 48 pieces: 2 colours $2.80 on the front, the back as an extra location $0.75;
    // 3 screens at $15.00 once. At 72 the front drops to $2.20.
    const unit = original.price_cents + 280 + 75;
    const total = 48 * unit + 3 * 1500;

    await page.goto(`/collections/${tee.collection}/products/${tee.slug}`);
    const colour = page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: color.name });
    await colour.focus();
    await expect(page.locator('#product-options astro-island')).not.toHaveAttribute('ssr', { timeout: 30_000 });
    await colour.press('Space');
    await expect(colour).toBeChecked();
    const several = page.getByRole('checkbox', { name: /Order several sizes/ });
    await several.focus();
    await several.press('Space');
    for (const s of [m, l]) {
      const field = page.getByLabel(`Quantity of ${s.name}`, { exact: true });
      await field.focus();
      await field.fill('24');
      await field.press('Tab');
    }
    for (const name of ['Front', 'Back']) {
      const location = page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
      await location.focus();
      await location.press('Space');
    }
    const front = page.getByLabel('Ink colours, Front');
    await front.focus();
    await front.press('ArrowDown');
    await expect(front).toHaveValue('2');
    await expect(page.getByLabel('Ink colours, Back')).toHaveValue('1');

    const price = page.locator('[data-list-price]');
    await expect(price).toContainText(`${formatUsd(unit)} each at 48`);
    await expect(price).toContainText(`Total for 48 pieces: ${formatUsd(total)}`);
    await expect(price).toContainText('Front, 2 colours $2.80');
    await expect(price).toContainText('Screens 3 × $15.00');
    await expect(price).toContainText(`Add 24 more to pay ${formatUsd(original.price_cents + 220 + 75)} each`);
    await expect(
      page.getByRole('group', { name: 'Turnaround' }).getByRole('radio', { name: /^Standard: Ready by/ }),
    ).toBeChecked();
    expect(await scanAxe(page)).toEqual([]);

    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.focus();
    await add.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Added 48 × ${original.name}` })).toBeVisible();

    await page.addInitScript(() => {
      const send = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'POST' && request.url.endsWith('/api/cart/checkout')) {
          console.info(`[sent-checkout] ${await request.clone().text()}`);
        }
        return send(request);
      };
    });
    await page.goto('/cart');
    const lines = page.getByRole('listitem').filter({ hasText: original.name });
    await expect(lines).toHaveCount(2);
    for (const line of await lines.all()) {
      await expect(line).toContainText(`${formatUsd(unit)} each`, { timeout: 15_000 });
      await expect(line).toContainText('Front, 2 colours $2.80');
      await expect(line).toContainText('Screens 3 × $15.00');
    }
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(formatUsd(total));
    expect(await scanAxe(page)).toEqual([]);

    // The body as the page sent it (a fetch's streamed body is not visible to the request event).
    const sent = page.waitForEvent('console', (m) => m.text().startsWith('[sent-checkout] '));
    const pay = page.getByRole('button', { name: 'Checkout', exact: true });
    await pay.focus();
    // Focus wakes the cart island; the press goes to it once it has taken over the page.
    await expect(page.locator('astro-island').filter({ has: pay })).not.toHaveAttribute('ssr', { timeout: 30_000 });
    await pay.press('Enter');
    const body = JSON.parse((await sent).text().slice('[sent-checkout] '.length)) as {
      items: { sizeId: string; quantity: number; locations?: unknown }[];
      rush?: string | null;
    };
    expect(body.rush).toBeNull();
    expect(body.items.map((i) => [i.sizeId, i.quantity, i.locations])).toEqual([
      [
        m.id,
        24,
        [
          { code: 'front', artworkId: null, colors: 2 },
          { code: 'back', artworkId: null, colors: 1 },
        ],
      ],
      [
        l.id,
        24,
        [
          { code: 'front', artworkId: null, colors: 2 },
          { code: 'back', artworkId: null, colors: 1 },
        ],
      ],
    ]);

    // Paid, the receipt and the order page say what was priced, as the order keeps it.
    await page.waitForURL(/\/test-checkout\//, { timeout: 30_000 });
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const paid = await request.post(`/api/test-checkout/${sessionId}/pay`, {
      form: { ...TEST_CHECKOUT_CONTACT },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    await page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
    const bought = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
    const breakdown = `Each: Garment ${formatUsd(original.price_cents)} · Front, 2 colours $2.80 · Back, 1 colour $0.75`;
    const tees = bought.filter({ hasText: `${original.name} (` });
    await expect(tees).toHaveCount(2);
    for (const line of await tees.all()) {
      await expect(line).toContainText('Front, 2 colours · Back, 1 colour');
      await expect(line).toContainText(breakdown);
    }
    // The screens are a line of their own, without a breakdown under it.
    await expect(bought.filter({ hasText: 'Screens' }).first()).not.toContainText('Each:');
    expect(await scanAxe(page)).toEqual([]);

    const track = page.getByRole('link', { name: "Track your order's status" });
    await track.focus();
    await track.press('Enter');
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items).toBeVisible({ timeout: 30_000 });
    const ordered = items.getByRole('listitem').filter({ hasText: `24 × ${original.name} (` });
    await expect(ordered).toHaveCount(2);
    for (const line of await ordered.all()) {
      await expect(line).toContainText('Front, 2 colours · Back, 1 colour');
      await expect(line).toContainText(breakdown);
    }
    expect(await scanAxe(page)).toEqual([]);
  } finally {
    await restore();
  }
});
