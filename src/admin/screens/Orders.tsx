import { useState } from 'react';
import { type AdminOrderRow, ORDER_STATUSES } from '../../lib/admin-schemas/orders.ts';
import { dateTime, usd } from '../format.ts';
import { Button, Checkbox, Select, TextField } from '../ui/controls.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { completeDate, DateField } from '../ui/DateField.tsx';
import { backToFirstPage, useFilteredList } from '../use-filtered-list.ts';
import { OrderDetailDialog } from './OrderDetail.tsx';

const PAGE_SIZE = 10;
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ id: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** A payment anomaly (e.g. paid after cancel) reads in the list itself, not only in the log. */
function AttentionCell({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <span className="adm-attention-cell">
      <strong>Needs attention</strong> {reason}
    </span>
  );
}

export function Orders() {
  const [who, setWho] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);

  const value = who.trim();
  const { data: rows, error } = useFilteredList<AdminOrderRow[]>(
    'orders',
    {
      limit: PAGE_SIZE,
      offset,
      // A value with @ is an e-mail; anything else is a user id (spec §5).
      ...(value ? (value.includes('@') ? { email: value } : { user_id: value }) : {}),
      status,
      from: completeDate(from),
      to: completeDate(to),
      attention: attentionOnly ? 'true' : undefined,
    },
    [],
    'Could not load orders.',
  );

  const filter = backToFirstPage(setOffset);
  // The API does not count orders: estimate as rows so far, plus one when a full page came back.
  const estimatedTotal = offset + rows.length + (rows.length === PAGE_SIZE ? 1 : 0);

  return (
    <section className="adm-screen" aria-labelledby="orders-title">
      <div className="adm-screen-head">
        <h1 id="orders-title">Orders</h1>
      </div>
      <search className="adm-filters" aria-label="Order filters">
        <TextField label="Email or User ID" type="search" value={who} onChange={filter(setWho)} />
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={filter(setStatus)} clearable />
        <DateField label="From" value={from} onChange={filter(setFrom)} />
        <DateField label="To" value={to} onChange={filter(setTo)} />
        <Checkbox isSelected={attentionOnly} onChange={filter(setAttentionOnly)}>
          Needs attention only
        </Checkbox>
      </search>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label="Orders"
        columns={[
          { id: 'id', name: 'ID', render: (o) => o.id.slice(0, 8) },
          { id: 'email', name: 'Email', render: (o) => o.email },
          { id: 'total', name: 'Total (USD)', render: (o) => usd(o.total_cents) },
          { id: 'status', name: 'Status', render: (o) => o.status },
          { id: 'attention', name: 'Attention', render: (o) => <AttentionCell reason={o.attention_reason} /> },
          { id: 'created', name: 'Created', render: (o) => dateTime(o.created_at) },
        ]}
        rows={rows}
        onOpen={(o) => setOpenId(o.id)}
        openOnClick
        rowName={(o) => o.id}
        emptyText="No orders match."
      />
      <div className="adm-pager">
        <Button isDisabled={offset === 0} onPress={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          Previous
        </Button>
        <span>
          {rows.length
            ? `${offset + 1}–${offset + rows.length} of ${estimatedTotal}${rows.length === PAGE_SIZE ? '+' : ''}`
            : ''}
        </span>
        <Button isDisabled={rows.length < PAGE_SIZE} onPress={() => setOffset(offset + PAGE_SIZE)}>
          Next
        </Button>
      </div>
      <OrderDetailDialog orderId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
