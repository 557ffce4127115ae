import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/types.ts';
import { type Handler, send } from './runner.ts';
import type { Fixtures } from './spec.ts';

let counter = 0;

/**
 * The ids the specs fill their requests with: seeded rows to read and check out, and rows of
 * the test's own (made through the admin API) for updates and deletes to aim at.
 */
export async function loadFixtures(
  k: Kysely<Database>,
  handlers: Map<string, Handler>,
  admin: { token: string; issueToken: () => string },
): Promise<Fixtures> {
  const variant = await k
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.id as productId', 'p.slug as productSlug', 'v.color_id as colorId', 'v.size_id as sizeId', 'v.id'])
    .where('p.slug', '=', 'game-day-hoodie')
    .limit(1)
    .executeTakeFirstOrThrow();
  await k.updateTable('product_variants').set({ stock_qty: 100_000 }).where('id', '=', variant.id).execute();
  const collection = await k
    .selectFrom('collections')
    .select('slug')
    .where('is_active', '=', true)
    .limit(1)
    .executeTakeFirstOrThrow();
  const subscriber = await k
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('unsubscribed_at', 'is', null)
    .limit(1)
    .executeTakeFirstOrThrow();
  const seeded = async (table: 'orders' | 'users') =>
    (await k.selectFrom(table).select('id').limit(1).executeTakeFirstOrThrow()).id;
  /** A row of the test's own, made through the admin API, for updates and deletes to aim at. */
  const target = async (fn: string, path: string, body: Record<string, unknown>) => {
    const res = await send(handlers.get(fn)!, {
      method: 'POST',
      path,
      contentType: 'application/json',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const storeOption = async (table: 'colors' | 'sizes', name: string) =>
    (await k.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const storeLine = {
    designId: '5eed5700-0000-4000-8000-000000000002',
    colorId: await storeOption('colors', 'White'),
    sizeId: await storeOption('sizes', 'L'),
  };
  return {
    db: k,
    storeLine,
    productId: variant.productId,
    productSlug: variant.productSlug,
    variantColorId: variant.colorId!,
    variantSizeId: variant.sizeId!,
    collectionSlug: collection.slug,
    colorId: await target('admin-colors', '/api/colors', { name: 'Hostile target', hex: '#000000' }),
    sizeId: await target('admin-sizes', '/api/sizes', { name: 'HT' }),
    templateId: await target('admin-templates', '/api/templates', { name: 'hostile-target', subject: 'Target' }),
    discountCodeId: await target('admin-discount-codes', '/api/discount_codes', {
      code: 'HOSTILE-TARGET',
      name: 'Target',
      type: 'fixed',
      amount_cents: 100,
      is_active: false,
    }),
    collectionId: await target('admin-collections-write', '/api/collections', {
      name: 'Hostile target',
      slug: 'hostile-target',
      is_active: false,
    }),
    targetProductId: await target('admin-products-write', '/api/products', {
      name: 'Hostile target',
      slug: 'hostile-target',
      price_cents: 100,
      collection: collection.slug,
      is_active: false,
    }),
    serviceId: await target('admin-services-write', '/api/services', {
      name: 'Hostile target',
      slug: 'hostile-target',
      category_id: 'Printing',
      is_active: false,
    }),
    priceListId: await target('admin-price-lists', '/api/admin/price-lists', {
      name: 'Hostile target',
      data: { method: 'flat', cents_per_piece: 100, setup_fee_cents: 0 },
    }),
    businessAccountId: await target('admin-business-accounts', '/api/admin/business-accounts', {
      name: 'Hostile target',
      domain: 'hostile-target.example.org',
      active: false,
    }),
    orderId: await seeded('orders'),
    userId: await seeded('users'),
    subscriberToken: subscriber.id,
    async testSession() {
      const res = await send(handlers.get('buy-now')!, {
        method: 'POST',
        path: '/api/checkout',
        contentType: 'application/json',
        body: JSON.stringify({
          productId: variant.productId,
          color_id: variant.colorId,
          size_id: variant.sizeId,
          quantity: 1,
          fulfillment: 'local',
        }),
      });
      expect(res.status).toBe(201);
      return decodeURIComponent(new URL(((await res.json()) as { url: string }).url).pathname.split('/').pop()!);
    },
    throwawayToken: admin.issueToken,
    unique: () => ++counter,
  };
}
