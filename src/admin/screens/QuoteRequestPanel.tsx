import { useEffect, useState } from 'react';
import type { AdminQuoteRequestDetail } from '../../lib/admin-schemas/quote-requests.ts';
import type { AdminQuote, AdminQuoteRevision } from '../../lib/admin-schemas/quote-revisions.ts';
import { api } from '../api.ts';
import { dateTime, usd } from '../format.ts';
import { Button } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';
import { DownloadOriginal, Thumbnail } from './OrderArtwork.tsx';
import { startingDraft } from './quote-draft.ts';
import { QuoteEditor } from './QuoteEditor.tsx';

export const QUOTE_STATUS_LABELS: Record<string, string> = {
  new: 'New',
  quoted: 'Quoted',
  // Accepted is paid in full or on a deposit: the order's Payments say which and what is owed.
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** One quote request in the Quotes tab (docs/decisions/0017-quotes.md): what was asked, its files, and its quote. */
export function QuoteRequestPanel({ id, onChanged }: { id: string; onChanged: () => void }) {
  const [request, setRequest] = useState<AdminQuoteRequestDetail | null>(null);
  const [editing, setEditing] = useState(0);
  const load = useAction('Could not load the quote request.');
  const act = useAction('The quote could not be sent.');
  const [notice, setNotice] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per request id
  useEffect(() => {
    void load.run(async () => setRequest(await api.get<AdminQuoteRequestDetail>(`quote-requests/${id}`)));
  }, [id]);
  if (!request) return load.error ? <p role="alert">{load.error}</p> : <p>Loading…</p>;

  const applied = (quote: AdminQuote, message: string) => {
    setRequest({ ...request, status: quote.status, quote });
    setNotice(message);
    setEditing(editing + 1);
    onChanged();
  };
  const newest = request.quote.revisions[0];
  const send = (action: 'send' | 'withdraw') =>
    act.run(async () => {
      const quote = await api.post<AdminQuote>(`quote-requests/${id}/send`, { action });
      applied(
        quote,
        action === 'send' ? `Revision ${newest?.number ?? ''} sent to ${request.email}.` : 'The quote was withdrawn.',
      );
    });
  const paid = request.status === 'accepted';
  return (
    <div className="adm-order">
      <RequestFacts request={request} />
      {request.quote.artwork.length > 0 ? (
        <section aria-labelledby="quote-files-title">
          <h3 id="quote-files-title">Files sent with the request</h3>
          <ul className="adm-artwork">
            {request.quote.artwork.map((file) => (
              <li key={file.id}>
                <Thumbnail file={file} /> {file.file_name}{' '}
                <DownloadOriginal file={file} location="sent with the request" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="quote-status-title">
        <h3 id="quote-status-title">Quote: {QUOTE_STATUS_LABELS[request.status] ?? request.status}</h3>
        {notice ? <p role="status">{notice}</p> : null}
        {request.quote.order ? (
          <p>
            Became order <strong>{request.quote.order.order_number}</strong> ({request.quote.order.status}): in the
            Orders tab.
          </p>
        ) : null}
        {request.quote.decline_reason ? <p>The customer declined: “{request.quote.decline_reason}”</p> : null}
        {request.quote.revisions.length > 0 ? (
          <Revisions revisions={request.quote.revisions} />
        ) : (
          <p>Not priced yet.</p>
        )}
        {newest && !paid ? (
          <div className="adm-row-actions">
            <Button variant="primary" isDisabled={act.pending} onPress={() => void send('send')}>
              {newest.sent ? `Resend revision ${newest.number}` : `Send revision ${newest.number} to the customer`}
            </Button>
            {request.status === 'quoted' || request.status === 'expired' ? (
              <Button variant="danger" isDisabled={act.pending} onPress={() => void send('withdraw')}>
                Withdraw quote
              </Button>
            ) : null}
          </div>
        ) : null}
        {act.error ? (
          <p className="adm-error" role="alert">
            {act.error}
          </p>
        ) : null}
      </section>
      {paid ? null : (
        <QuoteEditor
          key={editing}
          requestId={id}
          initial={startingDraft(request)}
          onSaved={(quote) => applied(quote, `Revision ${quote.revisions[0]?.number ?? ''} saved. Send it when ready.`)}
        />
      )}
    </div>
  );
}

function Revisions({ revisions }: { revisions: AdminQuoteRevision[] }) {
  return (
    <table className="adm-grid-table">
      <caption>Revisions, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Revision</th>
          <th scope="col">Saved</th>
          <th scope="col">Lines</th>
          <th scope="col">Total</th>
          <th scope="col">Valid until</th>
          <th scope="col">Sent</th>
        </tr>
      </thead>
      <tbody>
        {revisions.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.number}</th>
            <td>{dateTime(r.created_at)}</td>
            <td>
              <ul>
                {r.lines.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a revision's lines never change
                  <li key={i}>
                    {l.quantity} × {l.description} at {usd(l.unit_price_cents)}
                    {l.charges.map((c) => `; ${c.name} ${usd(c.unit_price_cents)} × ${c.quantity}`).join('')}
                  </li>
                ))}
              </ul>
              {r.discount_cents > 0 ? <>Discount {usd(r.discount_cents)}. </> : null}
              {r.fulfillment === 'local' ? 'Local handoff' : `Shipping ${usd(r.shipping_cents)}`}, tax{' '}
              {usd(r.tax_cents)}
            </td>
            <td>{usd(r.total_cents)}</td>
            <td>{r.valid_until}</td>
            <td>{r.sent ? 'Sent' : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RequestFacts({ request }: { request: AdminQuoteRequestDetail }) {
  const rows: [string, string | number | null][] = [
    ['Received', dateTime(request.created_at)],
    ['What', request.what],
    ['From the page of', request.product?.name ?? request.service?.name ?? null],
    ['Quantity', request.quantity],
    ['Sizes', request.sizes],
    ['Colours', request.colors],
    ['Print locations', request.print_locations],
    ['In hands by', request.in_hands_date],
    ['Budget', request.budget],
    ['Name', request.full_name],
    ['Phone', request.phone],
  ];
  return (
    <>
      <dl className="adm-dl">
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div key={label} className="adm-dl-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div className="adm-dl-row">
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${request.email}?subject=${encodeURIComponent(`Your quote ${request.reference}`)}`}>
              {request.email}
            </a>
          </dd>
        </div>
      </dl>
      {request.notes ? (
        <section aria-labelledby="quote-notes-title">
          <h3 id="quote-notes-title">Notes</h3>
          <p className="adm-prewrap">{request.notes}</p>
        </section>
      ) : null}
    </>
  );
}
