import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { type AdminOrderRow, ORDER_STATUSES, orderStatusLabel, paymentWords } from '../../lib/admin-schemas/orders.ts';
import { isOrderStage, ORDER_STAGES, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import { dateTime, day, earlier, usd } from '../format.ts';
import { Button, Checkbox, Select, TextField } from '../ui/controls.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { DayPicker } from '../ui/DayPicker.tsx';
import { backToFirstPage, useFilteredList } from '../use-filtered-list.ts';
import { orderFromUrl, showOrderInUrl } from '../order-link.ts';
import { OrderDetailDialog } from './OrderDetail.tsx';
import { $me, may } from '../staff/me.ts';
import { BulkMove, ExportCsv, QueueCounts } from './OrderQueue.tsx';
import { orderNumber } from '../../lib/orders/order-number.ts';

const PAGE_SIZE = 10;
const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ id: s, label: orderStatusLabel(s) }));
const STAGE_OPTIONS = ORDER_STAGES.map((s) => ({ id: s, label: STAGE_LABELS[s] }));

/** What needs the owner (a payment anomaly, changes asked, artwork missing, due soon) reads in the list itself. */
function AttentionCell({ needs }: { needs: string[] }) {
  if (needs.length === 0) return null;
  return (
    <span className="adm-attention-cell">
      <strong>Needs attention</strong> {needs.join(' ')}
    </span>
  );
}

/** The customer's name (when known) over the e-mail that reaches them. */
function CustomerCell({ order }: { order: AdminOrderRow }) {
  return (
    <span className="adm-customer-cell">
      {order.customer ? <strong>{order.customer}</strong> : null}
      <span>{order.email}</span>
    </span>
  );
}

export function Orders() {
  const seesMoney = may(useStore($me), 'money');
  const [who, setWho] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [stage, setStage] = useState<string | null>(null);
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [showUnpaid, setShowUnpaid] = useState(false);
  const [offset, setOffset] = useState(0);
  // An order's own address (/admin/orders?order=<id>, a work order's QR code) opens its dialog.
  const [openId, setOpenId] = useState<string | null>(orderFromUrl);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [version, setVersion] = useState(0);

  const value = who.trim();
  const filters = {
    // A value with @ is an e-mail; anything else is a user id (docs/decisions/spec-rules.md#s5).
    ...(value ? (value.includes('@') ? { email: value } : { user_id: value }) : {}),
    status,
    stage,
    from: from || undefined,
    to: to || undefined,
    attention: attentionOnly ? 'true' : undefined,
    // Checkouts never paid are not jobs: hidden unless asked for (or chosen by status).
    unpaid: showUnpaid ? undefined : 'hide',
  };
  const {
    data: rows,
    error,
    loading,
  } = useFilteredList<AdminOrderRow[]>(
    'orders',
    { limit: PAGE_SIZE, offset, ...filters },
    [],
    'Could not load orders.',
    version,
  );
  const changed = () => {
    setSelected(new Set());
    setVersion((v) => v + 1);
  };

  const filter = backToFirstPage((next: number) => {
    setOffset(next);
    setSelected(new Set());
  });
  // The API does not count orders: estimate as rows so far, plus one when a full page came back.
  const estimatedTotal = offset + rows.length + (rows.length === PAGE_SIZE ? 1 : 0);

  return (
    <section className="adm-screen" aria-labelledby="orders-title">
      <div className="adm-screen-head">
        <h1 id="orders-title">Orders</h1>
        {may($me.get(), 'orders.export') ? <ExportCsv query={filters} /> : null}
      </div>
      <QueueCounts
        version={version}
        stage={stage}
        onStage={filter(setStage)}
        onAttention={() => filter(setAttentionOnly)(true)}
      />
      <search className="adm-filters" aria-label="Order filters">
        <TextField label="Email or User ID" type="search" value={who} onChange={filter(setWho)} />
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={filter(setStatus)} clearable />
        <Select label="Stage" options={STAGE_OPTIONS} value={stage} onChange={filter(setStage)} clearable />
        <DayPicker label="From" onChange={filter(setFrom)} />
        <DayPicker label="To" onChange={filter(setTo)} />
        <Checkbox isSelected={attentionOnly} onChange={filter(setAttentionOnly)}>
          Needs attention only
        </Checkbox>
        <Checkbox isSelected={showUnpaid} onChange={filter(setShowUnpaid)}>
          Show unpaid checkouts
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
          { id: 'id', name: 'Order', render: (o) => orderNumber(o.id) },
          { id: 'customer', name: 'Customer', render: (o) => <CustomerCell order={o} /> },
          { id: 'job', name: 'Job', render: (o) => o.job || '—' },
          { id: 'pieces', name: 'Pieces', render: (o) => String(o.pieces) },
          // The due day: the earlier of the customer's in-hands date and the day the turnaround promised.
          { id: 'due', name: 'Due', render: (o) => day(earlier(o.in_hands_date, o.ready_by)) },
          {
            id: 'stage',
            name: 'Stage',
            render: (o) => (o.stage && isOrderStage(o.stage) ? STAGE_LABELS[o.stage] : ''),
          },
          // Roles that see no money get orders without totals (issue 45): no column for them.
          ...(seesMoney
            ? [{ id: 'total', name: 'Total (USD)', render: (o: (typeof rows)[number]) => usd(o.total_cents) }]
            : []),
          { id: 'status', name: 'Payment', render: (o) => paymentWords(o) },
          { id: 'attention', name: 'Attention', render: (o) => <AttentionCell needs={o.needs} /> },
          { id: 'created', name: 'Created', render: (o) => dateTime(o.created_at) },
        ]}
        rows={rows}
        onOpen={(o) => {
          setOpenId(o.id);
          showOrderInUrl(o.id);
        }}
        openOnClick
        rowName={(o) => o.id}
        emptyText="No orders match."
        loading={loading}
        loadingText="Loading orders…"
        selection={{ selected, onChange: setSelected }}
      />
      <BulkMove selected={selected} onDone={changed} />
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
      <OrderDetailDialog
        orderId={openId}
        onClose={() => {
          setOpenId(null);
          showOrderInUrl(null);
          setVersion((v) => v + 1);
        }}
      />
    </section>
  );
}
