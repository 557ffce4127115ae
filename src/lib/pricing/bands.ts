import { PricingInputError } from './job.ts';
import type { PriceGrid } from './lists.ts';
import { formatCount } from './words.ts';

/**
 * Quantity bands of a price grid: a row applies from its start up to the next row's start − 1;
 * the last row has no end. Rows start at 1 (lists.ts), so every count ≥ 1 has a row.
 */
export function bandIndex(rows: readonly number[], count: number): number {
  let index = 0;
  for (let r = 1; r < rows.length; r++) {
    if (rows[r]! <= count) index = r;
    else break;
  }
  return index;
}

/** The band starts above `count`: where a larger order reaches another row. */
export function nextBandStarts(rows: readonly number[], count: number): number[] {
  return rows.filter((start) => start > count);
}

/**
 * The cell for `count` pieces (or square feet) in column `column`; a null cell is "not offered"
 * and throws with the nearest quantity that is offered, in words (`what` names the column,
 * e.g. "3 colours", `unit` the counted thing, e.g. "pieces").
 */
export function gridCell(
  grid: PriceGrid,
  count: number,
  column: number,
  field: string,
  what: string,
  unit = 'pieces',
): number {
  const row = bandIndex(grid.rows, count);
  const cell = grid.cells[row]?.[column];
  if (cell !== null && cell !== undefined) return cell;
  const above = grid.rows.findIndex((_start, r) => r > row && grid.cells[r]?.[column] != null);
  if (above >= 0) {
    throw new PricingInputError(
      field,
      `${what} starts at ${formatCount(grid.rows[above]!)} ${unit}; this order has ${formatCount(count)}.`,
    );
  }
  let below = -1;
  for (let r = row - 1; r >= 0; r--) {
    if (grid.cells[r]?.[column] != null) {
      below = r;
      break;
    }
  }
  if (below >= 0) {
    const upTo = grid.rows[below + 1]! - 1;
    throw new PricingInputError(
      field,
      `${what} is priced up to ${formatCount(upTo)} ${unit}; for ${formatCount(count)}, ask us for a quote.`,
    );
  }
  throw new PricingInputError(field, `${what} is not offered on this product.`);
}
