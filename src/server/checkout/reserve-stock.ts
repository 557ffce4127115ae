import { Conflict } from '../errors.ts';
import { type Kysely, sql } from 'kysely';
import type { ErrorLine } from '../../lib/api-error.ts';
import type { Database } from '../db/types.ts';
import { type CheckoutLine, lineField, lineLabel, lineRef } from './load-lines.ts';

/**
 * Takes each line's quantity off the shelf with a conditional update (`stock_qty >= q`), so two
 * checkouts racing for the last pieces can never both get them: the second one's update sees
 * the first one's row after its commit and matches nothing. Rows are locked in one global
 * order (variants, then products, each by id), as `releaseStock` does, so concurrent checkouts
 * and releases cannot deadlock. Run inside the checkout's transaction: on a shortfall this
 * throws 409 out_of_stock naming every short line and what is left of it (in the message, in
 * `fields` and, for the cart to offer "Set to N", in `lines`), and the rollback returns what
 * was taken.
 */
export async function reserveStock(trx: Kysely<Database>, lines: CheckoutLine[]): Promise<void> {
  const order = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => lockKey(a.line).localeCompare(lockKey(b.line)));
  const short: Record<string, string> = {};
  const shortLines: ErrorLine[] = [];

  for (const { line, index } of order) {
    const { stock, quantity } = line;
    if (stock.kind === 'untracked') continue;
    let left = 0; // kind 'none': no such colour x size, so none left
    if (stock.kind !== 'none') {
      // A variant's own count, or the product's when stock is kept per product.
      const table = stock.kind === 'variant' ? 'product_variants' : 'products';
      const taken = await trx
        .updateTable(table)
        .set({ stock_qty: sql`stock_qty - ${quantity}` })
        .where('id', '=', stock.id)
        .where('stock_qty', '>=', quantity)
        .returning('id')
        .executeTakeFirst();
      if (taken) continue;
      left =
        (await trx.selectFrom(table).select('stock_qty').where('id', '=', stock.id).executeTakeFirst())?.stock_qty ?? 0;
    }
    const label = lineLabel(line);
    const message = left > 0 ? `Only ${left} left of ${label}.` : `${label} is sold out.`;
    short[lineField(index, 'quantity')] = message;
    shortLines.push({ index, ...lineRef(line), available: Math.max(0, left), message });
  }

  if (shortLines.length > 0) {
    shortLines.sort((a, b) => a.index - b.index);
    // The message names each short item and what is left, so it reads on its own.
    throw new Conflict('out_of_stock', shortLines.map((l) => l.message).join(' '), {
      fields: short,
      lines: shortLines,
    });
  }
}

/** Variants before products, each by id: the one lock order of reserve and release. */
export function lockKey(line: Pick<CheckoutLine, 'stock'>): string {
  const { stock } = line;
  if (stock.kind === 'variant') return `0:${stock.id}`;
  if (stock.kind === 'product') return `1:${stock.id}`;
  return '2:';
}
