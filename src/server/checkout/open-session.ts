import type { Kysely } from 'kysely';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { recordPaymentSession } from '../orders/payments/payment-sessions.ts';
import { Unavailable } from '../errors.ts';
import type { PaymentProvider, SessionLine, SessionOrder } from '../payments/provider.ts';
import { releaseOrder } from '../orders/release-order.ts';
import type { CheckoutUrls } from '../links/urls.ts';

/**
 * Opens the payment session of a stored pending order (cart checkout, Buy Now, a store's
 * checkout) and names it on the order and in payment_sessions (purpose checkout or store). If the provider fails, the order is cancelled (its stock
 * and code claim go back) before answering 503; if the database fails after the session opened,
 * the session is expired and the order released. Answers the URL the customer pays at.
 */
export async function openCheckoutSession(
  db: Kysely<Database>,
  provider: PaymentProvider,
  order: SessionOrder,
  lines: SessionLine[],
  urls: CheckoutUrls,
  purpose: 'checkout' | 'store' = 'checkout',
): Promise<{ url: string }> {
  let session: { sessionId: string; url: string };
  try {
    session = await provider.createSession(order, lines, urls);
  } catch (error) {
    console.error(`[checkout] payment session for order ${order.id} failed:`, error);
    // If the database fails too, the order stays pending until the sweep releases it at expires_at.
    await releaseOrder(db, order.id);
    throw new Unavailable(
      'payment_unavailable',
      'Payment is briefly unavailable. Nothing was charged; please try again in a moment.',
      30,
    );
  }

  try {
    await atomically(db, async (trx) => {
      await trx
        .updateTable('orders')
        .set({ payment_session_id: session.sessionId })
        .where('id', '=', order.id)
        .execute();
      await recordPaymentSession(trx, {
        provider: provider.name,
        sessionId: session.sessionId,
        purpose,
        orderId: order.id,
        requestId: null,
        combinedPaymentId: null,
        amountCents: order.totalCents,
      });
    });
  } catch (error) {
    await abandonSession(db, provider, order.id, session.sessionId);
    throw error;
  }
  return { url: session.url };
}

/**
 * The session is open but the database failed before the order could name it, so the customer
 * is answered 503 instead of the payment page: expire the session, so it can never be paid, and
 * give the stock back. While the database is still down the release fails; Stripe then reports
 * the expiry with checkout.session.expired, retried until the webhook can apply it (it finds the
 * order by client_reference_id), and the sweep releases the order at expires_at in any case.
 */
async function abandonSession(db: Kysely<Database>, provider: PaymentProvider, orderId: string, sessionId: string) {
  await provider.expireSession(sessionId).catch((error: unknown) => {
    console.error(`[checkout] could not expire session ${sessionId} of order ${orderId}:`, error);
  });
  await releaseOrder(db, orderId).catch((error: unknown) => {
    console.error(`[checkout] could not release order ${orderId} yet; the expiry event or the sweep will:`, error);
  });
}
