import { parsePercent } from './rate-words.ts';
import type { TaxRate } from './tax-rules.ts';

/**
 * A rate file the owner imports (issue 50): CSV with the columns
 * `state, zip prefix, rate, shipping taxable[, place]`, an optional header row first. It is read
 * whole or not at all: every bad row is named by its line number and nothing is stored.
 */
export type RateFileResult = { ok: true; rates: TaxRate[] } | { ok: false; errors: RateFileError[] };

export interface RateFileError {
  /** The line of the file, counting from 1 (a header row is line 1). */
  row: number;
  message: string;
}

export const MAX_RATE_ROWS = 5000;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

const cells = (line: string) =>
  line.split(',').map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );

export function parseRateFile(text: string): RateFileResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: RateFileError[] = [];
  const rates: TaxRate[] = [];
  const seen = new Map<string, number>();
  const shippingByState = new Map<string, { taxable: boolean; row: number }>();
  lines.forEach((line, index) => {
    const row = index + 1;
    if (line.trim() === '' || (row === 1 && /^\s*"?state"?\s*,/i.test(line))) return;
    const parsed = parseRow(cells(line));
    if (typeof parsed === 'string') {
      errors.push({ row, message: parsed });
      return;
    }
    const key = `${parsed.state} ${parsed.zipPrefix ?? ''}`;
    const earlier = seen.get(key);
    if (earlier) {
      errors.push({ row, message: `${where(parsed)} is already on line ${earlier}.` });
      return;
    }
    seen.set(key, row);
    const state = shippingByState.get(parsed.state);
    if (state && state.taxable !== parsed.shippingTaxable) {
      errors.push({
        row,
        message: `${parsed.state} taxes shipping on line ${state.row} but not here, or the other way round: one answer per state.`,
      });
      return;
    }
    shippingByState.set(parsed.state, { taxable: parsed.shippingTaxable, row });
    rates.push(parsed);
  });
  if (errors.length === 0 && rates.length === 0) errors.push({ row: 1, message: 'The file has no rates.' });
  if (rates.length > MAX_RATE_ROWS) errors.push({ row: 1, message: `A file holds at most ${MAX_RATE_ROWS} rates.` });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rates };
}

const where = (rate: TaxRate) => (rate.zipPrefix ? `${rate.state} ZIP ${rate.zipPrefix}` : rate.state);

/** One row as a rate, or what is wrong with it. */
function parseRow(row: string[]): TaxRate | string {
  if (row.length < 4 || row.length > 5)
    return 'Expected 4 or 5 columns: state, zip prefix, rate, shipping taxable, place.';
  const [stateCell = '', zipCell = '', rateCell = '', shippingCell = '', placeCell = ''] = row;
  const state = stateCell.toUpperCase();
  if (!/^[A-Z]{2}$/.test(state)) return `“${stateCell}” is not a two-letter state.`;
  if (zipCell !== '' && !/^\d{1,5}$/.test(zipCell)) return `“${zipCell}” is not a ZIP prefix (1 to 5 digits).`;
  const rateMilli = parsePercent(rateCell);
  if (rateMilli === null) return `“${rateCell}” is not a rate: a percentage from 0 to 20, like 8.25.`;
  const shipping = shippingCell.toLowerCase();
  if (!YES.has(shipping) && !NO.has(shipping)) return `“${shippingCell}” is not yes or no (shipping taxable).`;
  if (placeCell.length > 60) return 'The place name is longer than 60 characters.';
  return {
    state,
    zipPrefix: zipCell === '' ? null : zipCell,
    rateMilli,
    shippingTaxable: YES.has(shipping),
    place: placeCell === '' ? null : placeCell,
  };
}
