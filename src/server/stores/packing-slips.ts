import { type Kysely, sql } from 'kysely';
import type { PackingSlip, PackingSlips } from '../../lib/admin-schemas/packing-slips.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import type { Database } from '../db/types.ts';
import { Conflict } from '../errors.ts';
import { personalisationOf } from './store-close-lines.ts';

/**
 * GET /api/admin/store-packing-slips/{id}: a slip (bag label) per buyer of a closed store
 * delivered in bulk to its organiser (docs/decisions/0030-team-stores.md): the buyer's name and what goes in their bag
 * (design, colour, size, pieces, the name and number printed), only the pieces the batch
 * printed (a design refunded at the close is not in the bag), sorted by name for bagging. Null
 * when there is no such store; 409 when it ships to each buyer or has not closed.
 */
export async function packingSlips(db: Kysely<Database>, storeId: string): Promise<PackingSlips | null> {
  const store = await db
    .selectFrom('stores as s')
    .leftJoin('orders as b', 'b.store_batch_of', 's.id')
    .select(['s.id', 's.name', 's.organiser_name', 's.delivery', 's.closed_at', 'b.id as batch_id'])
    .where('s.id', '=', storeId)
    .executeTakeFirst();
  if (!store) return null;
  if (store.delivery !== 'organiser') {
    throw new Conflict(
      'ships_to_buyers',
      'This store ships to each buyer, so it has no bags to pack for the organiser.',
    );
  }
  if (!store.closed_at) {
    throw new Conflict('not_closed', 'Packing slips are ready once the store closes and its batch is made.');
  }
  if (!store.batch_id) {
    throw new Conflict('no_batch', 'Nothing was printed when this store closed, so there is nothing to pack.');
  }
  const designId = sql<string>`i.variant_metadata ->> 'store_design_id'`;
  const printed = db
    .selectFrom('order_items as bi')
    .select(sql<string>`bi.variant_metadata ->> 'store_design_id'`.as('d'))
    .where('bi.order_id', '=', store.batch_id);
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('store_designs as d', (join) => join.on(sql`d.id::text`, '=', designId))
    .leftJoin('colors as c', 'c.id', 'i.color_id')
    .leftJoin('sizes as z', 'z.id', 'i.size_id')
    .select([
      'o.id as order_id',
      'd.name as design',
      'c.name as color',
      'z.name as size',
      'i.quantity',
      'i.variant_metadata',
    ])
    .select(sql<string>`coalesce(nullif(btrim(o.customer_name), ''), o.email)`.as('buyer'))
    .where('o.store_batch_order_id', '=', store.batch_id)
    .where('o.status', '=', 'paid')
    .where('i.item_type', '=', 'product')
    .where(designId, 'in', printed)
    .orderBy('d.position')
    .orderBy('c.sort_order')
    .orderBy('z.sort_order')
    .execute();
  const slips = new Map<string, PackingSlip>();
  for (const row of rows) {
    const slip = slips.get(row.order_id) ?? {
      order: orderNumber(row.order_id),
      buyer: row.buyer,
      pieces: 0,
      lines: [],
    };
    const personal = personalisationOf(row.variant_metadata);
    slip.pieces += row.quantity;
    slip.lines.push({
      design: row.design,
      color: row.color,
      size: row.size,
      quantity: row.quantity,
      name: personal?.name ?? null,
      number: personal?.number ?? null,
    });
    slips.set(row.order_id, slip);
  }
  return {
    store: {
      id: store.id,
      name: store.name,
      organiser_name: store.organiser_name,
      closed_at: store.closed_at.toISOString(),
    },
    batch_number: orderNumber(store.batch_id),
    slips: [...slips.values()].sort(
      (a, b) => a.buyer.localeCompare(b.buyer, 'en', { sensitivity: 'base' }) || a.order.localeCompare(b.order),
    ),
  };
}
