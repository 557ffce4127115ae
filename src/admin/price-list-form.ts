import type { AdminPriceList, PriceListUse, PriceListVersionEntry } from '../lib/admin-schemas/price-lists.ts';
import { starterList } from '../lib/pricing/list-starters.ts';
import type { PriceListData, PriceListMethod } from '../lib/pricing/lists.ts';
import { chartGrid, isWholeChart, readChart, stitchesNamed } from './price-chart.ts';
import { asStarter, type GridDraft, gridDraft, gridPayload, pasteBlock, withWidth } from './price-grid.ts';
import { flagsOf, keepFlags } from './price-list-flags.ts';
import type { FieldErrors } from './schema-check.ts';

/** The editor's form: the list's data in cents, its grids as the owner types them. */
export interface PriceListForm extends Record<string, unknown> {
  id?: string;
  name: string;
  /** The version the edit started from (a save based on an older one is refused). */
  version?: number;
  data: PriceListData;
  grids: Record<string, GridDraft>;
  used_by: PriceListUse[];
  /** The saved versions and who saved each (read-only; none for a new list). */
  versions?: PriceListVersionEntry[];
}

/** Where each grid of a list lives in its data. */
export function gridKeys(data: PriceListData): string[] {
  switch (data.method) {
    case 'screen_print':
    case 'embroidery':
    case 'area':
      return ['grid'];
    case 'dtg':
    case 'dtf':
    case 'heat_transfer':
      return data.dark ? ['light', 'dark'] : ['light'];
    default:
      return [];
  }
}

const gridAt = (data: PriceListData, key: string) =>
  (data as unknown as Record<string, Parameters<typeof gridDraft>[0]>)[key]!;

function gridsOf(data: PriceListData): Record<string, GridDraft> {
  return Object.fromEntries(gridKeys(data).map((key) => [key, gridDraft(gridAt(data, key))]));
}

/** The starter's grids, every cell marked as the starter's until the owner types or pastes over it. */
const starterGrids = (data: PriceListData) =>
  Object.fromEntries(Object.entries(gridsOf(data)).map(([key, draft]) => [key, asStarter(draft)]));

export function newForm(method: PriceListMethod = 'screen_print'): PriceListForm {
  const data = starterList(method);
  return { name: '', data, grids: starterGrids(data), used_by: [] };
}

export function formOf(list: AdminPriceList): PriceListForm {
  return {
    id: list.id,
    name: list.name,
    version: list.version,
    data: list.data,
    grids: gridsOf(list.data),
    used_by: list.used_by,
    versions: list.versions,
  };
}

/** Another method for a new list: its starting data and grids. */
export function withMethod(form: PriceListForm, method: PriceListMethod): PriceListForm {
  const data = starterList(method);
  return { ...form, data, grids: starterGrids(data) };
}

let added = 0;
/** A code for an option the owner adds; codes stay inside (order lines keep them), so never shown. */
export const newCode = (kind: string) => `${kind}-${Date.now().toString(36)}-${++added}`;

/** The data with as many columns as the grid: the method's column list grows or shrinks with it. */
function dataWithWidth(data: PriceListData, width: number): PriceListData {
  const resize = <T>(items: T[], make: (i: number) => T) =>
    Array.from({ length: width }, (_, i) => items[i] ?? make(i));
  switch (data.method) {
    case 'embroidery': {
      // A new column's stitches are the owner's to give (0 is refused at its field), never guessed.
      const bands = resize(data.stitch_bands, () => 0);
      return { ...data, stitch_bands: bands, max_stitches: Math.max(data.max_stitches, bands[bands.length - 1] ?? 0) };
    }
    case 'dtg':
    case 'dtf':
    case 'heat_transfer':
      return {
        ...data,
        print_sizes: resize(data.print_sizes, (i) => ({
          code: newCode('size'),
          label: `Print size ${i + 1}`,
          max_width_in: 12,
          max_height_in: 12,
        })),
      };
    case 'area':
      return {
        ...data,
        materials: resize(data.materials, (i) => ({ code: newCode('material'), label: `Material ${i + 1}` })),
      };
    default:
      return data;
  }
}

/**
 * A grid changed (typed, pasted, a band or column added or removed): the method's columns, the
 * other grid and the per-band extras follow its shape.
 */
export function withGrid(form: PriceListForm, key: string, draft: GridDraft): PriceListForm {
  const width = draft.cells[0]?.length ?? 0;
  let data = dataWithWidth(form.data, width);
  const grids: Record<string, GridDraft> = {};
  for (const [k, g] of Object.entries(form.grids)) grids[k] = k === key ? draft : withWidth(g, width);
  if (key === 'light' && grids['dark']) {
    const dark = grids['dark'];
    const cells = draft.rows.map((_, r) => Array.from({ length: width }, (_, c) => dark.cells[r]?.[c] ?? ''));
    const mask = dark.starter;
    const starter = mask && draft.rows.map((_, r) => Array.from({ length: width }, (_, c) => mask[r]?.[c] ?? false));
    grids['dark'] = starter ? { rows: draft.rows, cells, starter } : { rows: draft.rows, cells };
  }
  if (data.method === 'embroidery' && data.extra_per_thousand_cents) {
    const extras = data.extra_per_thousand_cents;
    data = { ...data, extra_per_thousand_cents: draft.rows.map((_, r) => extras[r] ?? extras[extras.length - 1] ?? 0) };
  }
  return { ...form, data, grids };
}

