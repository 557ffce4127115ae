import { describe, expect, it } from 'vitest';
import { readChart } from '../../src/admin/price-chart.ts';
import { cleared, parseTsv } from '../../src/admin/price-grid.ts';
import { newForm, payloadOf, withGrid, withPaste } from '../../src/admin/price-list-form.ts';
import { saveQuestion } from '../../src/admin/price-list-flags.ts';
import { priceListDataSchema } from '../../src/lib/pricing/list-schema.ts';

/** A chart as a spreadsheet copies it. */
const tsv = (rows: string[][]) => parseTsv(rows.map((r) => r.join('\t')).join('\r\n'));

const dataOf = (form: ReturnType<typeof newForm>) => (payloadOf(form) as { data: Record<string, unknown> }).data;

describe('a chart pasted into a new list replaces the starter grid (issue 44, item 3)', () => {
  it('a 4-band × 4-colour chart with its header row becomes exactly that grid, header words not pasted', () => {
    const chart = tsv([
      ['Qty', '1 color', '2 colors', '3 colors', '4 colors'],
      ['12', '$6.00', '$7.00', '$8.00', '$9.00'],
      ['24', '5.00', '6.00', '7.00', '8.00'],
      ['48+', '4.00', '5.00', '6.00', '7.00'],
      ['72+', '3.00', '4.00', '5.00', '6.00'],
    ]);
    const form = withPaste(newForm('screen_print'), 'grid', 0, -1, chart);
    expect(form.grids['grid']).toEqual({
      rows: ['12', '24', '48', '72'],
      cells: [
        ['$6.00', '$7.00', '$8.00', '$9.00'],
        ['5.00', '6.00', '7.00', '8.00'],
        ['4.00', '5.00', '6.00', '7.00'],
        ['3.00', '4.00', '5.00', '6.00'],
      ],
    });
    const data = dataOf(form);
    expect(data['grid']).toEqual({
      rows: [12, 24, 48, 72],
      cells: [
        [600, 700, 800, 900],
        [500, 600, 700, 800],
        [400, 500, 600, 700],
        [300, 400, 500, 600],
      ],
    });
    expect(saveQuestion(payloadOf(form))).toBeNull();
  });

  it('a 5 × 4 chart pasted on the first price without bands keeps nothing of the starter beyond it', () => {
    const rows = [
      ['4.50', '5.10', '5.70', '6.30'],
      ['3.25', '3.70', '4.15', '4.60'],
      ['2.45', '2.80', '3.15', '3.50'],
      ['1.90', '2.20', '2.50', '2.80'],
      ['1.50', '1.72', '1.94', '2.16'],
    ];
    const form = withPaste(newForm('screen_print'), 'grid', 0, 0, tsv(rows));
    expect(form.grids['grid']!.cells).toEqual(rows);
    expect(form.grids['grid']!.rows).toEqual(['1', '24', '48', '72', '144']);
  });

  it('a starter screen rule for 6 colours does not refuse a 4-colour chart the owner pasted', () => {
    const chart = tsv([
      ['1', '6.00', '7.00', '8.00', '9.00'],
      ['24', '5.00', '6.00', '7.00', '8.00'],
      ['48', '4.00', '5.00', '6.00', '7.00'],
      ['72', '3.00', '4.00', '5.00', '6.00'],
    ]);
    const form = withPaste(newForm('screen_print'), 'grid', 0, -1, chart);
    expect(priceListDataSchema.safeParse(dataOf(form)).success).toBe(true);
  });

  it('a block pasted lower down keeps the starter around it, and the save asks about every price left', () => {
    const form = withPaste(newForm('screen_print'), 'grid', 2, -1, tsv([['48', '2.00', '2.50']]));
    expect(form.grids['grid']!.cells[2]!.slice(0, 3)).toEqual(['2.00', '2.50', '3.15']);
    expect(saveQuestion(payloadOf(form))).toEqual({
      title: 'Save prices you did not type?',
      message: '40 prices are still the starter’s (dashed): type yours over them or use Clear grid.',
      confirmLabel: 'Save anyway',
    });
  });

  it('reads the header of a chart whose corner is empty, and bands from a first column that counts up', () => {
    expect(
      readChart(
        tsv([
          ['', '10,000', '15,000'],
          ['1', '9', '11'],
          ['12', '7', '9'],
        ]),
        false,
      ),
    ).toEqual({
      names: ['10,000', '15,000'],
      bands: ['1', '12'],
      cells: [
        ['9', '11'],
        ['7', '9'],
      ],
    });
    expect(
      readChart(
        tsv([
          ['4.50', '5.10'],
          ['3.25', '3.70'],
        ]),
        false,
      ),
    ).toEqual({
      names: null,
      bands: null,
      cells: [
        ['4.50', '5.10'],
        ['3.25', '3.70'],
      ],
    });
  });

  it('Clear grid leaves nothing of the starter; the empty cells it leaves are asked about too', () => {
    const start = newForm('screen_print');
    const form = withGrid(start, 'grid', cleared(start.grids['grid']!));
    expect(form.grids['grid']!.cells.flat().every((text) => text === '')).toBe(true);
    expect(saveQuestion(payloadOf(form))?.message).toBe(
      '42 cells are empty: that quantity is not offered in that column.',
    );
  });
});
