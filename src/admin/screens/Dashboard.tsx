import { useEffect, useState } from 'react';
import type { DashboardAnswer } from '../../lib/admin-schemas/dashboard.ts';
import { ORDER_STAGES, STAGE_LABELS } from '../../lib/order-stages.ts';
import { api, SessionEndedError } from '../api.ts';
import { usd } from '../format.ts';
import { BarChart } from '../ui/BarChart.tsx';
import { Select } from '../ui/controls.tsx';

const PERIODS = [
  { id: '7', label: 'Last 7 days' },
  { id: '30', label: 'Last 30 days' },
  { id: '90', label: 'Last 90 days' },
];

const hours = (value: number | null) => (value === null ? 'no answers yet' : `${value} h`);

/**
 * The owner's dashboard (issue #16): revenue per day and week, orders per stage, average order,
 * best sellers, proof turnaround and low stock. Loads with the admin bundle only (a lazy screen).
 */
export function Dashboard() {
  const [days, setDays] = useState<string | null>('30');
  const [data, setData] = useState<DashboardAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    api
      .get<DashboardAnswer>('dashboard', { days: days ?? '30' })
      .then(setData)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError))
          setError(e instanceof Error ? e.message : 'Could not load the dashboard.');
      });
  }, [days]);

  return (
    <section className="adm-screen" aria-labelledby="dashboard-title">
      <div className="adm-screen-head">
        <h1 id="dashboard-title">Dashboard</h1>
        <Select label="Period" options={PERIODS} value={days} onChange={setDays} placeholder="Last 30 days" />
      </div>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {!data ? (
        error ? null : (
          <p role="status">Loading…</p>
        )
      ) : (
        <div className="adm-dashboard">
          <dl className="adm-figures">
            <div>
              <dt>Revenue ({data.days} days)</dt>
              <dd>{usd(data.revenue_by_day.reduce((s, d) => s + d.cents, 0))}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>{data.revenue_by_day.reduce((s, d) => s + d.orders, 0)}</dd>
            </div>
            <div>
              <dt>Average order</dt>
              <dd>{data.average_order_cents === null ? '—' : usd(data.average_order_cents)}</dd>
            </div>
            <div>
              <dt>Proof answered in (median)</dt>
              <dd>
                {hours(data.proof_turnaround.median_hours)}
                {data.proof_turnaround.answered > 0 ? ` over ${data.proof_turnaround.answered} proofs` : ''}
              </dd>
            </div>
          </dl>
          <BarChart
            title="Revenue per day"
            bars={data.revenue_by_day.map((d) => ({ label: d.day, value: d.cents }))}
            format={usd}
            columns={['Day', 'Revenue']}
          />
          <BarChart
            title="Revenue per week"
            bars={data.revenue_by_week.map((w) => ({ label: `Week of ${w.week}`, value: w.cents }))}
            format={usd}
            columns={['Week', 'Revenue']}
          />
          <BarChart
            title="Paid jobs per stage"
            bars={ORDER_STAGES.filter((s) => s !== 'completed').map((s) => ({
              label: STAGE_LABELS[s],
              value: data.stages[s] ?? 0,
            }))}
            format={String}
            columns={['Stage', 'Orders']}
          />
          <section aria-labelledby="top-title">
            <h2 id="top-title">Best sellers</h2>
            {data.top_products.length === 0 ? (
              <p>No sales in this period.</p>
            ) : (
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Pieces</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {data.top_products.map((p) => (
                    <tr key={p.name}>
                      <th scope="row">{p.name}</th>
                      <td>{p.pieces}</td>
                      <td>{usd(p.cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="low-title">
            <h2 id="low-title">Low stock</h2>
            {data.low_stock.length === 0 ? (
              <p>Nothing is running low.</p>
            ) : (
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Colour</th>
                    <th scope="col">Size</th>
                    <th scope="col">In stock</th>
                    <th scope="col">Alert at</th>
                  </tr>
                </thead>
                <tbody>
                  {data.low_stock.map((row) => (
                    <tr key={`${row.product_id}-${row.color}-${row.size}`}>
                      <th scope="row">{row.product}</th>
                      <td>{row.color ?? '—'}</td>
                      <td>{row.size ?? '—'}</td>
                      <td>{row.stock === 0 ? 'Sold out' : row.stock}</td>
                      <td>{row.threshold}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
