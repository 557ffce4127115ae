import type { StoreReport as Report, StoreReportDesignState } from '../../lib/admin-schemas/store-report.ts';
import { api } from '../api.ts';
import { usd } from '../format.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';
import { useAdminRead } from '../use-admin-read.ts';
import { ReadStatus } from './ReadStatus.tsx';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';

const STATE_WORDS: Record<StoreReportDesignState, string> = {
  selling: 'Selling',
  printed: 'Printed',
  refunded: 'Refunded (missed the minimum)',
  none_sold: 'None sold',
};

/** A cost or margin the shop has no data for reads as a dash, never as $0.00. */
const money = (cents: number | null) => (cents === null ? '—' : usd(cents));

/**
 * The owner's report of one store (docs/decisions/0030-team-stores.md), for the Stores screen to mount with the store's
 * id: revenue, the fundraising payout, cost and margin (blank, with the reason, while the shop has no cost data), per
 * design and in total, with a CSV download. Before the close it counts what has sold so far.
 */
export function StoreReport({ storeId, className }: { storeId: string; className?: string }) {
  const { data: report, error } = useAdminRead<Report>(`admin/store-reports/${storeId}`, 'Could not load the report.');
  const download = useAction('The download failed.');

  const save = () =>
    download.run(async () => {
      const blob = await api.download(`admin/store-reports/${storeId}/report.csv`);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `store-report-${storeId.slice(0, 8)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

  const titleId = `store-report-${storeId}`;
  return (
    <section aria-labelledby={titleId} className={['adm-store-report', className].filter(Boolean).join(' ')}>
      <h2 id={titleId}>Store report</h2>
      <ReadStatus error={error} loaded={report !== null} />
      {report ? (
        <>
          <p className="adm-muted">
            {report.store.status === 'closed'
              ? report.batch
                ? `Closed. Batch ${report.batch.number}: ${report.batch.pieces} pieces.`
                : 'Closed. Nothing was printed.'
              : 'Still selling: the report counts what has sold so far.'}
          </p>
          {report.cost_problem ? <p className="adm-hint">{report.cost_problem}</p> : null}
          <ScrollRegion className="adm-table-wrap" label="Store report by design">
            <table className="adm-table">
              <caption className="adm-muted">
                {report.totals.buyer_orders} paid buyer orders; {usd(report.totals.refunded_cents)} refunded
              </caption>
              <thead>
                <tr>
                  <th scope="col">Design</th>
                  <th scope="col">State</th>
                  <th scope="col">Pieces</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Fundraising</th>
                  <th scope="col">Margin</th>
                </tr>
              </thead>
              <tbody>
                {report.designs.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">{d.name}</th>
                    <td>{STATE_WORDS[d.state]}</td>
                    <td>{d.pieces}</td>
                    <td>{usd(d.revenue_cents)}</td>
                    <td>{money(d.cost_cents)}</td>
                    <td>{usd(d.fundraising_cents)}</td>
                    <td>{money(d.margin_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td />
                  <td>{report.totals.pieces}</td>
                  <td>{usd(report.totals.revenue_cents)}</td>
                  <td>{money(report.totals.cost_cents)}</td>
                  <td>{usd(report.totals.fundraising_cents)}</td>
                  <td>{money(report.totals.margin_cents)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
          <Button isDisabled={download.pending} onPress={() => void save()}>
            Download CSV
          </Button>
          {download.error ? (
            <p role="alert" className="adm-field-error">
              {download.error}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
