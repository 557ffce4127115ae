import type { Kysely } from 'kysely';
import { isUuid } from '../../../lib/identifiers.ts';
import type { Database } from '../../db/types.ts';
import type { PaymentEvent } from '../../payments/payment-event.ts';
import {
  findPaymentSession,
  type OpenedSession,
  type PaymentSession,
  recordPaymentSession,
} from './payment-sessions.ts';

/**
 * The session a provider's event is about, with its owner and purpose: one lookup in
 * payment_sessions. The row is written just after the provider answers; a process that died in
 * between left the owner's id in the session's metadata (a combined payment's, a request's, or
 * the order's as client_reference_id), so that owner is taken, if it has no session yet, and
 * the session recorded for the events that follow. Null for a session the shop did not open.
 */
export async function sessionOfEvent(trx: Kysely<Database>, event: PaymentEvent): Promise<PaymentSession | null> {
  const found = await findPaymentSession(trx, event.sessionId);
  if (found) return found;
  const adopted = await ownerNamedByMetadata(trx, event);
  if (!adopted) return null;
  await recordPaymentSession(trx, adopted);
  return { ...adopted, state: 'open' };
}

const idOf = (value: string | null | undefined) => (value && isUuid(value) ? value.toLowerCase() : null);

async function ownerNamedByMetadata(trx: Kysely<Database>, event: PaymentEvent): Promise<OpenedSession | null> {
  const base = { provider: 'stripe' as const, sessionId: event.sessionId, amountCents: event.amountCents ?? 0 };
  const combinedId = idOf(event.combinedPaymentId);
  if (combinedId) {
    const combined = await trx
      .selectFrom('combined_payments')
      .select('id')
      .where('id', '=', combinedId)
      .where('session_id', 'is', null)
      .executeTakeFirst();
    if (combined)
      return { ...base, purpose: 'combined', orderId: null, requestId: null, combinedPaymentId: combined.id };
  }
  const requestId = idOf(event.requestId);
  if (requestId) {
    const request = await trx
      .selectFrom('payment_requests')
      .select(['id', 'order_id'])
      .where('id', '=', requestId)
      .executeTakeFirst();
    if (request) {
      return { ...base, purpose: 'request', orderId: request.order_id, requestId: request.id, combinedPaymentId: null };
    }
  }
  const orderId = idOf(event.orderId);
  if (!orderId) return null;
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'store_id'])
    .where('id', '=', orderId)
    .where('payment_session_id', 'is', null)
    .executeTakeFirst();
  if (!order) return null;
  const purpose = order.store_id ? 'store' : 'checkout';
  return { ...base, purpose, orderId: order.id, requestId: null, combinedPaymentId: null };
}
