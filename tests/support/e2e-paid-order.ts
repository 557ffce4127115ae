import type { ProductDetail } from '../../src/lib/catalog/products.ts';
import { png } from './artwork-files.ts';
import { type APIRequestContext, expect } from './e2e-test.ts';
import { TEST_CHECKOUT_CONTACT } from './test-checkout-contact.ts';

// Made to order with a deep stock of blanks: the desktop and mobile runs never compete with other specs.
const SLUG = 'custom-yard-sign';

export type CheckedUpload = { artworkId: string; ownerToken: string };

/** A PNG uploaded to storage and checked, as the browser's artwork field does. */
export async function checkedUpload(request: APIRequestContext, fileName: string): Promise<CheckedUpload> {
  const art = await png(600, 600);
  const ticket = (await (
    await request.post('/api/artwork/uploads', { data: { fileName, size: art.length } })
  ).json()) as {
    artworkId: string;
    ownerToken: string;
    upload: { url: string; headers: Record<string, string> };
  };
  expect((await request.put(ticket.upload.url, { headers: ticket.upload.headers, data: art })).status()).toBeLessThan(
    300,
  );
  const check = await request.post(`/api/artwork/${ticket.artworkId}/check`, {
    data: { ownerToken: ticket.ownerToken },
  });
  expect(check.status()).toBe(200);
  return { artworkId: ticket.artworkId, ownerToken: ticket.ownerToken };
}

/**
 * A paid order of 12 yard signs printed on both sides, the second side's artwork uploaded and
 * checked as `fileName` (or, with `artworkLater`, to come after checkout).
 */
export async function paidPrintedOrder(
  request: APIRequestContext,
  buyer: string,
  project: string,
  { artworkLater = false, fileName = 'team-logo.png' }: { artworkLater?: boolean; fileName?: string } = {},
) {
  const sign = (await (await request.get(`/api/products/slug/${SLUG}`)).json()) as ProductDetail;
  const variants = sign.variants.filter((v) => (v.stock_qty ?? 0) >= 40);
  const variant = variants[project === 'mobile' ? variants.length - 1 : 0]!;
  const upload = await checkedUpload(request, fileName);
  const started = await request.post('/api/cart/checkout', {
    data: {
      items: [
        {
          productId: sign.id,
          colorId: variant.color_id,
          sizeId: variant.size_id,
          quantity: 12,
          locations: [{ code: 'second-side', artworkId: artworkLater ? null : upload.artworkId }],
        },
      ],
      fulfillment: 'shipping',
      artworkOwner: upload.ownerToken,
    },
  });
  expect(started.status()).toBe(201);
  const sessionId = decodeURIComponent(
    new URL(((await started.json()) as { url: string }).url).pathname.split('/').pop()!,
  );
  const paid = await request.post(`/test-checkout/${sessionId}`, {
    form: { intent: 'pay', ...TEST_CHECKOUT_CONTACT, email: buyer },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
}
