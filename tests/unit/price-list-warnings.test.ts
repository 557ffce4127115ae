import { describe, expect, it } from 'vitest';
import { priceListWarnings } from '../../src/lib/pricing/list-warnings.ts';
import { starterList } from '../../src/lib/pricing/list-starters.ts';
import type { EmbroideryList, ScreenPrintList, TransferList } from '../../src/lib/pricing/lists.ts';

describe('price list warnings (docs/decisions/0027-price-lists.md)', () => {
  it('says nothing when every larger quantity costs the same or less per piece', () => {
    for (const method of ['screen_print', 'embroidery', 'dtg', 'area', 'turnaround'] as const) {
      expect(priceListWarnings(starterList(method))).toEqual([]);
    }
  });

  it('points at a cell that costs more than the band above it in the same column', () => {
    const list = starterList('screen_print') as ScreenPrintList;
    list.grid.cells[3]![1] = 300; // 72+ two colours above 48+ two colours ($2.80)
    expect(priceListWarnings(list)).toEqual([
      {
        path: 'grid.cells.3.1',
        message: 'A larger quantity costs more per piece here: $3.00 from 72 pieces, $2.80 from 48.',
      },
    ]);
  });

  it('compares only cells that are offered, and checks dark grids and embroidery extras', () => {
    const list = starterList('dtg') as TransferList;
    list.light.cells[1]![0] = null;
    list.light.cells[2]![0] = 5000;
    list.dark!.cells[4]![2] = 1600;
    expect(priceListWarnings(list).map((w) => w.path)).toEqual(['dark.cells.4.2']);
    const stitches = starterList('embroidery') as EmbroideryList;
    stitches.extra_per_thousand_cents![6] = 60;
    expect(priceListWarnings(stitches)).toEqual([
      {
        path: 'extra_per_thousand_cents.6',
        message: 'A larger quantity costs more per extra 1,000 stitches here: $0.60 from 300 pieces, $0.50 from 150.',
      },
    ]);
  });
});