/** The method's columns named by a pasted chart's header: stitches, print sizes, materials. */
function withColumnNames(data: PriceListData, names: string[]): PriceListData {
  const named = (i: number) => names[i]?.trim() || undefined;
  switch (data.method) {
    case 'embroidery': {
      const bands = data.stitch_bands.map((b, i) => stitchesNamed(named(i) ?? '') ?? b);
      return { ...data, stitch_bands: bands, max_stitches: Math.max(data.max_stitches, bands[bands.length - 1] ?? 0) };
    }
    case 'dtg':
    case 'dtf':
    case 'heat_transfer':
      return { ...data, print_sizes: data.print_sizes.map((p, i) => ({ ...p, label: named(i) ?? p.label })) };
    case 'area':
      return {
        ...data,
        materials: data.materials.map((m, i) => ({
          ...m,
          label: named(i)?.replace(/\s*(per|\/)\s*sq(uare)?\.? ?f(oo)?t\.?$/i, '') || m.label,
        })),
      };
    default:
      return data;
  }
}

/**
 * A block pasted at a cell (col -1: the band column). A whole chart replaces the grid, its header
 * naming the columns; a smaller block lands at the cell (docs/decisions/0027-price-lists.md).
 */
export function withPaste(form: PriceListForm, key: string, row: number, col: number, block: string[][]) {
  const draft = form.grids[key];
  if (!draft) return form;
  const chart = readChart(block, col < 0);
  if (!isWholeChart(chart, row, col)) return withGrid(form, key, pasteBlock(draft, row, col, block));
  const next = withGrid(form, key, chartGrid(draft, chart));
  return chart.names ? { ...next, data: withColumnNames(next.data, chart.names) } : next;
}

/** Adds or removes the last column of every grid. */
export function withColumns(form: PriceListForm, width: number): PriceListForm {
  const first = gridKeys(form.data)[0];
  if (!first || width < 1) return form;
  return withGrid(form, first, withWidth(form.grids[first]!, width));
}

export const columnCount = (form: PriceListForm) => Object.values(form.grids)[0]?.cells[0]?.length ?? 0;

/** The dark grid on or off (off: dark garments pay the light prices). */
export function withDark(form: PriceListForm, on: boolean): PriceListForm {
  if (!('light' in form.data)) return form;
  const { dark: _dark, ...grids } = form.grids;
  if (!on) return { ...form, data: { ...form.data, dark: null }, grids };
  const light = form.grids['light']!;
  const dark = { rows: light.rows, cells: light.cells.map((row) => [...row]) };
  return { ...form, data: { ...form.data, dark: { rows: [], cells: [] } }, grids: { ...grids, dark } };
}

/** Messages of cells that are not money or counts yet, by the payload they were found in. */
const gridErrors = new WeakMap<object, FieldErrors>();

/** The body for the API: the grids in cents inside data; the messages of untyped cells kept aside. */
export function payloadOf(form: PriceListForm): Record<string, unknown> {
  const data = { ...form.data } as Record<string, unknown>;
  const errors: FieldErrors = {};
  for (const [key, draft] of Object.entries(form.grids)) {
    const parsed = gridPayload(draft, `data.${key}`);
    data[key] = parsed.grid;
    Object.assign(errors, parsed.errors);
  }
  // A rule "up to 6 colours" on a 4-colour grid prices the same as "up to 4": a narrower chart
  // pasted over the starter is not refused for a rule the owner never wrote.
  const width = columnCount(form);
  if (form.data.method === 'screen_print' && width > 0) {
    data['screen_fee_rules'] = form.data.screen_fee_rules.map((r) => ({
      ...r,
      max_colors: Math.min(r.max_colors, width),
    }));
  }
  const payload = { name: form.name, data, ...(form.version ? { version: form.version } : {}) };
  if (Object.keys(errors).length > 0) gridErrors.set(payload, errors);
  keepFlags(payload, flagsOf(form.grids));
  return payload;
}

export const untypedCells = (payload: object): FieldErrors | null => gridErrors.get(payload) ?? null;

/** What each method's fields take: the list's data, the save's errors, and the change. */
export interface ListFieldsProps<D> {
  data: D;
  errors: Record<string, string>;
  onChange: (data: D) => void;
}

/** The save's error for a field of the list's data ("rush.0.percent"). */
export const dataError = (errors: Record<string, string>, path: string) => errors[`data.${path}`];

/** `items` with the one at `index` changed. */
export const replaceAt = <T>(items: T[], index: number, change: Partial<T>) =>
  items.map((item, i) => (i === index ? { ...item, ...change } : item));
