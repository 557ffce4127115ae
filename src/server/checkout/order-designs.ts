import type { Kysely } from 'kysely';
import type { OrderDesign } from '../../lib/cart/checkout-schema.ts';
import { storedLocations } from '../../lib/orders/order-locations.ts';
import type { Database } from '../db/types.ts';
import { storedLineLabel } from '../../lib/orders/line-label.ts';

/**
 * What will be printed on the order behind a checkout session
 * (docs/decisions/0015-print-ordering.md): each piece line that has print locations, with the
 * artwork attached to each (its file name) or none yet, and how many pieces the order has (its
 * print and setup charges are lines too, but not pieces). The session id is the secret of this
 * lookup, as it is for the session itself. Null when no order has it.
 */
export async function orderDesigns(
  db: Kysely<Database>,
  sessionId: string,
): Promise<{ designs: OrderDesign[]; pieces: number } | null> {
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.name', 'i.quantity', 'i.variant_metadata', 'i.order_id'])
    .where('o.payment_session_id', '=', sessionId)
    .where('i.item_type', '=', 'product')
    // As bought; lines from before positions were kept by name.
    .orderBy('i.position')
    .orderBy('i.name')
    .orderBy('i.id')
    .execute();
  if (items.length === 0) return null;
  const pieces = items.reduce((n, item) => n + item.quantity, 0);
  const designs = items.flatMap((item) => {
    const meta = item.variant_metadata as Record<string, unknown>;
    const locations = storedLocations(meta);
    if (locations.length === 0) return [];
    return [
      {
        label: storedLineLabel(item.name, meta),
        quantity: item.quantity,
        orderId: item.order_id,
        locations,
      },
    ];
  });
  const ids = [...new Set(designs.flatMap((d) => d.locations.flatMap((l) => (l.artwork_id ? [l.artwork_id] : []))))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const rows = await db
      .selectFrom('artwork')
      .select(['id', 'original_name'])
      .where('id', 'in', ids)
      .where('order_id', '=', designs[0]!.orderId)
      .execute();
    for (const row of rows) names.set(row.id, row.original_name);
  }
  return {
    pieces,
    designs: designs.map(({ label, quantity, locations }) => ({
      label,
      quantity,
      locations: locations.map((l) => {
        const name = l.artwork_id ? names.get(l.artwork_id) : undefined;
        return { code: l.code, name: l.name, artwork_id: name ? l.artwork_id : null, artwork_name: name ?? null };
      }),
    })),
  };
}
