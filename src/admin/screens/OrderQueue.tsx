import { useState } from 'react';
import { shopDay } from '../../lib/site/shop-time.ts';
import { NOT_IN_BULK, type OrderStageBulkAnswer } from '../../lib/admin-schemas/order-stage.ts';
import { ORDER_STAGES, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import { api, type Query, SessionEndedError } from '../api.ts';
import { Button, Select } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';
import { useFilteredList } from '../use-filtered-list.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { roleMayMoveTo } from '../../lib/orders/role-stages.ts';
import { useStore } from '@nanostores/react';
import { $me } from '../staff/me.ts';

interface Counts {
  stages: Record<string, number>;
  attention: number;
}

/**
 * The head of the work queue (docs/decisions/0016-order-workflow.md): how many paid jobs wait at
 * each stage and how many need attention, each a button that filters the list to them.
 */
export function QueueCounts({
  version,
  stage,
  onStage,
  onAttention,
}: {
  version: number;
  stage: string | null;
  onStage: (stage: string | null) => void;
  onAttention: () => void;
}) {
  const { data: counts } = useFilteredList<Counts | null>(
    'order-counts',
    {},
    null,
    'Could not load the counts.',
    version,
  );
  if (!counts) return null;
  return (
    <nav className="adm-queue" aria-label="Work queue">
      <Button variant="quiet" onPress={onAttention}>
        Needs attention <strong>{counts.attention}</strong>
      </Button>
      {ORDER_STAGES.filter((s) => s !== 'completed').map((s) => (
        <Button
          key={s}
          variant={stage === s ? 'primary' : 'quiet'}
          aria-pressed={stage === s}
          onPress={() => onStage(stage === s ? null : s)}
        >
          {STAGE_LABELS[s]} <strong>{counts.stages[s] ?? 0}</strong>
        </Button>
      ))}
    </nav>
  );
}

const BULK_OPTIONS = ORDER_STAGES.filter((s) => !(NOT_IN_BULK as readonly string[]).includes(s)).map((s) => ({
  id: s,
  label: STAGE_LABELS[s],
}));

/** Moves the ticked orders to one stage; says how many moved and why any did not. */
export function BulkMove({ selected, onDone }: { selected: ReadonlySet<string>; onDone: () => void }) {
  const [to, setTo] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const me = useStore($me);
  // Only the stages the person's role moves orders to (the server refuses the others).
  const options = BULK_OPTIONS.filter((o) => !me || roleMayMoveTo(me.role, o.id));
  if (selected.size === 0) return message ? <p role="status">{message}</p> : null;
  const move = async () => {
    if (!to) return setMessage('Choose the stage to move them to.');
    setPending(true);
    try {
      const answer = await api.post<OrderStageBulkAnswer>('order-stages', { ids: [...selected], to });
      const refused = answer.refused.map((r) => `${orderNumber(r.id)}: ${r.reason}`).join(' ');
      setMessage(`Moved ${answer.moved.length} of ${selected.size}.${refused ? ` Not moved: ${refused}` : ''}`);
      onDone();
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setMessage(e instanceof Error ? e.message : 'The orders were not moved.');
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className="adm-bulk">
      <legend>{selected.size} selected</legend>
      <Select label="Move to" options={options} value={to} onChange={setTo} placeholder="Choose a stage" />
      <Button variant="primary" isDisabled={pending} onPress={() => void move()}>
        Move selected
      </Button>
      {message ? <p role="status">{message}</p> : null}
    </fieldset>
  );
}

/** Downloads the filtered orders as CSV. */
export function ExportCsv({ query }: { query: Query }) {
  const { pending, error, run } = useAction('The export failed.');
  const exportCsv = () =>
    run(async () => {
      const blob = await api.download('order-export', query);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `orders-${shopDay()}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
  return (
    <>
      <Button isDisabled={pending} onPress={() => void exportCsv()}>
        Export CSV
      </Button>
      {error ? (
        <p role="alert" className="adm-field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
