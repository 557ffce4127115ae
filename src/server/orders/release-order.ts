import { releaseArtworkOfOrder } from '../artwork/claim.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { lockKey } from './stock-lock-order.ts';
import { atomically } from '../db/transaction.ts';

/**
 * Cancels the given orders that are still pending and puts their stock back, atomically. The
 * conditional status change (pending -> cancelled) is what makes it safe to call twice or from
 * two places at once (an expired webhook, the test checkout's Cancel, the sweep): stock is
 * returned only by the call that changed the status. Answers the ids it cancelled.
 */
export async function releaseOrders(db: Kysely<Database>, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  return atomically(db, async (trx) => {
    const cancelled = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', cancelled_at: sql`now()` })
      .where('id', 'in', orderIds)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    const ids = cancelled.map((r) => r.id);
    if (ids.length > 0) {
      await restoreStock(trx, ids);
      // The buyer's artwork is theirs again, for a later checkout.
      for (const id of ids) await releaseArtworkOfOrder(trx, id);
    }
    return ids;
  });
}

/** Cancels one pending order and returns its stock; false when it was not pending. */
export async function releaseOrder(db: Kysely<Database>, orderId: string): Promise<boolean> {
  return (await releaseOrders(db, [orderId])).length > 0;
}

/**
 * Adds the orders' quantities back where checkout took them, decided by the same rule as
 * `loadLines`: the matching colour x size row when the product keeps stock per variant,
 * otherwise the product's own count when it is tracked. Lines of deleted products are skipped.
 */
export async function restoreStock(trx: Kysely<Database>, orderIds: string[]): Promise<void> {
  const { rows } = await sql<{
    product_id: string;
    variant_id: string | null;
    has_variants: boolean;
    qty: number;
  }>`
    select oi.product_id, v.id as variant_id,
           exists (select 1 from product_variants pv where pv.product_id = oi.product_id) as has_variants,
           cast(sum(oi.quantity) as integer) as qty
    from order_items oi
    left join product_variants v
      on v.product_id = oi.product_id
     and v.color_id is not distinct from oi.color_id
     and v.size_id is not distinct from oi.size_id
    where oi.order_id in (${sql.join(orderIds)}) and oi.product_id is not null and oi.item_type = 'product'
    group by oi.product_id, v.id
  `.execute(trx);

  const returns = rows
    .map((r) => {
      if (r.variant_id) return { stock: { kind: 'variant' as const, id: r.variant_id }, qty: r.qty };
      if (!r.has_variants) return { stock: { kind: 'product' as const, id: r.product_id }, qty: r.qty };
      return null;
    })
    .filter((r) => r !== null)
    .sort((a, b) => lockKey(a).localeCompare(lockKey(b)));

  for (const { stock, qty } of returns) {
    if (stock.kind === 'variant') {
      await trx
        .updateTable('product_variants')
        .set({ stock_qty: sql`stock_qty + ${qty}` })
        .where('id', '=', stock.id)
        .execute();
    } else {
      // Untracked products (stock_qty null) had nothing reserved and get nothing back.
      await trx
        .updateTable('products')
        .set({ stock_qty: sql`stock_qty + ${qty}` })
        .where('id', '=', stock.id)
        .where('stock_qty', 'is not', null)
        .execute();
    }
  }
}
