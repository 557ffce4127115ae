import { useState } from 'react';
import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { CARRIERS } from '../../lib/orders/carriers.ts';
import { isOrderStage, STAGE_LABELS } from '../../lib/orders/order-stages.ts';
import { api } from '../api.ts';
import { dateTime, day } from '../format.ts';
import { Button, Select, TextField } from '../ui/controls.tsx';
import { useAction } from '../use-action.ts';
import { OrderProof } from './OrderProof.tsx';

const label = (stage: string | null) => (stage && isOrderStage(stage) ? STAGE_LABELS[stage] : (stage ?? ''));
const KIND_WORDS = {
  proof: 'Proof',
  refund: 'Refund',
  reminder: 'Artwork reminder sent',
  cancel: 'Cancelled',
  artwork: 'Artwork uploaded',
  payment_request: 'Payment requested',
  payment: 'Payment received',
  order_change: 'Order changed',
} as const;
const carrierOptions = CARRIERS.map((c) => ({ id: c, label: c }));

type Event = NonNullable<AdminOrder['production']>['timeline'][number];
const eventWords = (event: Event) =>
  event.kind === 'stage'
    ? label(event.to_stage)
    : event.kind === 'artwork' && event.actor === 'owner'
      ? 'Artwork received by e-mail'
      : KIND_WORDS[event.kind];

/**
 * Where a paid order is in the shop (docs/decisions/0016-order-workflow.md): its stage, the moves
 * the owner can make now (each a button, with an optional comment for the timeline; shipping asks for the carrier and
 * tracking number), sending a proof, the customer's page and the timeline. A move the server
 * refuses shows its reason; a made one reloads the order.
 */
export function OrderProduction({ order, onMoved }: { order: AdminOrder; onMoved: () => void }) {
  const [comment, setComment] = useState('');
  const [carrier, setCarrier] = useState<string | null>('UPS');
  const [tracking, setTracking] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const { pending, error, run } = useAction('The order could not be moved.');
  const production = order.production;
  if (!production) return null;
  const ships = production.next_stages.includes('shipped');
  const jobNeeds = order.needs.filter((need) => need !== order.attention_reason);
  const moveTo = (to: string) =>
    run(async () => {
      await api.post(`orders/${order.id}/stage`, {
        to,
        comment: comment.trim() || null,
        ...(to === 'shipped'
          ? {
              carrier: carrier ?? undefined,
              tracking_number: tracking.trim() || undefined,
              tracking_url: trackingUrl.trim() || undefined,
            }
          : {}),
      });
      setComment('');
      onMoved();
    });
  return (
    <section aria-labelledby="production-title" className="adm-production">
      <h3 id="production-title">Production</h3>
      <p>
        Stage: <strong data-order-stage>{label(production.stage)}</strong> ·{' '}
        <a href={production.customer_url} target="_blank" rel="noopener noreferrer">
          Customer’s order page
        </a>
      </p>
      {order.ready_by ? (
        <p>
          Due <strong>{day(order.ready_by)}</strong>: the turnaround promised it ready by then when it was ordered.
        </p>
      ) : null}
      {order.in_hands_date ? <p>The customer needs it by {day(order.in_hands_date)}.</p> : null}
      {/* The payment anomaly has its own note above; the job's own needs show here. */}
      {jobNeeds.length > 0 ? (
        <p className="adm-attention-cell">
          <strong>Needs attention</strong> {jobNeeds.join(' ')}
        </p>
      ) : null}
      {production.shipment ? (
        <p>
          Shipped with {production.shipment.carrier}, tracking {production.shipment.tracking_number}
          {production.shipment.tracking_url ? (
            <>
              {' '}
              (
              <a href={production.shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                track
              </a>
              )
            </>
          ) : null}
        </p>
      ) : null}
      {production.held ? <p className="adm-hint">{production.held}</p> : null}
      {production.can_send_proof ? <OrderProof orderId={order.id} onSent={onMoved} /> : null}
      {production.next_stages.length > 0 ? (
        <>
          <TextField label="Comment for the timeline (optional)" value={comment} onChange={setComment} />
          {ships ? (
            <fieldset className="adm-fieldset">
              <legend>Shipment</legend>
              <Select label="Carrier" options={carrierOptions} value={carrier} onChange={setCarrier} />
              <TextField label="Tracking number" value={tracking} onChange={setTracking} />
              {carrier === 'Other' ? (
                <TextField label="Tracking link (https://…)" value={trackingUrl} onChange={setTrackingUrl} />
              ) : null}
            </fieldset>
          ) : null}
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
      {production.proofs.length > 0 ? (
        <>
          <h4>Proofs sent</h4>
          <ul>
            {production.proofs.map((proof) => (
              <li key={proof.id}>
                {dateTime(proof.created_at)}: {proof.file_name}
                {proof.note ? <span>: {proof.note}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {production.timeline.length > 0 ? (
        <ol className="adm-timeline" aria-label="Timeline">
          {production.timeline.map((event) => (
            <li key={event.id}>
              {dateTime(event.created_at)}: {eventWords(event)} (by {event.by})
              {event.comment ? <span>: {event.comment}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
