import { useEffect, useState } from 'react';
import { api } from '../lib/http.ts';
import { formatUsd } from '../lib/money.ts';
import { clearCart } from '../stores/cart.ts';
import { type PurchaseSummary, readPurchase } from './checkout-session.ts';
import styles from './SuccessSummary.module.css';

type State = { step: 'loading' } | { step: 'loaded'; purchase: PurchaseSummary } | { step: 'failed' };

/**
 * The receipt of the success page (spec §2 Success): loads the checkout session named in the
 * URL and, only once it has loaded, empties the cart.
 */
export default function SuccessSummary() {
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    const sessionId = new URLSearchParams(window.location.search).get('session_id');
    if (!sessionId) {
      console.error('[success] no session_id in the address');
      setState({ step: 'failed' });
      return;
    }
    api
      .get<unknown>('checkout/session', { session_id: sessionId })
      .then((body) => {
        const purchase = readPurchase(body);
        if (!purchase) throw new Error('the checkout session has no line items');
        if (purchase.paid) clearCart();
        setState({ step: 'loaded', purchase });
      })
      .catch((error: unknown) => {
        console.error('[success] checkout session not loaded:', error);
        setState({ step: 'failed' });
      });
  }, []);

  if (state.step === 'loading') return <p role="status">Processing your order details…</p>;
  if (state.step === 'failed') {
    return (
      <p role="status">
        We couldn't load your order details right now. If your payment went through, a confirmation e-mail with your
        receipt is on its way.
      </p>
    );
  }
  const { purchase } = state;
  return (
    <div className={styles.receipt}>
      <h2>Thanks for your purchase!</h2>
      <ul className={styles.lines} aria-label="Purchased items">
        {purchase.lines.map((line) => (
          <li key={line.id}>
            <span className={styles.quantity}>{line.quantity} ×</span>
            <span className={styles.description}>{line.description}</span>
            <span className={styles.amount}>{formatUsd(line.amount_cents)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Total Cost</dt>
          <dd>{formatUsd(purchase.total_cents)}</dd>
        </div>
        {purchase.total_items > 1 && (
          <>
            <div>
              <dt>Total Items</dt>
              <dd>{purchase.total_items}</dd>
            </div>
            <div>
              <dt>Average Cost</dt>
              <dd>{formatUsd(purchase.average_cents)}</dd>
            </div>
          </>
        )}
      </dl>
    </div>
  );
}
