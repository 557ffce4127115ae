import type { Context } from '@netlify/functions';
import type { Kysely } from 'kysely';
import adminStoreClose from '../../netlify/functions/admin-store-close.mts';
import adminStoreSend from '../../netlify/functions/admin-store-send.mts';
import adminStores from '../../netlify/functions/admin-stores.mts';
import type { AdminStore } from '../../src/lib/admin-schemas/stores.ts';
import { instantToShopLocal } from '../../src/lib/site/shop-time.ts';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';
import { callFunction } from './call-function.ts';

type Fn = (req: Request, context: Context) => Promise<Response>;
export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** Shop-clock text ('YYYY-MM-DDTHH:mm') `days` from now, as the Stores tab sends it. */
export const inDays = (days: number) => instantToShopLocal(new Date(Date.now() + days * 86_400_000));

/** The owner's calls to the stores API with `authorization`. */
export function storeCalls(authorization: string) {
  const headers = { authorization, 'content-type': 'application/json' };
  return {
    create: (body: unknown) =>
      callFunction(adminStores as Fn, '/api/admin/stores', { method: 'POST', headers, body: JSON.stringify(body) }),
    update: (id: string, body: unknown) =>
      callFunction(adminStores as Fn, `/api/admin/stores/${id}`, {
        method: 'PUT',
        params: { id },
        headers,
        body: JSON.stringify(body),
      }),
    get: (id: string) => callFunction(adminStores as Fn, `/api/admin/stores/${id}`, { params: { id }, headers }),
    list: () => callFunction(adminStores as Fn, '/api/admin/stores', { headers }),
    send: (id: string) =>
      callFunction(adminStoreSend as Fn, `/api/admin/stores/${id}/send`, { method: 'POST', params: { id }, headers }),
    close: (id: string) =>
      callFunction(adminStoreClose as Fn, `/api/admin/stores/${id}/close`, { method: 'POST', params: { id }, headers }),
  };
}

export async function answer<T>(res: Promise<Response>, status: number): Promise<T> {
  const response = await res;
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A catalogue product with two colours and two sizes it offers, and its print locations. */
export interface StoreProduct {
  productId: string;
  name: string;
  colorIds: string[];
  colorNames: string[];
  sizeIds: string[];
  sizeNames: string[];
}

export async function storeProduct(db: Kysely<Database>, slug: string): Promise<StoreProduct> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  const colors = await db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as c', 'c.id', 'pc.color_id')
    .select(['c.id', 'c.name'])
    .where('pc.product_id', '=', product.id)
    .orderBy('c.sort_order')
    .limit(2)
    .execute();
  const sizes = await db
    .selectFrom('product_sizes as ps')
    .innerJoin('sizes as s', 's.id', 'ps.size_id')
    .select(['s.id', 's.name'])
    .where('ps.product_id', '=', product.id)
    .orderBy('s.sort_order')
    .limit(2)
    .execute();
  return {
    productId: product.id,
    name: product.name,
    colorIds: colors.map((c) => c.id),
    colorNames: colors.map((c) => c.name),
    sizeIds: sizes.map((s) => s.id),
    sizeNames: sizes.map((s) => s.name),
  };
}

/** A valid new store with one design of `p` printed on its (flat-priced) front. */
export function storeBody(
  p: StoreProduct,
  overrides: Record<string, unknown> = {},
  design: Record<string, unknown> = {},
) {
  return {
    name: 'Eagles Golf 2026',
    organiser_name: 'Coach Ramirez',
    organiser_email: 'coach.ramirez@example.org',
    visibility: 'public',
    opens_at: inDays(1),
    closes_at: inDays(10),
    minimum_per_design: 6,
    designs: [
      {
        product_id: p.productId,
        name: 'Eagles Golf Tee',
        price_cents: 2000,
        fundraising_cents: 500,
        color_ids: p.colorIds,
        size_ids: p.sizeIds,
        locations: [{ code: 'front' }],
        personalise_name: { price_cents: 500, max_length: 12 },
        personalise_number: { price_cents: 300, max_digits: 2 },
        ...design,
      },
    ],
    ...overrides,
  };
}

/** A paid buyer order of the store: `lines` of one design each (colour, size, pieces). */
export async function paidBuyerOrder(
  db: Kysely<Database>,
  storeId: string,
  email: string,
  lines: { designId: string; productId: string; colorId: string; sizeId: string; quantity: number; name?: string }[],
) {
  const order = await db
    .insertInto('orders')
    .values({ email, status: 'paid', paid_at: new Date(), stage: 'paid', store_id: storeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      lines.map((l, position) => ({
        order_id: order.id,
        position,
        name: 'Eagles Golf Tee',
        product_id: l.productId,
        color_id: l.colorId,
        size_id: l.sizeId,
        quantity: l.quantity,
        unit_price_cents: 2000,
        variant_metadata: jsonb({
          store_design_id: l.designId,
          ...(l.name ? { personalisation: { name: l.name } } : {}),
        }),
      })),
    )
    .execute();
  return order.id;
}

export type { AdminStore };
