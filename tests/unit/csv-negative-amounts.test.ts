import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from '../../src/server/admin/csv.ts';
import { qboAmount } from '../../src/server/orders/receivables/qbo-date.ts';
import { storeReportRows } from '../../src/server/stores/store-report-csv.ts';
import type { StoreReport } from '../../src/lib/admin-schemas/store-report.ts';

/**
 * The formula guard (OWASP "CSV injection") turns into text only what a spreadsheet would run;
 * a plain negative amount stays a number, or an invoice's discount line and a store's loss no
 * longer add up in QuickBooks or a spreadsheet (docs/decisions/0029-deposits.md, the exports).
 */
describe('CSV cells with negative amounts', () => {
  it('keeps a plain number numeric, negative or not', () => {
    expect(csvCell('-4.00')).toBe('-4.00');
    expect(csvCell('-221.00')).toBe('-221.00');
    expect(csvCell(qboAmount(-400))).toBe('-4.00');
    expect(csvCell('-7')).toBe('-7');
    expect(csvCell('12.50')).toBe('12.50');
  });

  it('still guards every cell that is not a plain number', () => {
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('-4.00+1')).toBe("'-4.00+1");
    expect(csvCell('=cmd')).toBe("'=cmd");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('+x')).toBe("'+x");
    expect(csvCell('+4.00')).toBe("'+4.00");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('-4.')).toBe("'-4.");
    expect(csvCell('-1e3')).toBe("'-1e3");
    expect(csvCell('-4.00\n=cmd')).toBe('"\'-4.00\n=cmd"');
    expect(csvCell('-A1')).toBe("'-A1");
  });

  it('writes a store report’s negative margin as a number', () => {
    const report: StoreReport = {
      store: {
        id: 's',
        name: 'Eagles',
        organiser_name: 'Coach',
        status: 'closed',
        closes_at: '2026-11-30T00:00:00Z',
        closed_at: '2026-11-30T00:00:00Z',
        minimum_per_design: 1,
      },
      batch: null,
      designs: [
        {
          id: 'd',
          name: 'Crest',
          state: 'printed',
          pieces: 3,
          revenue_cents: 6000,
          cost_cents: 25_100,
          fundraising_cents: 3000,
          margin_cents: -22_100,
        },
      ],
      totals: {
        buyer_orders: 1,
        pieces: 3,
        revenue_cents: 6000,
        refunded_cents: 0,
        cost_cents: 25_100,
        fundraising_cents: 3000,
        margin_cents: -22_100,
      },
      cost_problem: null,
    };
    const lines = csvLines(storeReportRows(report)).split('\r\n');
    expect(lines[0]).toBe('Crest,Printed,3,60.00,251.00,30.00,-221.00');
    expect(lines[1]?.endsWith(',-221.00')).toBe(true);
  });
});
