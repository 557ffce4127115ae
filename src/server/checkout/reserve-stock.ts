import { Conflict } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import type { ErrorLine } from '../../lib/api-error.ts';
import { lastStatement } from '../db/last-statement.ts';
import { pgError } from '../db/pg-error.ts';
import type { Database } from '../db/types.ts';
import { lineLabel } from '../../lib/orders/line-label.ts';
import { lockKey } from '../orders/stock-lock-order.ts';
import type { CheckoutLine } from './load-lines.ts';
import { lineField, lineRef } from './requested-lines.ts';

/** What each stock table's `stock_qty >= 0` check is called: the one a reservation runs into. */
const STOCK_CHECKS = new Set(['product_variants_stock_qty_check', 'products_stock_qty_check']);

/**
 * The reservation could not take every line's pieces; the transaction was rolled back. Checkout
 * answers it with `shortfall` (what is left of each line), after sweeping lapsed holds.
 */
export class StockShort extends Error {
  override name = 'StockShort';
}

/**
 * Takes the lines' quantities off the shelf, all or nothing, as the last step of the checkout's
 * transaction, and commits it. One statement per table that keeps stock (variants, then
 * products) locks the rows in one global order (by id, as `restoreStock` does, so concurrent
 * checkouts and releases cannot deadlock) and takes each row's pieces; a row that has too few
 * would go below zero, which its check refuses, so two checkouts racing for the last pieces can
 * never both get them. The last statement goes with COMMIT in one round trip (`lastStatement`):
 * the rows every checkout of an item needs are locked only while PostgreSQL runs it and commits.
 * Throws StockShort when a line is short (the transaction is then rolled back).
 * A line whose stock row was deleted after the lines were read takes nothing from it, as a line
 * of a product deactivated in that moment is still sold: checkout reads the catalogue once.
 */
export async function reserveStockAndCommit(trx: Kysely<Database>, lines: CheckoutLine[]): Promise<void> {
  if (lines.some((line) => line.stock.kind === 'none')) throw new StockShort();
  const takes = (['product_variants', 'products'] as const)
    .map((table) => ({ table, wanted: wantedOf(lines, table === 'product_variants' ? 'variant' : 'product') }))
    .filter((t) => t.wanted.size > 0);
  try {
    for (const [i, { table, wanted }] of takes.entries()) {
      const values = sql.join([...wanted].map(([id, qty]) => sql`(${id}::uuid, ${qty}::integer)`));
      const take = sql`
        with wanted (id, qty) as (values ${values}),
        locked as materialized (
          select t.id from ${sql.table(table)} t where t.id in (select id from wanted) order by t.id for update
        )
        update ${sql.table(table)} t set stock_qty = t.stock_qty - w.qty
        from wanted w join locked l on l.id = w.id
        where t.id = w.id
      `.compile(trx);
      await trx.executeQuery(i === takes.length - 1 ? lastStatement(take) : take);
    }
  } catch (error) {
    const info = pgError(error);
    if (info?.code === '23514' && info.constraint && STOCK_CHECKS.has(info.constraint)) throw new StockShort();
    throw error;
  }
}

/** Pieces wanted from each row of one stock kind (two lines of one row add up). */
function wantedOf(lines: CheckoutLine[], kind: 'variant' | 'product'): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const { stock, quantity } of lines) {
    if (stock.kind === kind) wanted.set(stock.id, (wanted.get(stock.id) ?? 0) + quantity);
  }
  return wanted;
}

/**
 * After a StockShort: 409 out_of_stock naming every short line and what is left of it (in the
 * message, in `fields` and, for the cart to offer "Set to N", in `lines`), read afresh. Null
 * when nothing is short any more (stock came back meanwhile): the checkout may try again.
 */
export async function shortfall(db: Kysely<Database>, lines: CheckoutLine[]): Promise<Conflict | null> {
  const read = (table: 'product_variants' | 'products', ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom(table).select(['id', 'stock_qty']).where('id', 'in', ids).execute();
  const [variants, products] = await Promise.all([
    read('product_variants', [...wantedOf(lines, 'variant').keys()]),
    read('products', [...wantedOf(lines, 'product').keys()]),
  ]);
  const left = new Map<string, number | null>([
    ...variants.map((r) => [lockKey({ stock: { kind: 'variant', id: r.id } }), r.stock_qty] as const),
    ...products.map((r) => [lockKey({ stock: { kind: 'product', id: r.id } }), r.stock_qty] as const),
  ]);
  const short = shortLines(lines, left);
  if (short.length === 0) return null;
  // The message names each short item and what is left, so it reads on its own.
  return new Conflict('out_of_stock', short.map((l) => l.message).join(' '), {
    fields: Object.fromEntries(short.map((l) => [lineField(l.index, 'quantity'), l.message])),
    lines: short,
  });
}

/**
 * The short lines, in request order, as taking them one by one in lock order finds them: two
 * lines of one row share what is left of it ("Only 4 left" for the second of 6 + 6 when 10 are
 * left). `left` holds each row's stock (null: no longer tracked); a row not in it is gone.
 */
function shortLines(lines: CheckoutLine[], left: Map<string, number | null>): (ErrorLine & { message: string })[] {
  const remaining = new Map(left);
  const short: (ErrorLine & { message: string })[] = [];
  const byLock = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => lockKey(a.line).localeCompare(lockKey(b.line)) || a.index - b.index);
  for (const { line, index } of byLock) {
    const { stock, quantity } = line;
    if (stock.kind === 'untracked') continue;
    const key = lockKey(line);
    const now = stock.kind === 'none' ? 0 : remaining.get(key);
    if (now === null) continue; // made to order now: nothing to run out of
    const have = now ?? 0;
    if (have >= quantity) {
      remaining.set(key, have - quantity);
      continue;
    }
    const label = lineLabel(line);
    const message = have > 0 ? `Only ${have} left of ${label}.` : `${label} is sold out.`;
    short.push({ index, ...lineRef(line), available: Math.max(0, have), message });
  }
  return short.sort((a, b) => a.index - b.index);
}
