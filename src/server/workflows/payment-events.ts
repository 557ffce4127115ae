import { type Kysely, sql } from 'kysely';
import type { Database, PaymentSessionState } from '../db/types.ts';
import type { PaymentEvent } from '../payments/payment-event.ts';
import { completeOrder } from './complete-order.ts';
import { reconcileRefunds } from '../orders/reconcile-refunds.ts';
import { releaseOrder } from '../orders/release-order.ts';
import { atomically } from '../db/transaction.ts';
import { sessionOfEvent } from '../orders/payments/event-session.ts';
import { markPaymentSession } from '../orders/payments/payment-sessions.ts';
import { applyRequestEvent } from '../orders/payments/request-events.ts';
import { applyCombinedEvent } from '../orders/payments/combined-events.ts';
import { refundLateStorePayment } from '../stores/store-late-payment.ts';

export type EventOutcome = 'applied' | 'duplicate' | 'unknown_order';

/**
 * Applies a verified provider event once. The event id goes into webhook_events first, in the
 * same transaction as its effect: a redelivery finds the id and changes nothing, a concurrent
 * duplicate waits on the id's unique index and then finds it, and a failure rolls back both so
 * the provider's retry starts clean.
 */
export async function applyPaymentEvent(db: Kysely<Database>, event: PaymentEvent): Promise<EventOutcome> {
  return atomically(db, async (trx) => {
    const fresh = await trx
      .insertInto('webhook_events')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';

    // One lookup names what the session pays (payment-sessions.ts): a payment request's
    // (docs/decisions/0029-deposits.md), several requests paid together, or an order's checkout.
    const session = await sessionOfEvent(trx, event);
    if (session?.purpose === 'combined') await applyCombinedEvent(trx, event, session.combinedPaymentId!);
    else if (session?.purpose === 'request' || session?.purpose === 'invoice') {
      await applyRequestEvent(trx, event, { id: session.requestId!, order_id: session.orderId! });
    } else if (session) await applyToOrder(trx, { id: session.orderId! }, event);
    else {
      // Sessions the shop did not open (e.g. the /buy page's Stripe Buy Buttons) are not orders here.
      console.info(`[payments] ${event.type} for session ${event.sessionId}: no matching order`);
    }
    if (session) await markPaymentSession(trx, event.sessionId, SESSION_STATE[event.kind]);
    await trx.updateTable('webhook_events').set({ processed_at: new Date() }).where('id', '=', event.id).execute();
    return session ? 'applied' : 'unknown_order';
  });
}

/** What a report makes of the session it is about. */
const SESSION_STATE = {
  paid: 'paid',
  awaiting_payment: 'processing',
  failed: 'failed',
  expired: 'expired',
} as const satisfies Record<PaymentEvent['kind'], PaymentSessionState>;

async function applyToOrder(trx: Kysely<Database>, order: { id: string }, event: PaymentEvent): Promise<void> {
  if (event.kind === 'paid') {
    const result = await completeOrder(trx, order.id, event.details);
    if (result.outcome === 'unchanged' && result.status === 'cancelled') {
      // A store buyer's payment that came in after the close: refunded in full, never left out.
      const late = {
        sessionId: event.sessionId,
        amountCents: event.amountCents ?? null,
        paymentIntentId: event.details.paymentIntentId ?? null,
      };
      if (await refundLateStorePayment(trx, order.id, late)) {
        console.warn(`[payments] order ${order.id} was paid after its store closed: its refund is reserved`);
        return;
      }
      // Paid after the order lapsed and its stock went back: money is taken but nothing is held.
      console.error(
        `[payments] order ${order.id} was paid (session ${event.sessionId}) after it was cancelled: refund it or fulfil it by hand`,
      );
      await flagPaidAfterCancel(trx, order.id);
    }
  } else if (event.kind === 'awaiting_payment') {
    // Keep the stock held while the bank payment settles: the sweep skips orders without expiry.
    await trx
      .updateTable('orders')
      .set({ expires_at: null, payment_session_id: event.sessionId })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .execute();
  } else {
    await releaseOrder(trx, order.id);
  }
}

/**
 * Marks a cancelled order that was paid anyway as needing the owner's attention, with the reason
 * the admin shows. In the webhook's transaction, so the flag and the event id commit together; an
 * existing reason is kept (a redelivery under a new event id does not rewrite it). The order row
 * cannot tell an expiry from a cancel (both end as cancelled), so the reason names both.
 */
async function flagPaidAfterCancel(trx: Kysely<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      attention_reason:
        'A Stripe payment completed after this order was cancelled or its checkout expired. ' +
        'Its stock was put back: refund the payment in Stripe or fulfil the order by hand.',
      attention_at: sql`now()`,
    })
    .where('id', '=', orderId)
    .where('attention_reason', 'is', null)
    .execute();
}

/**
 * A refund report (charge.refunded), applied once per event id like the payment events: what
 * Stripe refunded that the shop has not recorded is recorded (reconcileRefunds).
 */
export async function applyRefundEvent(
  db: Kysely<Database>,
  eventId: string,
  type: string,
  refund: { paymentIntentId: string; amountRefunded: number },
): Promise<EventOutcome> {
  return atomically(db, async (trx) => {
    const fresh = await trx
      .insertInto('webhook_events')
      .values({ id: eventId, type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';
    const recorded = await reconcileRefunds(trx, refund);
    await trx.updateTable('webhook_events').set({ processed_at: new Date() }).where('id', '=', eventId).execute();
    return recorded === null ? 'unknown_order' : 'applied';
  });
}
