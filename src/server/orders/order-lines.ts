import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * An order's lines as bought, each with its picture: the receipt (success page) and the
 * session view (either payment provider) read them the same way. The picture is the line's
 * colour's own, else the product's main image; charges (print, setup) have none.
 */
export async function orderLinesWithPictures(db: Kysely<Database>, orderId: string) {
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('product_colors as pc', (join) =>
      join.onRef('pc.product_id', '=', 'i.product_id').onRef('pc.color_id', '=', 'i.color_id'),
    )
    .select(['i.id', 'i.name', 'i.item_type', 'i.quantity', 'i.unit_price_cents', 'i.variant_metadata', 'i.pricing'])
    .select((eb) => eb.fn.coalesce('pc.image_url', 'p.image_main_url').as('image_url'))
    .where('i.order_id', '=', orderId)
    // As bought; lines from before positions were kept by name.
    .orderBy('i.position')
    .orderBy('i.name')
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({ ...row, image_url: row.item_type === 'product' ? row.image_url : null }));
}
