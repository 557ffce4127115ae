import type { SaveQuestion } from './crud-config.ts';
import type { GridDraft } from './price-grid.ts';

/** What a list's grids hold that the owner did not write: starter prices left, cells left empty. */
export interface GridFlags {
  starter: number;
  empty: number;
}

/** Counts the starter's prices still in the grids and the empty cells (not offered). */
export function flagsOf(grids: Record<string, GridDraft>): GridFlags {
  let starter = 0;
  let empty = 0;
  for (const draft of Object.values(grids)) {
    draft.cells.forEach((row, r) => {
      row.forEach((text, c) => {
        if (draft.starter?.[r]?.[c]) starter++;
        else if (text.trim() === '') empty++;
      });
    });
  }
  return { starter, empty };
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The flags in words, one sentence each; none when the grids are all the owner's. */
export function flagWords({ starter, empty }: GridFlags): string[] {
  const words: string[] = [];
  if (starter > 0) {
    words.push(
      `${count(starter, 'price is', 'prices are')} still the starter’s (dashed): type yours over them or use Clear grid.`,
    );
  }
  if (empty > 0) {
    words.push(`${count(empty, 'cell is', 'cells are')} empty: that quantity is not offered in that column.`);
  }
  return words;
}

const kept = new WeakMap<object, GridFlags>();

/** Keeps the flags of the form a save's payload was made from. */
export const keepFlags = (payload: object, flags: GridFlags) => kept.set(payload, flags);

/** Before a save: asks when the grids still hold prices the owner did not type, or none at all. */
export function saveQuestion(payload: object): SaveQuestion | null {
  const flags = kept.get(payload);
  const words = flags ? flagWords(flags) : [];
  if (words.length === 0) return null;
  return { title: 'Save prices you did not type?', message: words.join(' '), confirmLabel: 'Save anyway' };
}
