import { orderNumber } from '../../src/lib/orders/order-number.ts';
import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { qrSvg } from '../../src/server/admin/qr-svg.ts';
import { openOrderOf, signInAsOwner } from '../support/admin-e2e.ts';
import { twoInkLogoPng } from '../support/artwork-files.ts';
import { scanAxe } from '../support/axe.ts';
import { type APIRequestContext, expect, test } from '../support/e2e-test.ts';
import { TEST_CHECKOUT_CONTACT } from '../support/test-checkout-contact.ts';

/**
 * The printable work order of docs/decisions/0028-owner-and-receipts.md: from the order dialog the
 * owner opens the sheet the press works from: each design's sizes × colours grid with totals, its print locations with
 * the artwork, the in-hands date, and a QR code that opens the order in the admin. Printing
 * leaves the admin's header and tabs off the page.
 */

const SLUG = 'game-day-hoodie';

/**
 * Two colours of the hoodie in two sizes with stock; desktop and mobile take other sizes, so
 * the runs never compete for a variant (colour A: 3 + 2 pieces, colour B: 4).
 */
function pickVariants(hoodie: ProductDetail, project: string) {
  const stock = (colorId: string, sizeId: string) =>
    hoodie.variants.find((v) => v.color_id === colorId && v.size_id === sizeId)?.stock_qty ?? 0;
  const [a, b] = hoodie.colors;
  const start = project === 'mobile' ? 2 : 0;
  const sizes = hoodie.sizes.slice(start, start + 2);
  if (
    !a ||
    !b ||
    sizes.length < 2 ||
    stock(a.id, sizes[0]!.id) < 3 ||
    stock(a.id, sizes[1]!.id) < 2 ||
    stock(b.id, sizes[0]!.id) < 4
  ) {
    throw new Error(`the seed has no two colours of ${SLUG} in stock in sizes ${start + 1} and ${start + 2}`);
  }
  return [
    { color: a, sizes },
    { color: b, sizes },
  ] as const;
}

