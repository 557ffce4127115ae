/**
 * Proves a load run sold nothing it did not have: every variant's stock before the run equals
 * its stock after plus what orders placed during the run still hold (pending or paid), so no
 * piece was sold twice or lost, and no variant was sold past its stock or below zero.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/types.ts';

export interface StockSnapshot {
  at: Date;
  stock: Map<string, number>;
}

export interface StockCheck {
  ok: boolean;
  variantsChecked: number;
  variantsSold: number;
  piecesHeld: number;
  orders: Record<string, number>;
  /** Variants whose numbers do not add up, with what was found. */
  problems: { id: string; before: number; after: number; held: number }[];
}

export async function snapshotStock(db: Kysely<Database>): Promise<StockSnapshot> {
  const { rows } = await sql<{ at: Date }>`select now() as at`.execute(db);
  const variants = await db.selectFrom('product_variants').select(['id', 'stock_qty']).execute();
  // A variant made to order (null) has no count to check.
  const counted = variants.flatMap((v) => (v.stock_qty === null ? [] : [[v.id, v.stock_qty] as const]));
  return { at: rows[0]!.at, stock: new Map(counted) };
}

export async function checkStock(db: Kysely<Database>, before: StockSnapshot): Promise<StockCheck> {
  const { rows } = await sql<{ id: string; after: number; held: number }>`
    select v.id, v.stock_qty as after,
      coalesce((
        select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where o.created_at >= ${before.at} and o.status <> 'cancelled'
          -- A team store's pieces are made to order after its close: they hold no stock.
          and o.store_id is null
          and oi.product_id = v.product_id
          and oi.color_id is not distinct from v.color_id
          and oi.size_id is not distinct from v.size_id
      ), 0)::int as held
    from product_variants v`.execute(db);
  const orders = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from orders where created_at >= ${before.at} group by status`.execute(db);
  const problems: StockCheck['problems'] = [];
  let sold = 0;
  let held = 0;
  for (const row of rows) {
    const start = before.stock.get(row.id) ?? 0;
    if (row.held > 0) sold++;
    held += row.held;
    if (row.after < 0 || row.held > start || start - row.after !== row.held) {
      problems.push({ id: row.id, before: start, after: row.after, held: row.held });
    }
  }
  return {
    ok: problems.length === 0,
    variantsChecked: rows.length,
    variantsSold: sold,
    piecesHeld: held,
    orders: Object.fromEntries(orders.rows.map((r) => [r.status, r.n])),
    problems,
  };
}
