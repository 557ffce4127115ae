/** Where a line's stock is kept, decided the same way the catalog shows it. */
export type StockSource =
  | { kind: 'variant'; id: string }
  | { kind: 'product'; id: string }
  /** Made to order (products.stock_qty null and no variants): nothing to reserve. */
  | { kind: 'untracked' }
  /** The product keeps stock per colour x size but has no row for this one: none to sell. */
  | { kind: 'none' };

/** Variants before products, each by id: the one lock order of reserve and release. */
export function lockKey(line: { stock: StockSource }): string {
  const { stock } = line;
  if (stock.kind === 'variant') return `0:${stock.id}`;
  if (stock.kind === 'product') return `1:${stock.id}`;
  return '2:';
}
