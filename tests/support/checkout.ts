import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/types.ts';
import { callFunction } from './call-function.ts';

type Handler = Parameters<typeof callFunction>[0];

/** POSTs JSON to a function module. */
export function postJson(handler: Handler, path: string, body: unknown, headers: Record<string, string> = {}) {
  return callFunction(handler, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export interface VariantFixture {
  productId: string;
  productName: string;
  priceCents: number;
  variantId: string;
  colorId: string;
  colorName: string;
  sizeId: string;
  sizeName: string;
}

/** A colour x size variant of an active seeded product (first by colour, then size order). */
export async function variantOf(db: Kysely<Database>, slug: string, offset = 0): Promise<VariantFixture> {
  const row = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('colors as c', 'c.id', 'v.color_id')
    .innerJoin('sizes as s', 's.id', 'v.size_id')
    .select([
      'p.id as productId',
      'p.name as productName',
      'p.price_cents as priceCents',
      'v.id as variantId',
      'c.id as colorId',
      'c.name as colorName',
      's.id as sizeId',
      's.name as sizeName',
    ])
    .where('p.slug', '=', slug)
    .where('c.is_active', '=', true)
    .where('s.is_active', '=', true)
    .orderBy('c.sort_order')
    .orderBy('s.sort_order')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row;
}

export async function productBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'stock_qty', 'is_active'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
}

export async function setVariantStock(db: Kysely<Database>, variantId: string, qty: number) {
  await db.updateTable('product_variants').set({ stock_qty: qty }).where('id', '=', variantId).execute();
}

/** A tracked variant's count (one made to order, stock null, is not what these tests hold). */
export async function variantStock(db: Kysely<Database>, variantId: string): Promise<number> {
  const { stock_qty } = await db
    .selectFrom('product_variants')
    .select('stock_qty')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  if (stock_qty === null) throw new Error(`variant ${variantId} is not tracked (made to order)`);
  return stock_qty;
}

/** Row counts and total stock: what must not move when a checkout is refused. */
export async function shopState(db: Kysely<Database>) {
  const { rows } = await sql<{ orders: number; items: number; variant_stock: number; product_stock: number }>`
    select (select count(*)::int from orders) as orders,
           (select count(*)::int from order_items) as items,
           (select coalesce(sum(stock_qty), 0)::int from product_variants) as variant_stock,
           (select coalesce(sum(stock_qty), 0)::int from products) as product_stock
  `.execute(db);
  return rows[0]!;
}

/** The session id in a checkout answer's URL (the last path segment). */
export function sessionIdOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').pop()!);
}

export async function orderBySession(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom('orders').selectAll().where('payment_session_id', '=', sessionId).executeTakeFirstOrThrow();
}
