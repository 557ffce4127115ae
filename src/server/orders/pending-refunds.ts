import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import type { Database } from '../db/types.ts';
import { paymentProvider } from './payment-provider.ts';
import { type PaymentProvider, PaymentUnavailableError } from '../payments/provider.ts';
import type { SweepJob } from '../timers/sweep-job.ts';
import { askForRefund, type PendingRefund, recordRefundMade, releaseRefund } from './refund-settlement.ts';

/**
 * How long a refund may stay pending before the sweep asks again: well past the owner's own
 * request (two Stripe attempts of 3.5 s, a function's 10 to 26 s), so the sweep does not race it.
 */
export const PENDING_REFUND_GRACE_SECONDS = 60;
/**
 * Stripe keeps an idempotency key's answer for 24 hours; asked after that, the same key could
 * make a second refund. A refund still pending this long is left to the owner (the admin shows
 * it pending) rather than risk giving the money back twice.
 */
export const PENDING_REFUND_MAX_AGE_HOURS = 23;
const BATCH = 20;

export interface RefundSettlement {
  made: number;
  released: number;
  stillPending: number;
}

/**
 * Refunds left pending (docs/decisions/0025-hardening.md): the owner's request was killed or timed out while the
 * provider was asked, or the provider did not answer. Each is asked again with the idempotency
 * key stored with it, which answers the refund already made or makes it once: made, it is
 * recorded (with the cancellation the owner asked for); refused, the reservation is given back
 * and the timeline says why; still no answer, it waits for the next sweep. Claiming a refund
 * moves its attempted_at, so two sweeps at once do not both ask (and asking twice is harmless).
 */
export async function settlePendingRefunds(
  db: Kysely<Database>,
  provider: () => PaymentProvider,
): Promise<RefundSettlement> {
  const claimed = await db
    .updateTable('order_refunds')
    .set({ attempted_at: sql<Date>`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('order_refunds')
        .select('id')
        .where('status', '=', 'pending')
        .where('idempotency_key', 'is not', null)
        .where('attempted_at', '<', sql<Date>`now() - make_interval(secs => ${PENDING_REFUND_GRACE_SECONDS})`)
        .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${PENDING_REFUND_MAX_AGE_HOURS})`)
        .orderBy('attempted_at')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'order_id',
      'amount_cents',
      'reason',
      'idempotency_key',
      'cancel_order',
      'restock',
      'parts',
      'mail_template',
      'staff_id',
    ])
    .execute();
  const result: RefundSettlement = { made: 0, released: 0, stillPending: 0 };
  if (claimed.length === 0) return result;
  const payments = provider();
  for (const row of claimed) {
    const refund: PendingRefund = {
      id: row.id,
      orderId: row.order_id,
      amountCents: row.amount_cents,
      reason: row.reason,
      idempotencyKey: row.idempotency_key ?? '',
      cancelOrder: row.cancel_order,
      restock: row.restock,
      parts: (row.parts as PendingRefund['parts']) ?? null,
      mailTemplate: row.mail_template,
      staffId: row.staff_id,
    };
    const order = await db
      .selectFrom('orders')
      .select(['payment_provider', 'payment_session_id', 'payment_intent_id'])
      .where('id', '=', row.order_id)
      .executeTakeFirstOrThrow();
    if (order.payment_provider && order.payment_provider !== 'account' && order.payment_provider !== payments.name) {
      console.error(`[refunds] refund ${row.id} is pending with ${order.payment_provider}, not configured here`);
      result.stillPending++;
      continue;
    }
    try {
      const receipt = await askForRefund(payments, refund, order);
      if (await recordRefundMade(db, refund, receipt)) result.made++;
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      if (!error.refused) {
        console.error(`[refunds] refund ${row.id}: still no answer from the provider`, error.cause ?? error);
        result.stillPending++;
        continue;
      }
      const why = error.cause instanceof Error ? error.cause.message : error.message;
      const note = `${formatUsd(refund.amountCents)} refund not made: the payment provider refused it (${why.slice(0, 300)})`;
      if (await releaseRefund(db, refund, note)) result.released++;
    }
  }
  return result;
}

/** The sweep's job (DESIGN.md "Timers"); the provider is made only when a refund is due. */
export const settleInterruptedRefunds: SweepJob = {
  name: 'settle-interrupted-refunds',
  async run(db) {
    const { made, released, stillPending } = await settlePendingRefunds(db, () => paymentProvider(db));
    const notes = [
      made > 0 ? `${made} interrupted refund(s) made` : '',
      released > 0 ? `${released} refused and released` : '',
      stillPending > 0 ? `${stillPending} still pending` : '',
    ].filter(Boolean);
    return notes.length > 0 ? notes.join(', ') : null;
  },
};
