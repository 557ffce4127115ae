import { type MouseEvent, useEffect, useState } from 'react';
import { AGEING_LABELS, type ReceivableItem, type ReceivablesAnswer } from '../../lib/orders/receivables.ts';
import { api, SessionEndedError } from '../api.ts';
import { usd } from '../format.ts';
import { orderPath } from '../order-link.ts';
import { navigateTo } from '../stores.ts';
import { customerAnchor, ReceivablesAgeing } from './ReceivablesAgeing.tsx';
import { ReceivablesExport } from './ReceivablesExport.tsx';

/** "Due today", "3 days past due", "Due in 5 days". */
function dueWords(item: ReceivableItem): string {
  const days = item.days_past_due;
  if (days === 0) return `Due ${item.due_on} (today)`;
  if (days < 0) return `Due ${item.due_on} (in ${-days} ${days === -1 ? 'day' : 'days'})`;
  return `Due ${item.due_on}, ${days} ${days === 1 ? 'day' : 'days'} past due`;
}

/** "Order 3F2A9C1B": opens the order's dialog on the Orders screen (a real link). */
function OrderLink({ item }: { item: ReceivableItem }) {
  const path = orderPath(item.order_id);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(path);
  };
  return (
    <a href={path} onClick={go}>
      Order {item.order_number}
    </a>
  );
}

function Item({ item }: { item: ReceivableItem }) {
  return (
    <li className="adm-receivable">
      <span className="adm-receivable-what">
        {item.invoice_url ? (
          <a href={item.invoice_url} target="_blank" rel="noopener">
            {item.label}
            <span className="adm-visually-hidden"> (opens the invoice page in a new tab)</span>
          </a>
        ) : (
          `Payment request: ${item.label}`
        )}
        {' · '}
        <OrderLink item={item} />
        {item.po_number ? ` · PO ${item.po_number}` : ''}
      </span>
      <span className="adm-receivable-due">
        {dueWords(item)} · {AGEING_LABELS[item.bucket]}
      </span>
      <strong className="adm-receivable-amount">{usd(item.amount_cents)}</strong>
    </li>
  );
}

/**
 * Accounts receivable (docs/decisions/0029-deposits.md): what each customer owes the shop on open invoices and payment
 * requests, aged from each due day, with the CSV files for the bookkeeper.
 */
export function Receivables() {
  const [data, setData] = useState<ReceivablesAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .get<ReceivablesAnswer>('admin/receivables')
      .then(setData)
      .catch((e: unknown) => {
        if (!(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : 'Could not load receivables.');
      });
  }, []);

  return (
    <section className="adm-screen adm-receivables" aria-labelledby="receivables-title">
      <div className="adm-screen-head">
        <h1 id="receivables-title">Receivables</h1>
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
      ) : data.customers.length === 0 ? (
        <p className="adm-empty">Nothing is owed to the shop.</p>
      ) : (
        <>
          <p className="adm-muted">
            {usd(data.total_cents)} is owed on open invoices and payment requests, aged on {data.today} from each due
            day (an invoice's due date, a payment request's day asked).
          </p>
          <ReceivablesAgeing data={data} />
          <h2>Open invoices and payment requests</h2>
          {data.customers.map((c, index) => (
            <section
              key={c.account_id ?? c.customer}
              id={customerAnchor(index)}
              aria-labelledby={`${customerAnchor(index)}-name`}
              className="adm-receivable-customer"
            >
              <h3 id={`${customerAnchor(index)}-name`}>
                {c.customer}: {usd(c.total_cents)}
              </h3>
              <ul>
                {c.items.map((item) => (
                  <Item key={`${item.kind}-${item.id}`} item={item} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      <ReceivablesExport />
    </section>
  );
}
