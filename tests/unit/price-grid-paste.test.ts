import { describe, expect, it } from 'vitest';
import { gridPayload, parseDollars, parseTsv, pasteBlock } from '../../src/admin/price-grid.ts';

describe('the price grid as the owner types and pastes it (docs/decisions/0027-price-lists.md)', () => {
  it('reads dollars as a spreadsheet shows them and keeps cents inside', () => {
    expect(parseDollars('2.45')).toBe(245);
    expect(parseDollars('$2.45')).toBe(245);
    expect(parseDollars(' $1,200.5 ')).toBe(120050);
    expect(parseDollars('3')).toBe(300);
    expect(parseDollars('-0.50')).toBe(-50);
    expect(parseDollars('')).toBeNull();
    expect(parseDollars('2.455')).toBeUndefined();
    expect(parseDollars('two')).toBeUndefined();
  });

  it('pastes a tab-separated block with its quantities, growing the grid to hold it', () => {
    const block = parseTsv('48\t$2.45\t$2.80\t3.15\r\n72\t1.90\t2.20\t2.50\r\n');
    const grid = pasteBlock({ rows: ['1'], cells: [['4.50', '5.10']] }, 1, -1, block);
    expect(grid).toEqual({
      rows: ['1', '48', '72'],
      cells: [
        ['4.50', '5.10', ''],
        ['$2.45', '$2.80', '3.15'],
        ['1.90', '2.20', '2.50'],
      ],
    });
    expect(gridPayload(grid, 'grid')).toEqual({
      grid: {
        rows: [1, 48, 72],
        cells: [
          [450, 510, null],
          [245, 280, 315],
          [190, 220, 250],
        ],
      },
      errors: {},
    });
  });

  it('pastes prices alone at the focused cell and names cells that are not money', () => {
    const grid = pasteBlock(
      {
        rows: ['1', '12'],
        cells: [
          ['1.00', '2.00'],
          ['0.90', '1.80'],
        ],
      },
      1,
      1,
      [['1.70', 'n/a']],
    );
    expect(grid.cells).toEqual([
      ['1.00', '2.00', ''],
      ['0.90', '1.70', 'n/a'],
    ]);
    expect(gridPayload(grid, 'light').errors).toEqual({ 'light.cells.1.2': 'Type a price in dollars, like 2.45.' });
  });
});
