import type { AdminOrderItem } from '../../lib/admin-schemas/orders.ts';

/**
 * Under an order line in the admin: what a list-priced line was priced with, its price per piece
 * in parts and the lists (and versions) it came from, as the order keeps them. Nothing for a
 * flat-priced line.
 */
export function ItemPricing({ item }: { item: Pick<AdminOrderItem, 'priced' | 'price_lists'> }) {
  const { priced, price_lists: lists } = item;
  if (!priced && lists.length === 0) return null;
  return (
    <div className="adm-muted adm-line-pricing">
      {priced?.inputs ? <div data-line-inputs>{priced.inputs}</div> : null}
      {priced ? <div data-line-breakdown>Each: {priced.breakdown}</div> : null}
      {lists.length > 0 ? <div>Priced by {lists.join('; ')}</div> : null}
    </div>
  );
}
