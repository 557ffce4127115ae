import { bandText, type GridDraft, parseBand, parseDollars } from './price-grid.ts';

/**
 * A chart copied from a spreadsheet, read as the owner laid it out: an optional header row naming
 * the columns ("Qty", "1 color", "2 colors"), an optional first column of quantity bands, prices.
 */
export interface Chart {
  /** The header row's column names (without the corner above the bands); null when there is none. */
  names: string[] | null;
  /** The band starts from the first column; null when the block is prices only. */
  bands: string[] | null;
  cells: string[][];
}

/** The corner above a band column: empty or a word for quantity ("Qty", "Pieces", "Sq ft"). */
const CORNER = /^(|qty\.?|quantity|quantities|pieces|pcs\.?|count|from|min\.?|minimum|sq\.? ?ft\.?|square feet)$/i;

const isText = (cell: string) => cell !== '' && parseDollars(cell) === undefined && parseBand(cell) === undefined;

/** Quantities that go up, row after row ("1", "24", "48+"): the first column of a chart. */
function ascendingBands(column: string[]): boolean {
  const starts = column.map(parseBand);
  if (starts.some((n) => n === undefined)) return false;
  if (column.some((cell) => cell.endsWith('+'))) return true;
  return starts.length >= 2 && starts.every((n, i) => i === 0 || n! > starts[i - 1]!);
}

/**
 * Reads a pasted block. The first line is a header when it holds words that are neither prices nor
 * counts ("Qty", "1 color"), or when its corner is empty above a column of bands. The first column
 * holds bands when the block was pasted on the band column, when the header's corner names it, or
 * when it counts up like quantities do.
 */
export function readChart(block: string[][], onBandColumn: boolean): Chart {
  const lines = block.map((line) => line.map((cell) => cell.trim()));
  const [first = [], ...rest] = lines;
  const header =
    first.some(isText) || (first[0] === '' && rest.length > 0 && ascendingBands(rest.map((l) => l[0] ?? '')));
  const body = header ? rest : lines;
  const widest = Math.max(0, ...body.map((line) => line.length));
  const hasBands =
    widest >= 2 &&
    (onBandColumn ||
      (header && first.length === widest && CORNER.test(first[0] ?? '')) ||
      ascendingBands(body.map((line) => line[0] ?? '')));
  const names = header ? (hasBands ? first.slice(1) : first) : null;
  return {
    names,
    bands: hasBands ? body.map((line) => bandText(line[0] ?? '')) : null,
    cells: body.map((line) => (hasBands ? line.slice(1) : line)),
  };
}

/**
 * A paste replaces the whole grid when it is a chart: it has a header row, or it lands on the
 * grid's first band or first price with more than one row and column. Anywhere else it is a block
 * placed at the focused cell.
 */
export function isWholeChart(chart: Chart, row: number, col: number): boolean {
  if (chart.names) return true;
  const width = Math.max(0, ...chart.cells.map((line) => line.length));
  return row === 0 && col <= 0 && chart.cells.length > 1 && width + (chart.bands ? 1 : 0) > 1;
}

/**
 * The grid a whole chart makes: its bands and prices, as many columns as its widest row (short
 * rows empty at the end). A chart without bands keeps the grid's own for its rows, new rows empty.
 */
export function chartGrid(draft: GridDraft, chart: Chart): GridDraft {
  const width = Math.max(chart.names?.length ?? 0, ...chart.cells.map((line) => line.length));
  return {
    rows: chart.cells.map((_, r) => chart.bands?.[r] ?? draft.rows[r] ?? ''),
    cells: chart.cells.map((line) => Array.from({ length: width }, (_, c) => line[c] ?? '')),
  };
}

/** The stitches a header names: "Up to 10,000 stitches", "10,000", "10k" → 10000; else undefined. */
export function stitchesNamed(name: string): number | undefined {
  const match = /(\d[\d,]*)(\s*k\b)?/i.exec(name);
  if (!match) return undefined;
  const n = Number(match[1]!.replace(/,/g, ''));
  return match[2] ? n * 1000 : n;
}
