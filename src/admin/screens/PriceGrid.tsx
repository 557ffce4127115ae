import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import {
  bandName as nameOfBand,
  cleared,
  type GridDraft,
  parseTsv,
  withBand,
  withBandAdded,
  withCell,
  withoutBand,
} from '../price-grid.ts';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';
import { Button } from '../ui/controls.tsx';

interface Props {
  /** The table's caption ("Price per piece, first location"). */
  caption: string;
  /** Where the grid lives in the list's data ("grid", "light", "dark"): error and warning keys. */
  path: string;
  draft: GridDraft;
  columns: string[];
  /** What the bands count: "pieces" or "sq ft". */
  unit: string;
  errors: Record<string, string>;
  warnings: Record<string, string>;
  onChange: (draft: GridDraft) => void;
  /** A block pasted at a cell (col -1: a band): the list decides whether it is a whole chart. */
  onPaste: (row: number, col: number, block: string[][]) => void;
}

/**
 * A price grid the owner edits like a spreadsheet: bands as row headers, the method's columns
 * across, prices in dollars. Arrow keys, Enter and Tab move between cells; a block copied from a
 * spreadsheet pastes at the focused cell (with its quantities when pasted on a band).
 */
export function PriceGrid({ caption, path, draft, columns, unit, errors, warnings, onChange, onPaste: pasted }: Props) {
  const table = useRef<HTMLTableElement>(null);
  const height = draft.rows.length;
  const width = columns.length;

  const focusCell = (r: number, c: number) => {
    const next = table.current?.querySelector<HTMLInputElement>(`[data-cell="${r}:${c}"]`);
    if (next) {
      next.focus();
      next.select();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const moves: Record<string, [number, number] | null> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      Enter: event.shiftKey ? [r - 1, c] : [r + 1, c],
      ArrowLeft: atStart || all ? [r, c - 1] : null,
      ArrowRight: atEnd || all ? [r, c + 1] : null,
    };
    const to = moves[event.key];
    if (!to) return;
    const [nr, nc] = to;
    if (nr < 0 || nr >= height || nc < -1 || nc >= width) return;
    event.preventDefault();
    focusCell(nr, nc);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, r: number, c: number) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    pasted(r, c, parseTsv(text));
  };

  const setRow = (r: number, text: string) => onChange(withBand(draft, r, text));
  const setCell = (r: number, c: number, text: string) => onChange(withCell(draft, r, c, text));

  const bandName = (r: number) => nameOfBand(draft.rows[r] ?? '', unit);
  const rowsError = errors[`${path}.rows`] ?? errors[`${path}.cells`];
  const hasStarter = draft.starter?.some((row) => row.some(Boolean)) ?? false;
  const starterNote = `${path}-starter-note`;

  return (
    <div className="adm-grid-block">
      {hasStarter ? (
        <p className="adm-grid-note" id={starterNote}>
          Dashed prices are the starter’s, not yours: paste your chart on the first band or use Clear grid.
        </p>
      ) : null}
      <ScrollRegion className="adm-grid-wrap" label={caption}>
        <table ref={table} className="adm-price-grid">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">From ({unit})</th>
              {columns.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
              <th scope="col">
                <span className="adm-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((start, r) => {
              const bandError = errors[`${path}.rows.${r}`];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: bands are edited in place; their order is their identity
                <tr key={r}>
                  <th scope="row">
                    <input
                      className="adm-grid-input"
                      inputMode="numeric"
                      data-cell={`${r}:-1`}
                      aria-label={`Band ${r + 1} starts at (${unit})`}
                      value={start}
                      aria-invalid={bandError ? true : undefined}
                      aria-describedby={bandError ? `${path}-rows-${r}-error` : undefined}
                      onChange={(e) => setRow(r, e.target.value)}
                      onKeyDown={(e) => onKeyDown(e, r, -1)}
                      onPaste={(e) => onPaste(e, r, -1)}
                    />
                    {bandError ? (
                      <span className="adm-field-error" id={`${path}-rows-${r}-error`}>
                        {bandError}
                      </span>
                    ) : null}
                  </th>
                  {columns.map((name, c) => {
                    const key = `${path}.cells.${r}.${c}`;
                    const error = errors[key] ?? errors[`${path}.cells.${r}`];
                    const warning = warnings[key];
                    const id = `${path}-cells-${r}-${c}`;
                    const isStarter = draft.starter?.[r]?.[c] ?? false;
                    const described = error
                      ? `${id}-error`
                      : warning
                        ? `${id}-warning`
                        : isStarter
                          ? starterNote
                          : undefined;
                    return (
                      <td key={name} className={warning || isStarter ? 'adm-grid-warn' : undefined}>
                        <input
                          className="adm-grid-input"
                          inputMode="decimal"
                          data-cell={`${r}:${c}`}
                          aria-label={`${name}, ${bandName(r)}`}
                          value={draft.cells[r]?.[c] ?? ''}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={described}
                          onChange={(e) => setCell(r, c, e.target.value)}
                          onKeyDown={(e) => onKeyDown(e, r, c)}
                          onPaste={(e) => onPaste(e, r, c)}
                        />
                        {error ? (
                          <span className="adm-field-error" id={`${id}-error`}>
                            {error}
                          </span>
                        ) : warning ? (
                          <span className="adm-grid-warning" id={`${id}-warning`}>
                            {warning}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                  <td>
                    <Button
                      variant="quiet"
                      aria-label={`Remove the band ${bandName(r)}`}
                      isDisabled={height <= 1}
                      onPress={() => onChange(withoutBand(draft, r))}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      {rowsError ? <p className="adm-field-error">{rowsError}</p> : null}
      <div className="adm-actions-row">
        <Button variant="secondary" onPress={() => onChange(withBandAdded(draft))}>
          Add quantity band
        </Button>
        <Button variant="secondary" onPress={() => onChange(cleared(draft))}>
          Clear grid
        </Button>
      </div>
    </div>
  );
}
