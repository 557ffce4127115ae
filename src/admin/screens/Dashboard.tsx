import { useEffect, useState } from 'react';
import type { DashboardAnswer } from '../../lib/admin-schemas/dashboard.ts';
import { ORDER_STAGES, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import { api, SessionEndedError } from '../api.ts';
import { usd } from '../format.ts';
import { lowStockByProduct, revenueBars, windowLabel } from '../dashboard/revenue-bars.ts';
import { BarChart } from '../ui/BarChart.tsx';
import { Select } from '../ui/controls.tsx';

const PERIODS = [
  { id: '7', label: 'Last 7 days' },
  { id: '30', label: 'Last 30 days' },
  { id: '90', label: 'Last 90 days' },
];

const hours = (value: number | null) => (value === null ? 'no answers yet' : `${value} h`);

/**
 * The owner's dashboard: revenue over one window named by its dates (a bar per day, or per week
 * for long windows, each with its value), orders per stage, average order, best sellers, proof
 * turnaround and low stock per product. Loads with the admin bundle only (a lazy screen).
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
      {!data ? error ? null : <p role="status">Loading…</p> : <DashboardBody data={data} />}
    </section>
  );
}

function DashboardBody({ data }: { data: DashboardAnswer }) {
  const dates = windowLabel(data.from, data.to);
  const revenue = revenueBars(data.revenue_by_day);
  const total = data.revenue_by_day.reduce((s, d) => s + d.cents, 0);
  const orders = data.revenue_by_day.reduce((s, d) => s + d.orders, 0);
  return (
    <div className="adm-dashboard">
      <p className="adm-muted">
        Figures for {dates} (the last {data.days} days, today included); revenue is paid orders less refunds made.
      </p>
      <dl className="adm-figures">
        <div>
          <dt>Revenue</dt>
          <dd>{usd(total)}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{orders}</dd>
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
        title={revenue.unit === 'day' ? 'Revenue per day' : 'Revenue per week'}
        subtitle={`${dates}: ${usd(total)} from ${orders} ${orders === 1 ? 'order' : 'orders'}`}
        bars={revenue.bars}
        format={usd}
        columns={[revenue.unit === 'day' ? 'Day' : 'Week', 'Revenue']}
      />
      <BarChart
        title="Paid jobs per stage"
        subtitle="Now, whatever the window"
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
      <LowStock rows={data.low_stock} />
    </div>
  );
}

/** One row per product, its low colours and sizes listed in it (lowest first). */
function LowStock({ rows }: { rows: DashboardAnswer['low_stock'] }) {
  const products = lowStockByProduct(rows);
  return (
    <section aria-labelledby="low-title" className="adm-low-stock">
      <h2 id="low-title">Low stock</h2>
      {products.length === 0 ? (
        <p>Nothing is running low.</p>
      ) : (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Running low</th>
              <th scope="col">Alert at</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.product_id}>
                <th scope="row">{p.product}</th>
                <td>
                  <ul>
                    {p.variants.map((v) => (
                      <li key={v.label}>
                        {v.label ? `${v.label}: ` : ''}
                        {v.stock === 0 ? 'sold out' : `${v.stock} left`}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{p.threshold}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
