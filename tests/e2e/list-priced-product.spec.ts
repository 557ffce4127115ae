import { formatUsd } from '../../src/lib/money.ts';
import { isDarkHex } from '../../src/lib/pricing/product-job.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { scanAxe } from '../support/axe.ts';
import { expect, test } from '../support/e2e-test.ts';
import {
  addToCartByKeyboard,
  checkoutByKeyboard,
  chooseByKeyboard,
  ownerAuthorization,
  productEditor,
  seededListIds,
  watchCheckoutBody,
} from '../support/list-priced-e2e.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/**
 * A tee priced by the owner's screen-print chart (docs/decisions/0027-price-lists.md): the product page prices the
 * choice live from the chart, the cart keeps the inputs and checkout receives them. Each project
 * links the seeded lists to its own seeded tee (no other spec opens it) and restores it after.
 */
const TEES: Record<string, { collection: string; slug: string }> = {
  desktop: { collection: 'west-texas-originals', slug: 'lubbock-skyline-tee' },
  mobile: { collection: 'friday-night-lights', slug: 'friday-night-lights-spirit-tee' },
};

test('a screen-printed tee is priced from the chart live, and the cart and checkout keep its inputs', async ({
  page,
  request,
}, testInfo) => {
  const tee = TEES[testInfo.project.name] ?? TEES['desktop']!;
  const original = (await (await request.get(`/api/products/slug/${tee.slug}`)).json()) as ProductDetail;
  const color = original.colors.find((c) => !isDarkHex(c.hex))!;
  const size = (name: string) => original.sizes.find((s) => s.name === name)!;
  const [m, l] = [size('M'), size('L')];

  const authorization = await ownerAuthorization(page);
  const list = await seededListIds(request, authorization);
  const lists = {
    screen: list('Screen print contract chart'),
    garment: list('Apparel size upcharges'),
    turnaround: list('Standard turnaround and rush'),
  };
  const { put, restore } = productEditor(request, authorization, original);
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

  try {
    // The chart at 48 pieces: 2 colours $2.80 on the front, the back as an extra location $0.75;
    // 3 screens at $15.00 once. At 72 the front drops to $2.20.
    const unit = original.price_cents + 280 + 75;
    const total = 48 * unit + 3 * 1500;

    await page.goto(`/collections/${tee.collection}/products/${tee.slug}`);
    await chooseByKeyboard(page, {
      color: color.name,
      pieces: { [m.name]: 24, [l.name]: 24 },
      locations: ['Front', 'Back'],
    });
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
    // How the total is reached (issue 44, item 13).
    await expect(price.locator('[data-list-workings]')).toHaveText(
      `48 × ${formatUsd(unit)} + one-time fees $45.00 = ${formatUsd(total)}`,
    );
    await expect(price).toContainText(`Add 24 more to pay ${formatUsd(original.price_cents + 220 + 75)} each`);
    await expect(
      page.getByRole('group', { name: 'Turnaround' }).getByRole('radio', { name: /^Standard: Ready by/ }),
    ).toBeChecked();
    expect(await scanAxe(page)).toEqual([]);

    await addToCartByKeyboard(page, 48, original.name);

    await watchCheckoutBody(page);
    await page.goto('/cart');
    const lines = page.getByRole('listitem').filter({ hasText: original.name });
    await expect(lines).toHaveCount(2);
    const [first, second] = await lines.all();
    for (const line of [first!, second!]) {
      await expect(line).toContainText(`${formatUsd(unit)} each`, { timeout: 15_000 });
      await expect(line).toContainText('Front, 2 colours $2.80');
    }
    // Charged once: said on the design's first size line only (issue 44, item 13).
    await expect(first!).toContainText('Screens 3 × $15.00');
    await expect(second!).not.toContainText('Screens');
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(formatUsd(total));
    expect(await scanAxe(page)).toEqual([]);

    const body = await checkoutByKeyboard(page);
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
    const paid = await request.post(`/test-checkout/${sessionId}`, {
      form: { intent: 'pay', ...TEST_CHECKOUT_CONTACT },
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
