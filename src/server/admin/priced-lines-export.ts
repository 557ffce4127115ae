import type { Kysely } from 'kysely';
import { linePricingText, linePricingWords } from '../../lib/pricing/line-words.ts';
import { storedLineLabel } from '../../lib/orders/line-label.ts';
import type { Database } from '../db/types.ts';

/** Orders whose lines are read per query (keeps the IN list of a year's export reasonable). */
const CHUNK = 1000;

/**
 * For the orders CSV (docs/decisions/0027-price-lists.md): each order's list-priced lines in words, as the order keeps
 * them: "24 × Tee (Navy, M): Front, 2 colours · Back, 1 colour — Garment $4.00 · …", lines
 * joined by " | ". An order with only flat-priced lines has no entry.
 */
export async function pricedLinesByOrder(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const byOrder = new Map<string, string[]>();
  for (let start = 0; start < orderIds.length; start += CHUNK) {
    const ids = orderIds.slice(start, start + CHUNK);
    const rows = await db
      .selectFrom('order_items')
      .select(['order_id', 'name', 'quantity', 'variant_metadata', 'pricing'])
      .where('order_id', 'in', ids)
      .where('pricing', 'is not', null)
      .orderBy('order_id')
      .orderBy('position')
      .orderBy('name')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const words = linePricingWords(row.pricing);
      if (!words) continue;
      const meta = (row.variant_metadata ?? {}) as Record<string, unknown>;
      const label = storedLineLabel(row.name, meta);
      const list = byOrder.get(row.order_id) ?? [];
      list.push(`${row.quantity} × ${label}: ${linePricingText(words)}`);
      byOrder.set(row.order_id, list);
    }
  }
  return new Map([...byOrder].map(([id, lines]) => [id, lines.join(' | ')]));
}
