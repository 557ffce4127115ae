import { useState } from 'react';
import type { AdminQuoteRequest } from '../../lib/admin-schemas/quote-requests.ts';
import { QUOTE_STATUSES } from '../../lib/admin-schemas/quote-statuses.ts';
import { dateTime, day } from '../format.ts';
import { Button, Select, TextField } from '../ui/controls.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { AdminDialog } from '../ui/Dialog.tsx';
import { backToFirstPage, useFilteredList } from '../use-filtered-list.ts';
import { QUOTE_STATUS_LABELS, QuoteRequestPanel } from './QuoteRequestPanel.tsx';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = QUOTE_STATUSES.map((s) => ({ id: s, label: QUOTE_STATUS_LABELS[s] ?? s }));

/**
 * The Quotes tab (docs/decisions/0017-quotes.md): the customers' quote requests, newest first, by status; a row
 * opens the request with its files, its quote's revisions and the editor.
 */
export function Quotes() {
  const [status, setStatus] = useState<string | null>(null);
  const [who, setWho] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<AdminQuoteRequest | null>(null);
  const [version, setVersion] = useState(0);
  const { data: rows, error } = useFilteredList<AdminQuoteRequest[]>(
    'quote-requests',
    { limit: PAGE_SIZE, offset, status, q: who.trim() || null },
    [],
    'Could not load the quote requests.',
    version,
  );
  const filter = backToFirstPage(setOffset);
  return (
    <section className="adm-screen" aria-labelledby="quotes-title">
      <div className="adm-screen-head">
        <h1 id="quotes-title">Quotes</h1>
      </div>
      <search className="adm-filters" aria-label="Quote filters">
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={filter(setStatus)} clearable />
        <TextField label="Reference, name or e-mail" type="search" value={who} onChange={filter(setWho)} />
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
          { id: 'due', name: 'In hands by', render: (q) => day(q.in_hands_date) },
          { id: 'status', name: 'Status', render: (q) => QUOTE_STATUS_LABELS[q.status] ?? q.status },
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
        {open ? <QuoteRequestPanel id={open.id} onChanged={() => setVersion((v) => v + 1)} /> : null}
        <div className="adm-dialog-actions">
          <Button onPress={() => setOpen(null)}>Close</Button>
        </div>
      </AdminDialog>
    </section>
  );
}
