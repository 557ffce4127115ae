import type { PriceGrid } from '../lib/pricing/lists.ts';

/**
 * A price grid as the owner types it: band starts and cells as text ("2.45", "$2.45"), so a half
 * typed value stays on screen; cents are made only when the list is saved.
 */
export interface GridDraft {
  rows: string[];
  cells: string[][];
  /**
   * Cells still holding the starter's price a new list opened with (true), cell by cell: flagged
   * until the owner types or pastes over them, so a save never sells at a price nobody wrote.
   */
  starter?: boolean[][];
}

/** The draft with every cell marked as the starter's. */
export const asStarter = (draft: GridDraft): GridDraft => ({
  ...draft,
  starter: draft.cells.map((row) => row.map(() => true)),
});

/** The starter mask resized to `height` × `width` (cells added are the owner's), or none. */
function maskOf(draft: GridDraft, height: number, width: number): boolean[][] | undefined {
  const mask = draft.starter;
  if (!mask) return undefined;
  return Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => mask[r]?.[c] ?? false));
}

const withMask = (draft: GridDraft, starter: boolean[][] | undefined): GridDraft =>
  starter ? { ...draft, starter } : { rows: draft.rows, cells: draft.cells };

/** "48+", "1,000" → "48", "1000"; text that is not a count stays as typed (and is refused at save). */
export function bandText(text: string): string {
  const n = parseBand(text);
  return n === undefined ? text.trim() : String(n);
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

/** A band as the cells' labels read it: "from 48 pieces" (typed "48+" or "48"), "from ? pieces" until typed. */
export function bandName(text: string, unit: string): string {
  const n = parseBand(text);
  return `from ${n === undefined ? text.trim() || '?' : n} ${unit}`;
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
  const starter = maskOf(draft, height, width);
  block.forEach((line, i) => {
    line.forEach((value, j) => {
      const c = col + j;
      const text = value.trim();
      if (c < 0) rows[row + i] = bandText(text);
      else {
        cells[row + i]![c] = text;
        if (starter) starter[row + i]![c] = false;
      }
    });
  });
  return withMask({ rows, cells }, starter);
}

/** One cell typed over: it is the owner's from now on. */
export function withCell(draft: GridDraft, r: number, c: number, text: string): GridDraft {
  const cells = draft.cells.map((row, i) => (i === r ? row.map((v, j) => (j === c ? text : v)) : row));
  const starter = draft.starter?.map((row, i) => (i === r ? row.map((v, j) => (j === c ? false : v)) : row));
  return withMask({ rows: draft.rows, cells }, starter);
}

/** One band's start typed over (its prices stay as they were). */
export const withBand = (draft: GridDraft, r: number, text: string): GridDraft => ({
  ...draft,
  rows: draft.rows.map((v, i) => (i === r ? text : v)),
});

/** "Clear grid": the same bands and columns, every start and price empty, nothing left of the starter. */
export const cleared = (draft: GridDraft): GridDraft => ({
  rows: draft.rows.map(() => ''),
  cells: draft.cells.map((row) => row.map(() => '')),
});

/** The draft with `width` columns: new ones empty, removed ones from the right. */
export function withWidth(draft: GridDraft, width: number): GridDraft {
  const cells = draft.cells.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
  return withMask({ rows: draft.rows, cells }, maskOf(draft, draft.rows.length, width));
}

/** A band added below the last, starting past it (twice its start, or 1 for an empty grid). */
export function withBandAdded(draft: GridDraft): GridDraft {
  const last = parseBand(draft.rows[draft.rows.length - 1] ?? '') ?? 0;
  const width = draft.cells[0]?.length ?? 1;
  const next = {
    rows: [...draft.rows, String(last === 0 ? 1 : last * 2)],
    cells: [...draft.cells, Array.from({ length: width }, () => '')],
  };
  return withMask(next, maskOf(draft, next.rows.length, width));
}

export function withoutBand(draft: GridDraft, index: number): GridDraft {
  const next = { rows: draft.rows.filter((_, r) => r !== index), cells: draft.cells.filter((_, r) => r !== index) };
  return withMask(
    next,
    draft.starter?.filter((_, r) => r !== index),
  );
}
