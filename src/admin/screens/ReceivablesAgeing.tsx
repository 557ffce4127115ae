import { AGEING_BUCKETS, AGEING_LABELS, type ReceivablesAnswer } from '../../lib/orders/receivables.ts';
import { usd } from '../format.ts';
import { ScrollRegion } from '../ui/ScrollRegion.tsx';

/** The anchor of a customer's open items below the table. */
export const customerAnchor = (index: number) => `receivable-customer-${index}`;

/**
 * The ageing report: a row per customer, a column per bucket and the total; the last row sums
 * each column. On a phone it scrolls sideways and says so (ScrollRegion); each row's customer link
 * takes the keyboard along.
 */
export function ReceivablesAgeing({ data }: { data: ReceivablesAnswer }) {
  return (
    <ScrollRegion className="adm-table-wrap" label="Owed by customer">
      <table className="adm-table adm-ageing">
        <caption id="ageing-caption">Owed by customer and days past due</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            {AGEING_BUCKETS.map((b) => (
              <th scope="col" key={b}>
                {AGEING_LABELS[b]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {data.customers.map((c, index) => (
            <tr key={c.account_id ?? c.customer}>
              <th scope="row">
                <a href={`#${customerAnchor(index)}`}>{c.customer}</a>
              </th>
              {AGEING_BUCKETS.map((b) => (
                <td key={b}>{usd(c.buckets[b])}</td>
              ))}
              <td>{usd(c.total_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All customers</th>
            {AGEING_BUCKETS.map((b) => (
              <td key={b}>{usd(data.buckets[b])}</td>
            ))}
            <td>{usd(data.total_cents)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
