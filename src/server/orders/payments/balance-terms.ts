import type { Kysely } from 'kysely';
import { balanceDue } from '../../../lib/orders/order-balance.ts';
import type { OrderStage } from '../../../lib/orders/order-stages.ts';
import type { Database } from '../../db/types.ts';
import { askForMoney } from './payment-requests.ts';
import { orderMoney } from './record-payment.ts';
import type { StaffActor } from '../order-events.ts';

/**
 * A deposit order's terms (docs/decisions/0029-deposits.md): a quote accepted with a deposit owes the balance when the
 * job is ready (ready for pickup or shipped), or before printing ("paid in full before
 * printing": asked when the proof is approved, and production waits until nothing is owed).
 */

/** What a "paid in full before printing" order still owes, in cents; 0 for any other order. */
export async function owedBeforePrinting(db: Kysely<Database>, orderId: string): Promise<number> {
  const order = await db.selectFrom('orders').select('balance_due').where('id', '=', orderId).executeTakeFirst();
  if (order?.balance_due !== 'before_production') return 0;
  const money = await orderMoney(db, orderId);
  return money ? balanceDue(money) : 0;
}

/** The stage at which each kind of terms asks for the balance. */
const DUE_AT: Record<string, readonly OrderStage[]> = {
  ready: ['ready_for_pickup', 'shipped'],
  before_production: ['approved'],
};

/**
 * Called in the transaction that moved the order to `stage`, under its lock: when the order's
 * terms make the balance due at that stage, something is owed and no request of it is open, the
 * balance is requested (stored, on the timeline, the payment-request e-mail queued). Answers the
 * queued e-mail's id, or null when nothing was asked.
 */
export async function askBalanceWhenDue(
  trx: Kysely<Database>,
  orderId: string,
  stage: OrderStage,
  actor: StaffActor | 'system',
): Promise<string | null> {
  const order = await trx.selectFrom('orders').select('balance_due').where('id', '=', orderId).executeTakeFirst();
  if (!order?.balance_due || !DUE_AT[order.balance_due]?.includes(stage)) return null;
  const money = await orderMoney(trx, orderId);
  if (!money || balanceDue(money) === 0) return null;
  const open = await trx
    .selectFrom('payment_requests')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) return null;
  const note =
    order.balance_due === 'ready'
      ? 'Your order is ready: this is the balance after your deposit.'
      : 'Your proof is approved: we print once the balance after your deposit is paid.';
  const { mailId } = await askForMoney(trx, orderId, { kind: 'balance', note }, money, actor);
  return mailId;
}
