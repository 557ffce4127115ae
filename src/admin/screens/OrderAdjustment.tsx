import { useRef, useState } from 'react';
import { ADJUSTMENT_REASON_MAX, type OrderChangeAnswer } from '../../lib/admin-schemas/order-adjustment.ts';
import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { formatSignedUsd } from '../../lib/money.ts';
import { api, ApiError, SessionEndedError } from '../api.ts';
import { usd } from '../format.ts';
import { Button, Select, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { OrderLocations } from './OrderLocations.tsx';
import { OrderSizes } from './OrderSizes.tsx';

const HANDED_OVER = new Set(['shipped', 'ready_for_pickup', 'completed']);
type Fields = { amount_cents?: string; reason?: string };

/** What the order owes or was overpaid after a change, in a sentence for the owner. */
function afterChange(answer: OrderChangeAnswer): string {
  if (answer.balance_cents > 0) return `The order now owes ${usd(answer.balance_cents)}: request it under Payments.`;
  if (answer.overpaid_cents > 0)
    return `${usd(answer.overpaid_cents)} was paid more than the order now costs: refund it under Refunds.`;
  return 'The order is paid in full.';
}

/**
 * Changing a paid order (docs/decisions/0029-deposits.md): a design's pieces by size (OrderSizes) and print locations
 * (OrderLocations), the design chosen once above both, and an adjustment line with its reason, added to the order or taken off as a credit, typed in dollars. The server re-totals the order (the tax follows) and
 * says at the field why it refuses; afterwards the dialog shows the new balance, which the
 * Payments section asks for or the Refunds section gives back.
 */
export function OrderAdjustment({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const [cents, setCents] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Fields>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [designId, setDesignId] = useState<string | null>(null);
  const formRef = useRef<HTMLFieldSetElement>(null);
  const design = order.designs.find((d) => d.item_id === designId) ?? order.designs[0];
  const stage = order.production?.stage;
  if (!order.paid_at || order.status === 'cancelled' || (stage && HANDED_OVER.has(stage))) return null;

  const designChanged = (words: string, answer: OrderChangeAnswer) => {
    setDone(`${words} ${afterChange(answer)}`);
    onChanged();
  };
  const focusInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const add = async (sign: 1 | -1) => {
    setProblem(null);
    setDone(null);
    const refused: Fields = {};
    if (cents === null || Math.abs(cents) < 1) refused.amount_cents = 'Enter the amount in dollars.';
    if (!reason.trim()) refused.reason = 'Say why the order changes.';
    setFields(refused);
    if (refused.amount_cents || refused.reason) {
      focusInvalid();
      return;
    }
    const amount = sign * Math.abs(cents!);
    setPending(true);
    try {
      const answer = await api.post<OrderChangeAnswer>(`orders/${order.id}/adjustments`, {
        amount_cents: amount,
        reason: reason.trim(),
      });
      setCents(null);
      setReason('');
      setDone(`Added: Adjustment ${formatSignedUsd(amount)}, ${reason.trim()}. ${afterChange(answer)}`);
      onChanged();
    } catch (e) {
      if (e instanceof SessionEndedError) {
        return;
      }
      const at = e instanceof ApiError ? (e.fields ?? {}) : {};
      if (at['amount_cents'] || at['reason']) {
        setFields({
          ...(at['amount_cents'] ? { amount_cents: at['amount_cents'] } : {}),
          ...(at['reason'] ? { reason: at['reason'] } : {}),
        });
        focusInvalid();
      } else setProblem(e instanceof Error ? e.message : 'The order was not changed.');
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="change-title" className="adm-production">
      <h3 id="change-title">Change order</h3>
      {order.designs.length > 1 ? (
        <Select
          label="Design"
          options={order.designs.map((d) => ({ id: d.item_id, label: d.label }))}
          value={design?.item_id ?? null}
          onChange={setDesignId}
          placeholder="Choose a design"
        />
      ) : design ? (
        <p>{design.label}</p>
      ) : null}
      {design ? (
        // Keyed by the design as it is: a change or another design starts the forms afresh.
        <div key={`${design.item_id} ${design.label}`}>
          <OrderSizes orderId={order.id} design={design} onChanged={designChanged} />
          <OrderLocations orderId={order.id} design={design} onChanged={designChanged} />
        </div>
      ) : null}
      <fieldset className="adm-fieldset" ref={formRef}>
        <legend>Add an adjustment</legend>
        <MoneyField
          label="Adjustment amount"
          cents={cents}
          onChange={setCents}
          description="In dollars. The tax follows it."
          errorMessage={fields.amount_cents}
        />
        <TextField
          label="Reason (the customer sees it)"
          value={reason}
          onChange={setReason}
          description={`At most ${ADJUSTMENT_REASON_MAX} characters.`}
          errorMessage={fields.reason}
        />
        <div className="adm-actions">
          <Button isDisabled={pending} onPress={() => void add(1)}>
            Add to the order
          </Button>
          <Button isDisabled={pending} onPress={() => void add(-1)}>
            Take off as a credit
          </Button>
        </div>
      </fieldset>
      <p role="status">{done}</p>
      {problem ? (
        <p role="alert" className="adm-field-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
