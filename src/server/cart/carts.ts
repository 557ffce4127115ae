import type { Kysely } from 'kysely';
import type { CartSync } from '../../lib/cart/cart-schema.ts';
import { jsonb } from '../db/json.ts';
import type { Database } from '../db/types.ts';

/**
 * Keeps the server's copy of a browser cart. A known cartId is refreshed in place; an unknown
 * or missing one starts a new cart, so a browser holding a stale id simply gets a fresh one.
 */
export async function syncCart(db: Kysely<Database>, input: CartSync): Promise<{ id: string }> {
  const values = { items: jsonb(input.items), discount_code: input.discountCode ?? null };
  if (input.cartId) {
    const updated = await db
      .updateTable('carts')
      .set(values)
      .where('id', '=', input.cartId)
      .returning('id')
      .executeTakeFirst();
    if (updated) return updated;
  }
  return db.insertInto('carts').values(values).returning('id').executeTakeFirstOrThrow();
}
