import { useState } from 'react';
import { type AdminQuoteRequest, QUOTE_STATUSES } from '../../lib/admin-schemas/quote-requests.ts';
import { dateTime } from '../format.ts';
import { Button, Select } from '../ui/controls.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { AdminDialog } from '../ui/Dialog.tsx';
import { backToFirstPage, useFilteredList } from '../use-filtered-list.ts';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = QUOTE_STATUSES.map((s) => ({ id: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/**
 * The Quotes tab (issue #17), first part: the customers' quote requests, newest first, by status;
 * a row opens the whole request. Pricing and sending quotes come with the quote editor.
 */
export function Quotes() {
  const [status, setStatus] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<AdminQuoteRequest | null>(null);
  const { data: rows, error } = useFilteredList<AdminQuoteRequest[]>(
    'quote-requests',
    { limit: PAGE_SIZE, offset, status },
    [],
    'Could not load the quote requests.',
  );
  const filter = backToFirstPage(setOffset);
  return (
    <section className="adm-screen" aria-labelledby="quotes-title">
      <div className="adm-screen-head">
        <h1 id="quotes-title">Quotes</h1>
      </div>
      <search className="adm-filters" aria-label="Quote filters">
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={filter(setStatus)} clearable />
      </search>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label="Quotes"
        columns={[
          { id: 'reference', name: 'Reference', render: (q) => q.reference },
          { id: 'received', name: 'Received', render: (q) => dateTime(q.created_at) },
          { id: 'name', name: 'Name', render: (q) => q.full_name },
          { id: 'what', name: 'What', render: (q) => q.what },
          { id: 'quantity', name: 'Quantity', render: (q) => q.quantity },
          { id: 'due', name: 'In hands by', render: (q) => q.in_hands_date ?? '' },
          { id: 'status', name: 'Status', render: (q) => q.status },
        ]}
        rows={rows}
        onOpen={setOpen}
        openOnClick
        rowName={(q) => q.reference}
        emptyText="No quote requests yet."
      />
      <div className="adm-pager">
        <Button isDisabled={offset === 0} onPress={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          Previous
        </Button>
        <Button isDisabled={rows.length < PAGE_SIZE} onPress={() => setOffset(offset + PAGE_SIZE)}>
          Next
        </Button>
      </div>
      <AdminDialog
        title={`Quote request ${open?.reference ?? ''}`}
        isOpen={open !== null}
        onClose={() => setOpen(null)}
      >
        {open ? <QuoteRequestDetail request={open} /> : null}
        <div className="adm-dialog-actions">
          <Button onPress={() => setOpen(null)}>Close</Button>
        </div>
      </AdminDialog>
    </section>
  );
}

function QuoteRequestDetail({ request }: { request: AdminQuoteRequest }) {
  const rows: [string, string | number | null][] = [
    ['Status', request.status],
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
    <div className="adm-order">
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
    </div>
  );
}
