import type { PriceGrid, PriceListData } from './lists.ts';

/** A point the owner may want to look at again; the list still saves. */
export interface PriceListWarning {
  /** Dotted path of the cell or field, as in a refused save's fields ("grid.cells.2.1"). */
  path: string;
  message: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The grids a list holds, with the path each lives at. */
function gridsOf(data: PriceListData): [string, PriceGrid][] {
  switch (data.method) {
    case 'screen_print':
    case 'embroidery':
    case 'area':
      return [['grid', data.grid]];
    case 'dtg':
    case 'dtf':
    case 'heat_transfer':
      return data.dark
        ? [
            ['light', data.light],
            ['dark', data.dark],
          ]
        : [['light', data.light]];
    default:
      return [];
  }
}

/**
 * Cells where a larger quantity costs more per piece than the band above it in the same column:
 * usually a typing slip, sometimes meant (a minimum run priced apart), so it warns, never refuses.
 */
export function priceListWarnings(data: PriceListData): PriceListWarning[] {
  const warnings: PriceListWarning[] = [];
  const unit = data.method === 'area' && data.band_basis === 'sqft' ? 'sq ft' : 'pieces';
  for (const [at, grid] of gridsOf(data)) {
    for (let r = 1; r < grid.cells.length; r++) {
      grid.cells[r]!.forEach((cell, c) => {
        const above = grid.cells[r - 1]?.[c];
        if (cell == null || above == null || cell <= above) return;
        warnings.push({
          path: `${at}.cells.${r}.${c}`,
          message: `A larger quantity costs more per piece here: ${dollars(cell)} from ${grid.rows[r]} ${unit}, ${dollars(above)} from ${grid.rows[r - 1]}.`,
        });
      });
    }
  }
  if (data.method === 'embroidery' && data.extra_per_thousand_cents) {
    const extras = data.extra_per_thousand_cents;
    for (let r = 1; r < extras.length; r++) {
      if (extras[r]! > extras[r - 1]!) {
        warnings.push({
          path: `extra_per_thousand_cents.${r}`,
          message: `A larger quantity costs more per extra 1,000 stitches here: ${dollars(extras[r]!)} from ${data.grid.rows[r]} pieces, ${dollars(extras[r - 1]!)} from ${data.grid.rows[r - 1]}.`,
        });
      }
    }
  }
  return warnings;
}
