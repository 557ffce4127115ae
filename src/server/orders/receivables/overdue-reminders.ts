import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../../lib/money.ts';
import { shopDateWords } from '../../../lib/site/shop-time.ts';
import { balanceDue } from '../../../lib/orders/order-balance.ts';
import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { atomically } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { findLockedOrder } from '../lock-order.ts';
import { invoicePageUrl } from '../../links/signed-links.ts';
import { queueOrderMail } from '../../mail/order-mail.ts';
import type { SweepJob } from '../../timers/sweep-job.ts';
import { invoiceReminded } from '../payments/payment-timeline.ts';
import { orderMoney } from '../payments/record-payment.ts';
import { isoDay, owedSql, shopDayAt } from './shop-days.ts';

/** An overdue invoice is reminded at most once in this many days. */
export const INVOICE_REMINDER_DAYS = 7;
const BATCH = 100;

/** "1 day", "12 days". */
const daysWords = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** Reminded never, or at least a week before `now`. */
const reminderDue = (now: Date, column = 'reminded_at') =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} <= ${now.toISOString()}::timestamptz - make_interval(days => ${INVOICE_REMINDER_DAYS}))`;

/**
 * Reminds every invoice past its due day (in the shop's calendar at `now`) whose order is not
 * cancelled and still owes: the invoice-overdue e-mail through the outbox, a line in the
 * order's timeline, and invoices.reminded_at stamped, so the next one waits a week. The claim
 * is a conditional update under the order's lock (the lock a payment takes), so two sweeps at
 * once send one e-mail, and never one for an invoice paid meanwhile. Answers how many were sent.
 */
export async function remindOverdueInvoices(db: Kysely<Database>, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id'])
    .where('i.due_on', '<', shopDayAt(now))
    .where(reminderDue(now, 'i.reminded_at'))
    .where('o.status', '<>', 'cancelled')
    .where(owedSql, '>', 0)
    .orderBy('i.due_on')
    .orderBy('i.number')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const { id, order_id } of due) {
    if (await remindOnce(db, order_id, id, now)) sent++;
  }
  return sent;
}

function remindOnce(db: Kysely<Database>, orderId: string, invoiceId: string, now: Date): Promise<boolean> {
  return atomically(db, async (trx) => {
    const order = await findLockedOrder(trx, orderId, ['status']);
    const money = await orderMoney(trx, orderId);
    if (!order || order.status === 'cancelled' || !money) return false;
    const amount = balanceDue(money);
    if (amount === 0) return false;
    const claimed = await trx
      .updateTable('invoices')
      .set({ reminded_at: now })
      .where('id', '=', invoiceId)
      .where('due_on', '<', shopDayAt(now))
      .where(reminderDue(now))
      .returning([
        'number',
        'po_number',
        isoDay(sql<string>`due_on`).as('due_on'),
        sql<number>`(${shopDayAt(now)} - due_on)::int`.as('days'),
      ])
      .executeTakeFirst();
    if (!claimed) return false;
    const account = await trx
      .selectFrom('invoices as i')
      .innerJoin('business_accounts as a', 'a.id', 'i.account_id')
      .select('a.name')
      .where('i.id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const number = invoiceNumber(claimed.number);
    const mailId = await queueOrderMail(trx, orderId, 'invoice-overdue', {
      accountName: account.name,
      invoiceNumber: number,
      poNumber: claimed.po_number,
      amount: formatUsd(amount),
      dueDate: shopDateWords(claimed.due_on),
      daysOverdue: daysWords(claimed.days),
      invoiceUrl: invoicePageUrl(invoiceId),
    });
    // An address no mail reaches is skipped by the outbox: the week still counts, but the
    // timeline does not claim a reminder went.
    if (mailId) await invoiceReminded(trx, orderId, number, amount, daysWords(claimed.days));
    return mailId !== null;
  });
}

/** The weekly overdue-invoice reminder (docs/decisions/0029-deposits.md), a job of the scheduled sweep. */
export const remindOverdueInvoicesJob: SweepJob = {
  name: 'remind-overdue-invoices',
  async run(db) {
    const sent = await remindOverdueInvoices(db);
    return sent > 0 ? `reminded ${sent} account(s) of an overdue invoice` : null;
  },
};
