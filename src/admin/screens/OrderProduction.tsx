import { useState } from 'react';
import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { isOrderStage, STAGE_LABELS } from '../../lib/order-stages.ts';
import { api, SessionEndedError } from '../api.ts';
import { dateTime } from '../format.ts';
import { Button, TextField } from '../ui/controls.tsx';

const label = (stage: string | null) => (stage && isOrderStage(stage) ? STAGE_LABELS[stage] : (stage ?? ''));

/**
 * Where a paid order is in the shop (issue #16): its stage, the moves the owner can make now
 * (each a button, with an optional comment for the timeline) and the timeline itself. A move the
 * server refuses shows its reason; a made one reloads the order.
 */
export function OrderProduction({ order, onMoved }: { order: AdminOrder; onMoved: () => void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const production = order.production;
  if (!production) return null;
  const moveTo = async (to: string) => {
    setError(null);
    setPending(true);
    try {
      await api.post(`orders/${order.id}/stage`, { to, comment: comment.trim() || null });
      setComment('');
      onMoved();
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setError(e instanceof Error ? e.message : 'The order could not be moved.');
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="production-title" className="adm-production">
      <h3 id="production-title">Production</h3>
      <p>
        Stage: <strong data-order-stage>{label(production.stage)}</strong>
      </p>
      {production.next_stages.length > 0 ? (
        <>
          <TextField label="Comment for the timeline (optional)" value={comment} onChange={setComment} />
          <div className="adm-actions">
            {production.next_stages.map((to) => (
              <Button key={to} isDisabled={pending} onPress={() => void moveTo(to)}>
                Mark {label(to).toLowerCase()}
              </Button>
            ))}
          </div>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="adm-field-error">
          {error}
        </p>
      ) : null}
      {production.timeline.length > 0 ? (
        <ol className="adm-timeline" aria-label="Timeline">
          {production.timeline.map((event) => (
            <li key={event.id}>
              {dateTime(event.created_at)}: {label(event.to_stage)} (by the{' '}
              {event.actor === 'owner' ? 'shop' : event.actor}){event.comment ? <span>: {event.comment}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
