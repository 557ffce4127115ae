import { useState } from 'react';
import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { refundTotals } from '../../lib/orders/refund-totals.ts';
import { api } from '../api.ts';
import { dateTime, usd } from '../format.ts';
import { Button, Checkbox, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { useAction } from '../use-action.ts';

const HANDED_OVER = new Set(['shipped', 'ready_for_pickup', 'completed']);

/**
 * Money back (docs/decisions/0016-order-workflow.md): the refunds so far, and a form for a full or
 * partial refund through the payment provider; before the order ships it can also be cancelled, its pieces going back
 * in stock. The amount starts empty, so money goes back only as the owner typed it; it is
 * typed in dollars and sent in cents, and the server checks it against what is left. A refund whose outcome the provider has not confirmed shows as pending (the
 * sweep settles it), and counts against what is left but not as refunded.
 */
export function OrderRefund({ order, onRefunded }: { order: AdminOrder; onRefunded: () => void }) {
  const { doneCents, pendingCents, leftCents: left } = refundTotals(order);
  const [cents, setCents] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [cancel, setCancel] = useState(false);
  const [restock, setRestock] = useState(true);
  const { pending, error, setError, run } = useAction('The refund was not made.');
  if (!order.paid_at) return null;
  const overpaid = Math.min(order.money.overpaid_cents, left);
  // Paid more than the order costs (lowered after payment, or two payments for one balance,
  // docs/decisions/0029-deposits.md): the excess goes back in one press, through the same refund.
  const refundOverpaid = () =>
    run(async () => {
      await api.post(`orders/${order.id}/refunds`, {
        amount_cents: overpaid,
        reason: 'Paid more than the order costs',
      });
      onRefunded();
    });
  const canCancel = order.status !== 'cancelled' && !(order.production && HANDED_OVER.has(order.production.stage));

  const refund = async () => {
    if (cents === null || cents < 1) return setError('Enter the amount to refund.');
    if (cents > left) return setError(`At most ${usd(left)} is left to refund.`);
    await run(async () => {
      await api.post(`orders/${order.id}/refunds`, {
        amount_cents: cents,
        reason: reason.trim() || null,
        ...(cancel && canCancel ? { cancel: true, restock } : {}),
      });
      setCents(null);
      setReason('');
      setCancel(false);
      onRefunded();
    });
  };

  return (
    <section aria-labelledby="refund-title" className="adm-production">
      <h3 id="refund-title">Refunds</h3>
      <p>
        Refunded <strong>{usd(doneCents)}</strong> of {usd(order.total_cents)}
      </p>
      {pendingCents > 0 ? (
        <p>
          Refund pending: <strong>{usd(pendingCents)}</strong>. The payment provider has not confirmed it yet; the shop
          asks again within a few minutes.
        </p>
      ) : null}
      {order.refunds.length > 0 ? (
        <ul>
          {order.refunds.map((r) => (
            <li key={r.id}>
              {dateTime(r.created_at)}: {usd(r.amount_cents)}
              {r.source === 'stripe' ? ' (in Stripe)' : ''}
              {r.status === 'pending' ? ' (refund pending)' : ''}
              {r.reason ? `: ${r.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {overpaid > 0 ? (
        <div className="adm-actions">
          <p>{usd(overpaid)} paid more than the order costs.</p>
          <Button variant="danger" isDisabled={pending} onPress={() => void refundOverpaid()}>
            {`Refund the ${usd(overpaid)} overpaid`}
          </Button>
        </div>
      ) : null}
      {left > 0 ? (
        <fieldset className="adm-fieldset">
          <legend>Refund</legend>
          <MoneyField
            label="Amount to refund"
            cents={cents}
            onChange={setCents}
            description={`At most ${usd(left)}.`}
          />
          <TextField label="Reason (the customer sees it)" value={reason} onChange={setReason} />
          {canCancel ? (
            <>
              <Checkbox isSelected={cancel} onChange={setCancel}>
                Also cancel the order
              </Checkbox>
              {cancel ? (
                <Checkbox isSelected={restock} onChange={setRestock}>
                  Put the pieces back in stock
                </Checkbox>
              ) : null}
            </>
          ) : null}
          <div className="adm-actions">
            <Button variant="danger" isDisabled={pending} onPress={() => void refund()}>
              {cancel && canCancel ? 'Refund and cancel' : 'Refund'}
            </Button>
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="adm-field-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
