import { useEffect, useState } from 'react';
import { ApiError, api } from '../lib/browser/http.ts';
import { clearCart } from '../stores/cart.ts';
import type { CheckoutSessionView } from '../lib/cart/checkout-schema.ts';
import { type PurchaseSummary, purchaseHeadings, readPurchase } from './checkout-session.ts';
import styles from './SuccessSummary.module.css';
import { PrintedDesigns } from './success/PrintedDesigns.tsx';
import { ReceiptLineItem } from './success/ReceiptLineItem.tsx';
import { ReceiptTotals } from './success/ReceiptTotals.tsx';

type State =
  | { step: 'loading' }
  | { step: 'loaded'; purchase: PurchaseSummary }
  | { step: 'not-found' }
  | { step: 'failed' };

/** No such session, or one without lines: a wrong or stale link, not a payment. */
class NotFound extends Error {}

/**
 * The heading and receipt of the success page (docs/decisions/spec-rules.md#s2 Success): loads the checkout session
 * named in the URL and, only once it has loaded, empties the cart. The heading says what the
 * session says: "Payment Successful!" only for a paid one; a link without a valid session says
 * nothing was found (the page links home below).
 */
export default function SuccessSummary() {
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    const sessionId = new URLSearchParams(window.location.search).get('session_id');
    if (!sessionId) {
      setState({ step: 'not-found' });
      return;
    }
    api
      .get<CheckoutSessionView>('checkout/session', { session_id: sessionId })
      .then((body) => {
        const purchase = readPurchase(body);
        if (!purchase) throw new NotFound('the checkout session has no line items');
        // A store payment refunded because the store closed bought nothing: the cart stays as it was.
        if (purchase.paid && !purchase.store_closed) clearCart();
        setState({ step: 'loaded', purchase });
      })
      .catch((error: unknown) => {
        // 400: not a session id at all; 404: no such session.
        if (
          error instanceof NotFound ||
          (error instanceof ApiError && (error.status === 400 || error.status === 404))
        ) {
          setState({ step: 'not-found' });
          return;
        }
        console.error('[success] checkout session not loaded:', error);
        setState({ step: 'failed' });
      });
  }, []);

  if (state.step === 'loading') {
    return (
      <>
        <h1>Your Order</h1>
        <p role="status">Processing your order details…</p>
      </>
    );
  }
  if (state.step === 'not-found') {
    return (
      <>
        <h1>No Order Found</h1>
        <p role="status">
          We couldn't find an order for this link. If you have just paid, the confirmation e-mail has your order number.
        </p>
      </>
    );
  }
  if (state.step === 'failed') {
    return (
      <>
        <h1>Your Order</h1>
        <p role="status">
          We couldn't load your order details right now. If your payment went through, a confirmation e-mail with your
          receipt is on its way.
        </p>
      </>
    );
  }
  const { purchase } = state;
  const headings = purchaseHeadings(purchase);
  return (
    <div className={styles.receipt}>
      <h1>{headings.title}</h1>
      {headings.subtitle && <h2>{headings.subtitle}</h2>}
      {headings.message && <p role="status">{headings.message}</p>}
      {purchase.order_number && (
        <p className={styles.number}>
          Order number <strong>{purchase.order_number}</strong>
        </p>
      )}
      <ul className={styles.lines} aria-label="Purchased items">
        {purchase.lines.map((line) => (
          <ReceiptLineItem key={line.id} line={line} />
        ))}
      </ul>
      <ReceiptTotals
        totals={purchase.totals}
        totalCents={purchase.total_cents}
        pieces={purchase.total_items}
        className={styles.totals}
      />
      {purchase.order_url && (
        <p>
          <a href={purchase.order_url}>Track your order's status</a>
        </p>
      )}
      <PrintedDesigns designs={purchase.designs} />
    </div>
  );
}
