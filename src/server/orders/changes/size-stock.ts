import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { lineLabel } from '../../../lib/orders/line-label.ts';
import type { SizeChangePlan } from '../../../lib/orders/order-sizes.ts';
import { Conflict } from '../../errors.ts';
import type { OrderDesign } from './order-design.ts';

/** Where a size's pieces are kept, decided as checkout decides it (load-lines.ts, StockSource). */
export type SizeStock = { kind: 'variant' | 'product'; id: string } | { kind: 'untracked' } | { kind: 'none' };

/** A size whose pieces change: `delta` more pieces taken off the shelf (below zero: put back). */
export interface StockMove {
  label: string;
  stock: SizeStock;
  delta: number;
}

/**
 * Takes more pieces off the shelf, or puts pieces back, for an order's size change
 * (docs/decisions/0029-deposits.md), in the change's transaction: each take is a conditional update
 * that never goes below zero, so a change and a checkout racing for the last pieces cannot both get
 * them; rows are touched in id order, as checkout locks them. A size short of stock answers 409
 * naming it and what is left.
 */
export async function moveStock(trx: Kysely<Database>, moves: StockMove[]): Promise<void> {
  const ordered = moves
    .filter((m) => m.delta !== 0)
    .sort((a, b) => ('id' in a.stock ? a.stock.id : '').localeCompare('id' in b.stock ? b.stock.id : ''));
  for (const move of ordered) {
    const { stock, delta, label } = move;
    if (stock.kind === 'untracked') continue;
    if (stock.kind === 'none') {
      if (delta > 0) throw new Conflict('out_of_stock', `${label} is not stocked: none can be added.`);
      continue;
    }
    const table = stock.kind === 'variant' ? 'product_variants' : 'products';
    const taken = await trx
      .updateTable(table)
      .set({ stock_qty: sql<number>`stock_qty - ${delta}` })
      .where('id', '=', stock.id)
      // A count of null is made to order (issue 44): nothing to run out of, and it stays null.
      .where(sql<boolean>`(stock_qty is null or stock_qty >= ${Math.max(0, delta)})`)
      .returning('id')
      .executeTakeFirst();
    if (taken || delta < 0) continue;
    const left = await trx.selectFrom(table).select('stock_qty').where('id', '=', stock.id).executeTakeFirst();
    const have = Math.max(0, left?.stock_qty ?? 0);
    throw new Conflict(
      'out_of_stock',
      have > 0 ? `Only ${have} more of ${label} in stock: ${delta} were asked for.` : `${label} is sold out.`,
    );
  }
}

/** Where a size's pieces are kept, as checkout decides it. */
function stockOf(design: OrderDesign, sizeId: string | null): SizeStock {
  const { variants, stock_qty } = design.product;
  if (variants.length > 0) {
    const variant = variants.find((v) => v.color_id === design.colorId && v.size_id === sizeId);
    return variant ? { kind: 'variant', id: variant.id } : { kind: 'none' };
  }
  return stock_qty === null ? { kind: 'untracked' } : { kind: 'product', id: design.productId };
}

/** Takes the pieces a design's size change adds off the shelf and puts back those it takes off. */
export function moveDesignStock(trx: Kysely<Database>, design: OrderDesign, sizes: SizeChangePlan['sizes']) {
  const label = (sizeName: string | null) => lineLabel({ name: design.name, colorName: design.colorName, sizeName });
  return moveStock(
    trx,
    sizes.map((s) => ({ label: label(s.sizeName), stock: stockOf(design, s.sizeId), delta: s.to - s.quantity })),
  );
}
