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

/**
 * An embroidered shirt priced by the owner's embroidery list, with rush
 * (docs/decisions/0027-price-lists.md): the customer picks each location's size in words (never a
 * stitch count), the rush option names its day and adds its percent, and the cart and checkout keep
 * both. Each project links its own seeded garment (no other spec opens it) and puts it back after.
 */
const SHIRTS: Record<string, { collection: string; slug: string }> = {
  desktop: { collection: 'ranch-and-rodeo', slug: 'ranch-hand-work-shirt' },
  mobile: { collection: 'west-texas-originals', slug: 'pump-jack-long-sleeve' },
};

test('an embroidered shirt is priced by size in words, rush adds its percent, and checkout receives both', async ({
  page,
  request,
}, testInfo) => {
  const shirt = SHIRTS[testInfo.project.name] ?? SHIRTS['desktop']!;
  const original = (await (await request.get(`/api/products/slug/${shirt.slug}`)).json()) as ProductDetail;
  const color = original.colors.find((c) => !isDarkHex(c.hex))!;
  const size = (name: string) => original.sizes.find((s) => s.name === name)!;
  const [m, l] = [size('M'), size('L')];

  const authorization = await ownerAuthorization(page);
  const list = await seededListIds(request, authorization);
  const embroidery = list('Embroidery up to 10,000 stitches');
  const { put, restore } = productEditor(request, authorization, original);
  const location = (code: string, name: string, print_width_in: number) => ({
    code,
    name,
    price_cents_per_piece: 0,
    setup_fee_cents: 0,
    print_width_in,
    price_list_id: embroidery,
  });
  const variants = original.variants.map((v) =>
    v.color_id === color.id && (v.size_id === m.id || v.size_id === l.id) ? { ...v, stock_qty: 30 } : v,
  );
  await put({
    price_tiers: [],
    print_locations: [location('left-chest', 'Left chest', 4), location('back', 'Back', 12)],
    garment_list_id: list('Apparel size upcharges'),
    turnaround_list_id: list('Standard turnaround and rush'),
    variants,
  });

  try {
    // 12 pieces, the list's 12–35 band: $7.00 up to 10,000 stitches. The left chest (5,000) is
    // $7.00; the full back (20,000) is $7.00 + 10 × $1.10 per extra 1,000 = $18.00. Digitizing
    // $50.00 per design, once. Rush in 7 business days adds 50 % of the lines and the fees.
    const unit = original.price_cents + 700 + 1800;
    const standard = 12 * unit + 2 * 5000;
    const rushed = standard + standard / 2;

    await page.goto(`/collections/${shirt.collection}/products/${shirt.slug}`);
    await chooseByKeyboard(page, {
      color: color.name,
      pieces: { [m.name]: 6, [l.name]: 6 },
      locations: ['Left chest', 'Back'],
    });
    // Sizes in words: the radios of each location's group, chosen by keyboard.
    const chest = page.getByRole('group', { name: 'Embroidery size, Left chest' });
    const back = page.getByRole('group', { name: 'Embroidery size, Back' });
    await expect(chest.getByRole('radio')).toHaveCount(3);
    const leftChest = chest.getByRole('radio', { name: 'Left-chest logo, up to 5,000 stitches' });
    await leftChest.focus();
    await leftChest.press('Space');
    await expect(leftChest).toBeChecked();
    const fullBack = back.getByRole('radio', { name: 'Full back, up to 20,000 stitches' });
    await fullBack.focus();
    await fullBack.press('Space');
    await expect(fullBack).toBeChecked();

    const price = page.locator('[data-list-price]');
    await expect(price).toContainText(`${formatUsd(unit)} each at 12`);
    await expect(price).toContainText(`Total for 12 pieces: ${formatUsd(standard)}`);
    await expect(price).toContainText('Digitizing 2 × $50.00');

    const turnaround = page.getByRole('group', { name: 'Turnaround' });
    await expect(turnaround.getByRole('radio', { name: /^Standard: Ready by \w{3}, \w{3} \d{1,2}/ })).toBeChecked();
    const rush = turnaround.getByRole('radio', { name: /^Rush, 7 business days: Ready by .* \(\+50 %\)$/ });
    await rush.focus();
    await rush.press('Space');
    await expect(rush).toBeChecked();
    await expect(price).toContainText(`Total for 12 pieces: ${formatUsd(rushed)}`);
    await expect(price).toContainText('Rush +50 %');
    expect(await scanAxe(page)).toEqual([]);

    await addToCartByKeyboard(page, 12, original.name);

    await watchCheckoutBody(page);
    await page.goto('/cart');
    const lines = page.getByRole('listitem').filter({ hasText: original.name });
    await expect(lines).toHaveCount(2);
    const [first, second] = await lines.all();
    for (const line of [first!, second!]) {
      await expect(line).toContainText(`${formatUsd(unit)} each`, { timeout: 15_000 });
    }
    // Charged once: said on the design's first size line only (issue 44, item 13).
    await expect(first!).toContainText('Digitizing 2 × $50.00');
    await expect(second!).not.toContainText('Digitizing');
    // From the first paint on, before the cart's script has woken: the rush chosen and its own row.
    await expect(
      page.getByRole('group', { name: 'Turnaround' }).getByRole('radio', { name: /^Rush, 7 business days/ }),
    ).toBeChecked();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('definition').first()).toHaveText(formatUsd(rushed));
    const rushRow = summary.getByRole('term').filter({ hasText: 'Rush, 7 business days (in subtotal)' });
    await expect(rushRow.locator('xpath=following-sibling::dd')).toHaveText(formatUsd(standard / 2));
    await expect(summary.getByRole('term').filter({ hasText: 'Print locations and setup' })).toBeVisible();
    expect(await scanAxe(page)).toEqual([]);

    const body = await checkoutByKeyboard(page);
    expect(body.rush).toBe('rush-7');
    const stitched = [
      { code: 'left-chest', artworkId: null, stitches: 5000 },
      { code: 'back', artworkId: null, stitches: 20000 },
    ];
    expect(body.items.map((i) => [i.sizeId, i.quantity, i.locations])).toEqual([
      [m.id, 6, stitched],
      [l.id, 6, stitched],
    ]);
    // The shop charges what the page showed: the test checkout's total is the rushed one.
    await expect(page.getByText(formatUsd(rushed)).first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await restore();
  }
});
