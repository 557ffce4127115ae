import { centsToDecimal } from '../../lib/money.ts';
import type { StoreReport, StoreReportDesignState } from '../../lib/admin-schemas/store-report.ts';

export const STORE_REPORT_COLUMNS = ['Design', 'State', 'Pieces', 'Revenue', 'Cost', 'Fundraising', 'Margin'] as const;

export const DESIGN_STATE_WORDS: Record<StoreReportDesignState, string> = {
  selling: 'Selling',
  printed: 'Printed',
  refunded: 'Refunded (missed the minimum)',
  none_sold: 'None sold',
};

const dollars = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

/** The report as CSV rows (dollars, as the owner reads them): one per design, then the store's totals. */
export function storeReportRows(report: StoreReport): (string | number)[][] {
  return [
    ...report.designs.map((d) => [
      d.name,
      DESIGN_STATE_WORDS[d.state],
      d.pieces,
      dollars(d.revenue_cents),
      dollars(d.cost_cents),
      dollars(d.fundraising_cents),
      dollars(d.margin_cents),
    ]),
    [
      `Total: ${report.store.name}`,
      `${report.totals.buyer_orders} buyer orders; ${dollars(report.totals.refunded_cents)} refunded`,
      report.totals.pieces,
      dollars(report.totals.revenue_cents),
      dollars(report.totals.cost_cents),
      dollars(report.totals.fundraising_cents),
      dollars(report.totals.margin_cents),
    ],
  ];
}
