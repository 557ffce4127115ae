import { type Kysely, type RawBuilder, sql } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import { requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { findLockedOrder } from '../lock-order.ts';
import { queueOrderMail } from '../../mail/order-mail.ts';
import { moneyBindings } from '../money-mail.ts';
import type { SweepJob } from '../../timers/sweep-job.ts';
import { paymentReminded } from './payment-timeline.ts';
import { payTogetherBindings } from './pay-together-mail.ts';
import { orderMoney } from './record-payment.ts';
import { askOf } from './request-views.ts';

/** An open request is reminded this many days after it was asked, once each. */
export const PAYMENT_REMINDER_DAYS = [3, 7] as const;
const BATCH = 100;

/** How many reminders are due for a request asked at `createdAt`: 0, 1 or 2. */
const remindersDue = (createdAt: RawBuilder<unknown>) =>
  sql<number>`(${sql.join(
    PAYMENT_REMINDER_DAYS.map((days) => sql`(${createdAt} < now() - make_interval(days => ${days}))::int`),
    sql` + `,
  )})`;

/** What the order still owes, in SQL: total − paid + refunded (balanceDue before its floor). */
const owed = sql<number>`o.total_cents + o.refunded_cents - (select coalesce(sum(p.amount_cents), 0) from order_payments p where p.order_id = o.id)`;

/**
 * The unpaid payment request reminder (docs/decisions/0029-deposits.md), a job of the scheduled sweep: an open request
 * on an order that is not cancelled and still owes money gets the payment-request-reminder
 * e-mail (through the outbox) 3 and 7 days after it was asked, each once, and a line in the
 * timeline. A request the sweep first sees after 7 days gets only the later one and counts both
 * done. The claim is a conditional update under the order's lock (the lock a payment and a
 * withdrawal take), so two sweeps at once send one e-mail, and never one for a request just paid.
 */
export const remindUnpaidRequests: SweepJob = {
  name: 'remind-unpaid-payment-requests',
  async run(db) {
    const due = await db
      .selectFrom('payment_requests as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.id', 'r.order_id'])
      .where('r.status', '=', 'open')
      // A bank payment in progress is not reminded: the customer has paid, the bank is settling.
      .where('r.processing_since', 'is', null)
      .where('r.reminders_sent', '<', PAYMENT_REMINDER_DAYS.length)
      .where('r.created_at', '<', sql<Date>`now() - make_interval(days => ${PAYMENT_REMINDER_DAYS[0]})`)
      .where(remindersDue(sql.ref('r.created_at')), '>', sql.ref<number>('r.reminders_sent'))
      .where('o.status', '<>', 'cancelled')
      .where(owed, '>', 0)
      .orderBy('r.created_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const { id, order_id } of due) {
      if (await remindOnce(db, order_id, id)) sent++;
    }
    return sent > 0 ? `reminded ${sent} customer(s) of an unpaid payment request` : null;
  },
};

/** Claims and sends the reminder due for one request; false when another sweep or a payment came first. */
function remindOnce(db: Kysely<Database>, orderId: string, requestId: string): Promise<boolean> {
  return atomically(db, async (trx) => {
    const order = await findLockedOrder(trx, orderId, ['status']);
    const money = await orderMoney(trx, orderId);
    const request = await trx
      .selectFrom('payment_requests')
      .select(['kind', 'share_percent', 'amount_cents', 'note'])
      .where('id', '=', requestId)
      .where('status', '=', 'open')
      .where('processing_since', 'is', null)
      .executeTakeFirst();
    if (!order || order.status === 'cancelled' || !money || !request) return false;
    const ask = askOf(request);
    const amount = requestAmountNow(ask, money);
    if (amount === 0) return false;
    const claimed = await trx
      .updateTable('payment_requests')
      .set({ reminders_sent: remindersDue(sql.ref('created_at')), reminded_at: sql<Date>`now()` })
      .where('id', '=', requestId)
      .where(remindersDue(sql.ref('created_at')), '>', sql.ref<number>('reminders_sent'))
      .returning(sql<number>`floor(extract(epoch from now() - created_at) / 86400)::int`.as('days'))
      .executeTakeFirst();
    if (!claimed) return false;
    const mailId = await queueOrderMail(trx, orderId, 'payment-request-reminder', {
      amount: formatUsd(amount),
      what: requestLabel(ask),
      note: request.note ?? '',
      daysSinceAsked: String(claimed.days),
      ...(await payTogetherBindings(trx, orderId)),
      ...moneyBindings(money),
    });
    // An address no mail reaches is skipped by the outbox: the reminder counts as done, but the
    // timeline does not claim one was sent.
    if (mailId) await paymentReminded(trx, orderId, requestLabel(ask), amount);
    return mailId !== null;
  });
}
