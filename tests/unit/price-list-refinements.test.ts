import { describe, expect, it } from 'vitest';
import { PRICE_LIST_METHODS } from '../../src/lib/pricing/list-methods.ts';
import { starterList } from '../../src/lib/pricing/list-starters.ts';
import { priceListDataSchema } from '../../src/lib/pricing/list-schema.ts';
import type { PriceListData } from '../../src/lib/pricing/lists.ts';

/** The refusals a saved list must never reach the engine with: each names its field in words. */
function issues(data: unknown): Record<string, string> {
  const parsed = priceListDataSchema.safeParse(data);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const edit = <M extends PriceListData['method']>(method: M, change: (d: PriceListData & { method: M }) => void) => {
  const data = starterList(method) as PriceListData & { method: M };
  change(data);
  return data;
};

describe('price list refinements (docs/decisions/0027-price-lists.md)', () => {
  it.each(PRICE_LIST_METHODS)('the starting %s list is valid', (method) => {
    expect(issues(starterList(method))).toEqual({});
  });

  it('refuses a negative cell, a first band above 1 and bands that go down', () => {
    const data = edit('screen_print', (d) => {
      d.grid.cells[2]![1] = -5;
      d.grid.rows[0] = 2;
      d.grid.rows[4] = 60;
    });
    expect(issues(data)).toMatchObject({
      'grid.cells.2.1': 'Prices cannot be negative.',
      'grid.rows.0': 'The first band starts at 1.',
      'grid.rows.4': 'Each band starts above the one before it.',
    });
  });

  it('refuses a screen fee rule for more colours than the grid prices', () => {
    const data = edit('screen_print', (d) => {
      d.screen_fee_rules[1]!.max_colors = 8;
    });
    expect(issues(data)).toEqual({ 'screen_fee_rules.1.max_colors': 'The grid prices at most 6 colours.' });
  });

  it('refuses a ragged screen-print grid', () => {
    const data = edit('screen_print', (d) => d.grid.cells[3]!.pop());
    expect(issues(data)).toEqual({ 'grid.cells.3': 'Every row has the same columns.' });
  });

  it('embroidery: one column per stitch band, ascending bands, extras per band, enough stitches', () => {
    expect(issues(edit('embroidery', (d) => d.stitch_bands.unshift(5000)))).toEqual({
      'grid.cells': 'The grid has 1 column for 2 stitch bands: one column per stitch band.',
    });
    const descending = edit('embroidery', (d) => {
      d.stitch_bands = [10_000, 5000];
      d.grid.cells = d.grid.cells.map((row) => [row[0]!, row[0]!]);
    });
    expect(issues(descending)).toEqual({
      'stitch_bands.1': 'Each stitch band goes above the one before it.',
    });
  });

  it('embroidery: extras for every quantity band and a most-stitches at or past the last band', () => {
    expect(issues(edit('embroidery', (d) => d.extra_per_thousand_cents!.pop()))).toEqual({
      extra_per_thousand_cents: 'Give the price per extra 1,000 stitches for every quantity band.',
    });
    expect(
      issues(
        edit('embroidery', (d) => {
          d.max_stitches = 9000;
          d.size_choices = [d.size_choices[0]!];
        }),
      ),
    ).toEqual({ max_stitches: 'The most stitches cannot be below the last band (10,000).' });
    expect(issues(edit('embroidery', (d) => (d.extra_per_thousand_cents = null)))).toEqual({
      max_stitches: 'Past the last stitch band, give a price per extra 1,000 stitches.',
    });
  });

  it('transfer: one column per print size, dark grid the same shape, unique size codes', () => {
    expect(issues(edit('dtg', (d) => d.print_sizes.pop()))).toEqual({
      'light.cells': 'The grid has 3 columns for 2 print sizes: one column per print size.',
      'dark.cells': 'The grid has 3 columns for 2 print sizes: one column per print size.',
    });
    expect(
      issues(
        edit('dtf', (d) => {
          d.dark!.rows = [1, 12, 24, 48, 100];
        }),
      ),
    ).toEqual({ 'dark.rows': 'Dark garments use the same quantity bands as light ones.' });
    expect(issues(edit('dtg', (d) => (d.print_sizes[2]!.code = 'small')))).toEqual({
      'print_sizes.2.code': 'Another print size already uses the code "small".',
    });
  });

  it('area: one column per material, unique material and finishing codes', () => {
    expect(issues(edit('area', (d) => d.materials.push({ code: 'mesh', label: 'Mesh' })))).toEqual({
      'grid.cells': 'The grid has 2 columns for 3 materials: one column per material.',
    });
    expect(
      issues(
        edit('area', (d) => {
          d.materials[1]!.code = 'vinyl-13oz';
          d.finishing[2]!.code = 'hems';
        }),
      ),
    ).toEqual({
      'materials.1.code': 'Another material already uses the code "vinyl-13oz".',
      'finishing.2.code': 'Another finishing option already uses the code "hems".',
    });
  });

  it('turnaround: a rush is faster than standard, and each rush code is used once', () => {
    expect(issues(edit('turnaround', (d) => (d.rush[0]!.business_days = 10)))).toEqual({
      'rush.0.business_days': 'A rush takes fewer days than the standard 10.',
    });
    expect(issues(edit('turnaround', (d) => (d.rush[1]!.code = 'rush-7')))).toEqual({
      'rush.1.code': 'Another rush option already uses the code "rush-7".',
    });
  });
});
