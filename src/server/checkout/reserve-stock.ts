import { Conflict } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import type { ErrorLine } from '../../lib/api-error.ts';
import type { Database } from '../db/types.ts';
import { type CheckoutLine, lineField, lineLabel, lineRef } from './load-lines.ts';

type StockTable = 'product_variants' | 'products';

/**
 * Takes the lines' quantities off the shelf, all or nothing, with one statement per table that
 * keeps stock (variants, then products): it locks the rows in one global order (by id, as
 * `restoreStock` does, so concurrent checkouts and releases cannot deadlock), then takes each
 * row's pieces only where `stock_qty >= q` on the row as locked, so two checkouts racing for the
 * last pieces can never both get them. Run inside the checkout's transaction, as its last
 * statement before COMMIT: the rows stay locked for one round trip, not for the whole order's
 * writes. On a shortfall this throws 409 out_of_stock naming every short line and what is left
 * of it (in the message, in `fields` and, for the cart to offer "Set to N", in `lines`), and the
 * rollback returns what was taken.
 */
export async function reserveStock(trx: Kysely<Database>, lines: CheckoutLine[]): Promise<void> {
  const left = new Map<string, number>(); // stock of the short rows, keyed by lockKey
  for (const table of ['product_variants', 'products'] as const) {
    const kind = table === 'product_variants' ? 'variant' : 'product';
    const wanted = new Map<string, number>();
    for (const { stock, quantity } of lines) {
      if (stock.kind === kind) wanted.set(stock.id, (wanted.get(stock.id) ?? 0) + quantity);
    }
    if (wanted.size === 0) continue;
    const rows = await takeStock(trx, table, wanted);
    const found = new Set(rows.map((row) => row.id));
    for (const row of rows) {
      if (!row.taken) left.set(lockKey({ stock: { kind, id: row.id } }), row.stock_qty ?? 0);
    }
    // A row that is gone (deleted since the lines were read) has none left.
    for (const id of wanted.keys()) if (!found.has(id)) left.set(lockKey({ stock: { kind, id } }), 0);
  }
  const short = shortLines(lines, left);
  if (short.length === 0) return;
  // The message names each short item and what is left, so it reads on its own.
  throw new Conflict('out_of_stock', short.map((l) => l.message).join(' '), {
    fields: Object.fromEntries(short.map((l) => [lineField(l.index, 'quantity'), l.message])),
    lines: short,
  });
}

/**
 * One statement: lock the wanted rows by id, take each one's pieces where enough are left, and
 * answer every locked row with its count as locked and whether it was taken.
 */
async function takeStock(trx: Kysely<Database>, table: StockTable, wanted: Map<string, number>) {
  const values = sql.join([...wanted].map(([id, qty]) => sql`(${id}::uuid, ${qty}::integer)`));
  const { rows } = await sql<{ id: string; stock_qty: number | null; taken: boolean }>`
    with wanted (id, qty) as (values ${values}),
    locked as (
      select t.id, t.stock_qty from ${sql.table(table)} t
      where t.id in (select id from wanted)
      order by t.id
      for update
    ),
    taken as (
      update ${sql.table(table)} t set stock_qty = t.stock_qty - w.qty
      from wanted w join locked l on l.id = w.id
      where t.id = w.id and l.stock_qty >= w.qty
      returning t.id
    )
    select l.id, l.stock_qty, exists (select 1 from taken where taken.id = l.id) as taken from locked l
  `.execute(trx);
  return rows;
}

/**
 * The short lines, in request order, as taking them one by one in lock order would find them:
 * two lines of one row share what is left of it ("Only 4 left" for the second of 6 + 6 when 10
 * were left). `left` holds the rows that could not give every line its pieces.
 */
function shortLines(lines: CheckoutLine[], left: Map<string, number>): (ErrorLine & { message: string })[] {
  const remaining = new Map(left);
  const short: (ErrorLine & { message: string })[] = [];
  const byLock = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => lockKey(a.line).localeCompare(lockKey(b.line)) || a.index - b.index);
  for (const { line, index } of byLock) {
    const { stock, quantity } = line;
    if (stock.kind === 'untracked') continue;
    const key = lockKey(line);
    if (stock.kind !== 'none' && !remaining.has(key)) continue; // its row gave every line its pieces
    const now = stock.kind === 'none' ? 0 : remaining.get(key)!;
    if (now >= quantity) {
      remaining.set(key, now - quantity);
      continue;
    }
    const label = lineLabel(line);
    const message = now > 0 ? `Only ${now} left of ${label}.` : `${label} is sold out.`;
    short.push({ index, ...lineRef(line), available: Math.max(0, now), message });
  }
  return short.sort((a, b) => a.index - b.index);
}

/** Variants before products, each by id: the one lock order of reserve and release. */
export function lockKey(line: Pick<CheckoutLine, 'stock'>): string {
  const { stock } = line;
  if (stock.kind === 'variant') return `0:${stock.id}`;
  if (stock.kind === 'product') return `1:${stock.id}`;
  return '2:';
}
