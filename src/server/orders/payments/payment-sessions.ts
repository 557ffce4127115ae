import { type Kysely, sql } from 'kysely';
import type { Database, PaymentSessionPurpose, PaymentSessionState } from '../../db/types.ts';

/**
 * The one home of the payment sessions the shop opens (table payment_sessions): every path that
 * opens one (a cart's or a quote's checkout, a store buyer's, a payment request's, an invoice's,
 * several requests paid together) records it here, and a provider's report or the test
 * checkout's Pay finds what it pays with one lookup by the provider's session id.
 */
export interface PaymentSession {
  provider: 'stripe' | 'embedded';
  sessionId: string;
  purpose: PaymentSessionPurpose;
  /** checkout, store: the order; request, invoice: the request's order; null for combined. */
  orderId: string | null;
  requestId: string | null;
  combinedPaymentId: string | null;
  amountCents: number;
  state: PaymentSessionState;
}

export type OpenedSession = Omit<PaymentSession, 'state'> & { state?: PaymentSessionState };

/**
 * Records a session the provider just opened. The test checkout's ids are the owner's own
 * (a request opened again gets its id again): opening it again makes it open again, for what
 * it charges now, unless it was paid.
 */
export async function recordPaymentSession(db: Kysely<Database>, session: OpenedSession): Promise<void> {
  const state = session.state ?? 'open';
  await db
    .insertInto('payment_sessions')
    .values({
      provider: session.provider,
      provider_session_id: session.sessionId,
      purpose: session.purpose,
      order_id: session.orderId,
      payment_request_id: session.requestId,
      combined_payment_id: session.combinedPaymentId,
      amount_cents: session.amountCents,
      state,
    })
    .onConflict((oc) =>
      oc.column('provider_session_id').doUpdateSet({
        amount_cents: session.amountCents,
        // A paid session stays paid, whatever opens its id again.
        state: sql<PaymentSessionState>`case when payment_sessions.state = 'paid' then 'paid' else excluded.state end`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** The session the provider names, with its owner and purpose; null for one the shop did not open. */
export async function findPaymentSession(db: Kysely<Database>, sessionId: string): Promise<PaymentSession | null> {
  const row = await db
    .selectFrom('payment_sessions')
    .select([
      'provider',
      'provider_session_id',
      'purpose',
      'order_id',
      'payment_request_id',
      'combined_payment_id',
      'amount_cents',
      'state',
    ])
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    provider: row.provider,
    sessionId: row.provider_session_id,
    purpose: row.purpose,
    orderId: row.order_id,
    requestId: row.payment_request_id,
    combinedPaymentId: row.combined_payment_id,
    amountCents: Number(row.amount_cents),
    state: row.state,
  };
}

/** Sessions no longer payable here: the test payment pages answer 404 for them. */
export const CLOSED_STATES: readonly PaymentSessionState[] = ['failed', 'expired', 'cancelled'];

/**
 * Moves a session to what the provider (or the test checkout) reported. A paid session stays
 * paid: a late expiry or a replaced session's close does not undo the money.
 */
export async function markPaymentSession(
  db: Kysely<Database>,
  sessionIds: string | readonly string[],
  state: PaymentSessionState,
): Promise<void> {
  const ids = typeof sessionIds === 'string' ? [sessionIds] : [...sessionIds];
  if (ids.length === 0) return;
  await db
    .updateTable('payment_sessions')
    .set({ state, updated_at: sql`now()` })
    .where('provider_session_id', 'in', ids)
    .where('state', '!=', 'paid')
    .execute();
}
