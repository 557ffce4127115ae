import { formatUsd } from '../money.ts';
import type { PricedJob } from './job.ts';

/**
 * How a priced job's total is reached, in one line a customer checks with a pencil (issue 44,
 * item 13): "24 × $7.55 (M) + 24 × $9.55 (2XL) + one-time fees $45.00 + rush $227.70 = $683.10".
 * Pieces at one price count together; sizes are named only when prices differ.
 */
export function quoteWorkings(priced: PricedJob, sizeNames: ReadonlyMap<string, string | null>): string {
  const groups = new Map<number, { quantity: number; names: string[] }>();
  for (const line of priced.lines) {
    const group = groups.get(line.unit_cents) ?? { quantity: 0, names: [] };
    group.quantity += line.quantity;
    const name = sizeNames.get(line.key);
    if (name && !group.names.includes(name)) group.names.push(name);
    groups.set(line.unit_cents, group);
  }
  const named = groups.size > 1;
  const words = [...groups].map(
    ([unit, g]) => `${g.quantity} × ${formatUsd(unit)}${named && g.names.length > 0 ? ` (${g.names.join(', ')})` : ''}`,
  );
  const fees = priced.fees.reduce((sum, f) => sum + f.total_cents, 0);
  if (fees > 0) words.push(`one-time fees ${formatUsd(fees)}`);
  if (priced.rush && priced.rush.cents > 0) words.push(`rush ${formatUsd(priced.rush.cents)}`);
  return `${words.join(' + ')} = ${formatUsd(priced.subtotal_cents)}`;
}
