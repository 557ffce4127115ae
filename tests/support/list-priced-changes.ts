import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import sizesFunction from '../../netlify/functions/admin-order-sizes.mts';
import type { ScreenPrintList } from '../../src/lib/pricing/lists.ts';
import { completeOrder } from '../../src/server/workflows/complete-order.ts';
import { jsonb } from '../../src/server/db/json.ts';
import type { Database } from '../../src/server/db/types.ts';
import { callFunction } from './call-function.ts';
import { orderBySession, sessionIdOf } from './checkout.ts';
import { type ListPricedShop, listCheckout, seedListPricedShop } from './list-priced-shop.ts';

/**
 * A list-priced shop for size changes of paid orders (docs/decisions/0029-deposits.md on decision
 * 0027's lines): the West Texas Energy Tee ($4.00 blank) printed on the front by a screen-print list with a break at 25
 * pieces, so 24 tees + 6 XL crosses it; the list prices nothing from 48 pieces on (a quote).
 */
export const changeScreenPrint: ScreenPrintList = {
  method: 'screen_print',
  grid: {
    rows: [1, 12, 25, 48],
    cells: [
      [500, 650, 800],
      [400, 520, 640],
      [300, 390, 480],
      [null, null, null],
    ],
  },
  additional_location: null,
  screen_fee_cents: 1500,
  screen_fee_rules: [],
  screen_fee_display: 'line',
  surcharges: [],
};

export type ChangeShop = ListPricedShop & { xl: string; xlVariant: string; screenListId: string };

export async function seedChangeShop(db: Kysely<Database>): Promise<ChangeShop> {
  const shop = await seedListPricedShop(db);
  const list = await db
    .insertInto('price_lists')
    .values({ name: 'Screen print (order changes)', method: 'screen_print', data: jsonb(changeScreenPrint) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('price_list_versions')
    .values({ price_list_id: list.id, version: 1, data: jsonb(changeScreenPrint) })
    .execute();
  await db
    .updateTable('product_print_locations')
    .set({ price_list_id: list.id })
    .where('product_id', '=', shop.tee.productId)
    .where('code', '=', 'front')
    .execute();
  const xl = await db
    .selectFrom('product_variants as v')
    .innerJoin('sizes as s', 's.id', 'v.size_id')
    .select(['v.id', 's.id as sizeId'])
    .where('v.product_id', '=', shop.tee.productId)
    .where('v.color_id', '=', shop.tee.colorId)
    .where('s.name', '=', 'XL')
    .executeTakeFirstOrThrow();
  await db.updateTable('product_variants').set({ stock_qty: 20 }).where('id', '=', xl.id).execute();
  return { ...shop, xl: xl.sizeId, xlVariant: xl.id, screenListId: list.id };
}

/** Two ink colours on the front, the file to come. */
const FRONT = [{ code: 'front', artworkId: null, colors: 2 }];

/** A paid order of the tee by size (e.g. { [shop.tee.m]: 12, [shop.tee.l]: 12 }), with a rush or not. */
export async function paidTeeOrder(
  db: Kysely<Database>,
  shop: ChangeShop,
  sizes: Record<string, number>,
  rush?: string,
) {
  const items = Object.entries(sizes).map(([sizeId, quantity]) => ({
    productId: shop.tee.productId,
    colorId: shop.tee.colorId,
    sizeId,
    quantity,
    locations: FRONT,
  }));
  const res = await listCheckout(items, rush ? { rush } : {});
  expect(res.status).toBe(201);
  const order = await orderBySession(db, sessionIdOf(((await res.json()) as { url: string }).url));
  expect((await completeOrder(db, order.id, { email: 'tees@example.com', name: 'Tess Ink' })).outcome).toBe('paid');
  return (await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()) as {
    id: string;
    subtotal_cents: number;
    tax_cents: number;
    total_cents: number;
  };
}

/** The order's lines, pieces first then charges, as stored. */
export const orderLines = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('order_items')
    .select(['id', 'size_id', 'item_type', 'name', 'quantity', 'unit_price_cents', 'pricing'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

/** POST /api/orders/:id/sizes as the admin sends it. */
export const changeSizes = (authorization: string, orderId: string, body: unknown) =>
  callFunction(sizesFunction, `/api/orders/${orderId}/sizes`, {
    method: 'POST',
    params: { id: orderId },
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
