import type { PriceGrid } from '../lib/pricing/lists.ts';

/**
 * A price grid as the owner types it: band starts and cells as text ("2.45", "$2.45"), so a half
 * typed value stays on screen; cents are made only when the list is saved.
 */
export interface GridDraft {
  rows: string[];
  cells: string[][];
}

export const centsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

export function gridDraft(grid: PriceGrid): GridDraft {
  return { rows: grid.rows.map(String), cells: grid.cells.map((row) => row.map(centsText)) };
}

const MONEY = /^-?\d{0,9}(\.\d{1,2})?$/;

/** "$2.45", "2.45", "2", "1,200.00" → cents; '' → null (not offered); anything else → undefined. */
export function parseDollars(text: string): number | null | undefined {
  const plain = text.trim().replace(/^\$/, '').replace(/^-\$/, '-').replace(/,/g, '');
  if (plain === '') return null;
  if (!MONEY.test(plain) || plain === '-' || plain === '.') return undefined;
  return Math.round(Number(plain) * 100);
}

/** "48", "48+", "1,000" → 48; anything else → undefined. */
export function parseBand(text: string): number | undefined {
  const plain = text.trim().replace(/\+$/, '').replace(/,/g, '');
  return /^\d{1,7}$/.test(plain) ? Number(plain) : undefined;
}

export const CELL_MESSAGE = 'Type a price in dollars, like 2.45.';
export const BAND_MESSAGE = 'Type a whole number of pieces.';

/** The grid in cents for the API, and the messages of cells that are not money or counts yet. */
export function gridPayload(draft: GridDraft, path: string): { grid: PriceGrid; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rows = draft.rows.map((text, r) => {
    const n = parseBand(text);
    if (n === undefined) errors[`${path}.rows.${r}`] = BAND_MESSAGE;
    return n ?? 0;
  });
  const cells = draft.cells.map((row, r) =>
    row.map((text, c) => {
      const cents = parseDollars(text);
      if (cents === undefined) errors[`${path}.cells.${r}.${c}`] = CELL_MESSAGE;
      return cents ?? null;
    }),
  );
  return { grid: { rows, cells }, errors };
}

/** Rows of a spreadsheet's tab-separated copy (a trailing line break is not a row). */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  return lines.map((line) => line.split('\t'));
}

/**
 * A pasted block placed with its top-left at (row, col); col -1 is the band column, so a block
 * copied with its quantities lands with them. The grid grows to hold the block.
 */
export function pasteBlock(draft: GridDraft, row: number, col: number, block: string[][]): GridDraft {
  const width = Math.max(draft.cells[0]?.length ?? 0, ...block.map((line) => col + line.length));
  const height = Math.max(draft.rows.length, row + block.length);
  const rows = Array.from({ length: height }, (_, r) => draft.rows[r] ?? '');
  const cells = Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => draft.cells[r]?.[c] ?? ''),
  );
  block.forEach((line, i) => {
    line.forEach((value, j) => {
      const c = col + j;
      const text = value.trim();
      if (c < 0) rows[row + i] = text;
      else cells[row + i]![c] = text;
    });
  });
  return { rows, cells };
}

/** The draft with `width` columns: new ones empty, removed ones from the right. */
export function withWidth(draft: GridDraft, width: number): GridDraft {
  return {
    rows: draft.rows,
    cells: draft.cells.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? '')),
  };
}

/** A band added below the last, starting past it (twice its start, or 1 for an empty grid). */
export function withBandAdded(draft: GridDraft): GridDraft {
  const last = parseBand(draft.rows[draft.rows.length - 1] ?? '') ?? 0;
  const width = draft.cells[0]?.length ?? 1;
  return {
    rows: [...draft.rows, String(last === 0 ? 1 : last * 2)],
    cells: [...draft.cells, Array.from({ length: width }, () => '')],
  };
}

export function withoutBand(draft: GridDraft, index: number): GridDraft {
  return { rows: draft.rows.filter((_, r) => r !== index), cells: draft.cells.filter((_, r) => r !== index) };
}