/** A paid order: colour A 3 + 2 in two sizes, colour B 4 in the first; front art uploaded, back to come. */
async function paidOrder(request: APIRequestContext, buyer: string, project: string) {
  const hoodie = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const [a, b] = pickVariants(hoodie, project);
  const art = await twoInkLogoPng();
  const ticket = (await (
    await request.post('/api/artwork/uploads', { data: { fileName: 'mascot-front.png', size: art.length } })
  ).json()) as { artworkId: string; ownerToken: string; upload: { url: string; headers: Record<string, string> } };
  expect((await request.put(ticket.upload.url, { headers: ticket.upload.headers, data: art })).status()).toBeLessThan(
    300,
  );
  expect(
    (
      await request.post(`/api/artwork/${ticket.artworkId}/check`, { data: { ownerToken: ticket.ownerToken } })
    ).status(),
  ).toBe(200);
  const locations = [
    { code: 'front', artworkId: ticket.artworkId },
    { code: 'back', artworkId: null },
  ];
  const line = (colorId: string, sizeId: string, quantity: number) => ({
    productId: hoodie.id,
    colorId,
    sizeId,
    quantity,
    locations,
  });
  const started = await request.post('/api/cart/checkout', {
    data: {
      items: [
        line(a.color.id, a.sizes[0]!.id, 3),
        line(a.color.id, a.sizes[1]!.id, 2),
        line(b.color.id, b.sizes[0]!.id, 4),
      ],
      fulfillment: 'shipping',
      artworkOwner: ticket.ownerToken,
    },
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
  return {
    name: hoodie.name,
    a,
    b,
    sizes: hoodie.sizes.filter((s) => [a.sizes[0]!.id, a.sizes[1]!.id, b.sizes[0]!.id].includes(s.id)),
  };
}

test('the owner opens an order’s work order, reads its size grid and QR code, and prints it without the admin', async ({
  page,
  request,
}, testInfo) => {
  const buyer = `work.order.${testInfo.project.name}.${Date.now()}@example.com`;
  const { name, a, b, sizes } = await paidOrder(request, buyer, testInfo.project.name);
  await signInAsOwner(page);
  const dialog = await openOrderOf(page, buyer);
  // The dialog shows the order number people quote; the address names the order itself.
  await expect(page).toHaveURL(/[?&]order=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(dialog.getByRole('definition').first()).toHaveText(orderNumber(orderId));
  await dialog.getByRole('link', { name: 'Work order' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/work-order$`));
  const number = orderNumber(orderId);
  await expect(page.getByRole('heading', { level: 1, name: `Work order ${number}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: buyer })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Awaiting artwork' })).toBeVisible();
  // The sheet says how the job leaves in words, and where a shipped one goes (issue 44, item 11).
  await expect(page.getByRole('term').filter({ hasText: 'Hand-off' })).toHaveCount(0);
  await expect(page.getByRole('term').filter({ hasText: 'Delivery' })).toBeVisible();

  // One design (same hoodie, same locations and artwork): colours as rows, sizes in the shop's order.
  const design = page.getByRole('region', { name: new RegExp(`^${name}`) });
  await expect(design).toHaveCount(1);
  await expect(design.getByRole('heading', { level: 2 })).toHaveText(/9 pieces/);
  const grid = design.getByRole('table', { name: `Sizes of ${name}` });
  const headers = await grid.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim())).toEqual(['Colour', ...sizes.map((s) => s.name), 'Total']);
  const rowOf = async (name: string) =>
    (
      await grid
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell')
        .allInnerTexts()
    ).map((t) => t.trim());
  const count = (pieces: Record<string, number>) => sizes.map((s) => (pieces[s.id] ? String(pieces[s.id]) : ''));
  const aCounts = { [a.sizes[0]!.id]: 3, [a.sizes[1]!.id]: 2 };
  const bCounts = { [b.sizes[0]!.id]: 4 };
  expect(await rowOf(a.color.name)).toEqual([...count(aCounts), '5']);
  expect(await rowOf(b.color.name)).toEqual([...count(bCounts), '4']);
  const totals = sizes.map((s) => String((aCounts[s.id] ?? 0) + (bCounts[s.id] ?? 0)));
  expect(await rowOf('Total')).toEqual([...totals, '9']);

  // The print locations with the artwork's thumbnail, and the one still to come.
  const locations = design.getByRole('list', { name: `Print locations of ${name}` });
  await expect(locations.getByRole('img', { name: 'Front artwork: mascot-front.png' })).toBeVisible();
  await expect(locations.getByRole('listitem').filter({ hasText: 'Back' })).toContainText('Artwork to come');
  // The inks the artwork check counted, for the press to check the screens against.
  await expect(locations.getByRole('listitem').filter({ hasText: 'Front' })).toContainText('2 ink colours counted');

  // The QR code encodes the order's admin address, and that address opens the order.
  const qr = page.getByRole('img', { name: `QR code: opens order ${number} in the admin` });
  await expect(qr).toBeVisible();
  const adminUrl = `${new URL(page.url()).origin}/admin/orders?order=${orderId}`;
  const src = (await qr.getAttribute('src')) ?? '';
  expect(decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))).toBe(qrSvg(adminUrl));

  expect(await scanAxe(page)).toEqual([]);

  // Printed: the sheet alone, black on white.
  const chrome = [
    page.getByRole('navigation', { name: 'Admin sections' }),
    page.getByRole('button', { name: 'Log out' }),
  ];
  const print = page.getByRole('button', { name: 'Print' });
  await page.emulateMedia({ media: 'print' });
  for (const part of chrome) await expect(part).toBeHidden();
  await expect(print).toBeHidden();
  await expect(grid).toBeVisible();
  expect(await grid.evaluate((el) => getComputedStyle(el.querySelector('td')!).color)).toBe('rgb(0, 0, 0)');
  await page.emulateMedia({ media: 'screen' });
  for (const part of chrome) await expect(part).toBeVisible();
  await expect(print).toBeEnabled();

  // Scanned: the address opens the Orders tab with this order's dialog.
  await page.goto(adminUrl);
  const opened = page.getByRole('dialog', { name: `Order ${orderId.slice(0, 8)}` });
  await expect(opened).toBeVisible({ timeout: 15_000 });
  await expect(opened.getByRole('definition').first()).toHaveText(number);
});
