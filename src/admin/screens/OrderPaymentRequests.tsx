import { useState } from 'react';
import type { PaymentRequestInput, PaymentRequestPreview as Preview } from '../../lib/admin-schemas/payment-request.ts';
import type { AdminOrder } from '../../lib/admin-schemas/orders.ts';
import { api } from '../api.ts';
import { dateTime, usd } from '../format.ts';
import { Button, TextField } from '../ui/controls.tsx';
import { MoneyField } from '../ui/MoneyField.tsx';
import { PAYMENT_METHOD_WORDS } from '../../lib/orders/payment-methods.ts';
import { useAction } from '../use-action.ts';
import { PaymentRequestPreview } from './PaymentRequestPreview.tsx';

const STATUS = { open: 'open', paid: 'paid', cancelled: 'withdrawn' } as const;

/**
 * Getting paid (docs/decisions/0029-deposits.md): what the order was paid and still owes, its payment requests, and
 * asking for money: a 50 % deposit, the balance, or an amount typed in dollars, each with an
 * optional note; the customer is e-mailed a link to pay. Each ask is previewed first (the amount,
 * what it is worked out from and the e-mail) and sent only on Send (issue 44, item 6). The server
 * checks the amount against the balance and says why when it refuses.
 */
export function OrderPaymentRequests({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const [cents, setCents] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [draft, setDraft] = useState<{ ask: PaymentRequestInput; preview: Preview } | null>(null);
  const { pending, error, setError, run } = useAction('The payment request was not sent.');
  if (!order.paid_at || order.status === 'cancelled') return null;
  const { money } = order;
  // After the owner changed the order, what it owes is the change: asked as "the difference".
  const changed = order.production?.timeline.some((e) => e.kind === 'order_change') ?? false;

  const request = (ask: PaymentRequestInput) =>
    run(async () => {
      const body = { ...ask, note: note.trim() || null };
      const preview = await api.post<Preview>(`orders/${order.id}/payment-requests`, body, { preview: 'true' });
      setDraft({ ask: body, preview });
    });
  const send = (ask: PaymentRequestInput) =>
    run(async () => {
      await api.post(`orders/${order.id}/payment-requests`, ask);
      setDraft(null);
      setCents(null);
      setNote('');
      onChanged();
    });
  const requestAmount = () => {
    if (cents === null || cents < 1) return setError('Enter the amount to ask for.');
    return request({ kind: 'amount', amount_cents: cents });
  };
  const withdraw = (id: string) =>
    run(async () => {
      await api.post(`orders/${order.id}/payment-requests/${id}/cancel`, {});
      onChanged();
    });

  return (
    <section aria-labelledby="payments-title" className="adm-production">
      <h3 id="payments-title">Payments</h3>
      <p>
        Paid <strong>{usd(money.paid_cents)}</strong> · Balance due <strong>{usd(money.balance_cents)}</strong>
      </p>
      {money.account ? (
        <p>
          {`Billed to ${money.account.name} on purchase order ${money.account.po_number}`}
          {money.account.invoice ? (
            <>
              {`: invoice ${money.account.invoice.number}, ${money.account.invoice.terms}, due ${money.account.invoice.due_on}. `}
              <a href={money.account.invoice.url} target="_blank" rel="noopener">
                {`Open invoice ${money.account.invoice.number}`}
              </a>
            </>
          ) : (
            '. Not confirmed by the buyer yet.'
          )}
        </p>
      ) : null}
      {money.terms ? (
        <p>
          Accepted on a deposit of {usd(money.terms.deposit_cents)}: the balance is asked{' '}
          {money.terms.balance_due === 'ready'
            ? 'when the order is marked ready for pickup or shipped.'
            : 'when the proof is approved, and production waits until it is paid.'}
        </p>
      ) : null}
      {changed && money.balance_cents > 0 ? (
        <p>The order changed after payment: {usd(money.balance_cents)} more is owed.</p>
      ) : null}
      {money.overpaid_cents > 0 ? (
        <p>{usd(money.overpaid_cents)} paid more than the order now costs: refund it under Refunds.</p>
      ) : null}
      <ul aria-label="Payments received">
        {money.payments.map((p) => (
          <li key={p.id}>
            {dateTime(p.paid_at)}: {usd(p.amount_cents)} by {PAYMENT_METHOD_WORDS[p.method]}
          </li>
        ))}
      </ul>
      {money.requests.length > 0 ? (
        <ul aria-label="Payment requests">
          {money.requests.map((r) => (
            <li key={r.id}>
              {dateTime(r.created_at)}: {r.label}, {usd(r.amount_cents)} ({STATUS[r.status]})
              {r.note ? `: ${r.note}` : ''}
              {r.processing_cents !== null ? `. A bank payment of ${usd(r.processing_cents)} is processing.` : ''}{' '}
              {r.status === 'open' && r.processing_cents === null ? (
                <Button isDisabled={pending} onPress={() => void withdraw(r.id)}>
                  {`Withdraw ${r.label}`}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {money.balance_cents > 0 ? (
        <fieldset className="adm-fieldset">
          <legend>Request a payment</legend>
          <TextField
            label="Note for the customer"
            value={note}
            onChange={(next) => {
              setNote(next);
              setDraft(null);
            }}
          />
          <div className="adm-actions">
            <Button
              isDisabled={pending}
              onPress={() => void request({ kind: 'share', share_percent: money.deposit_percent })}
            >
              {`Request a ${money.deposit_percent} % deposit`}
            </Button>
            <Button isDisabled={pending} onPress={() => void request({ kind: 'balance' })}>
              {changed ? 'Request the difference' : 'Request the balance'}
            </Button>
          </div>
          <MoneyField
            label="Amount to request"
            cents={cents}
            onChange={(next) => {
              setCents(next);
              setDraft(null);
            }}
            description={`At most ${usd(money.balance_cents)}.`}
          />
          <div className="adm-actions">
            <Button isDisabled={pending} onPress={() => void requestAmount()}>
              Request this amount
            </Button>
          </div>
          {draft ? (
            <PaymentRequestPreview
              preview={draft.preview}
              pending={pending}
              onSend={() => void send(draft.ask)}
              onDiscard={() => setDraft(null)}
            />
          ) : null}
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
