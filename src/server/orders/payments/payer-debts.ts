import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { type Kysely, sql } from 'kysely';
import { balanceDue, type OrderMoney, requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import type { Database } from '../../db/types.ts';
import { askOf } from './request-views.ts';

/**
 * Everything one customer owes across their orders (docs/decisions/0029-deposits.md), for the pay-together page and
 * the request e-mails' "pay them together" line: each open payment request that asks something
 * now, and each order with an invoice that still owes and has no open request. A customer is a
 * users row; their orders are those placed with its e-mail address, in any letter case.
 */
export interface PayerItem {
  /** The form value naming it: "request:<request id>" or "invoice:<order id>". */
  key: string;
  orderId: string;
  orderNumber: string;
  /** The request's kind in words ("Deposit 50 %", "Balance"), or "Invoice INV-1001". */
  label: string;
  note: string | null;
  /** What it asks now, in cents. */
  amountCents: number;
  /** For an invoice item: its number and due date (a Date at midnight UTC). */
  invoice: { number: number; dueOn: Date } | null;
}

export interface PayerDebts {
  userId: string;
  email: string;
  items: PayerItem[];
}

/** The customer's payable orders (not cancelled, checkout finished), oldest first, with their money. */
export async function payerOrders(db: Kysely<Database>, email: string): Promise<{ id: string; money: OrderMoney }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'total_cents', 'refunded_cents'])
    .select(
      sql<number>`(select coalesce(sum(amount_cents), 0)::int from order_payments p where p.order_id = orders.id)`.as(
        'paid_cents',
      ),
    )
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', '<>', 'cancelled')
    .where('paid_at', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    money: { totalCents: r.total_cents, paidCents: r.paid_cents, refundedCents: r.refunded_cents },
  }));
}

/** What the customer `userId` owes now; null when there is no such customer. */
export async function payerDebts(db: Kysely<Database>, userId: string): Promise<PayerDebts | null> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const orders = (await payerOrders(db, user.email)).filter((o) => balanceDue(o.money) > 0);
  if (orders.length === 0) return { userId: user.id, email: user.email, items: [] };
  const ids = orders.map((o) => o.id);
  const requests = await db
    .selectFrom('payment_requests')
    .select(['id', 'order_id', 'kind', 'share_percent', 'amount_cents', 'note'])
    .where('order_id', 'in', ids)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select(['order_id', 'number', 'due_on'])
    .where('order_id', 'in', ids)
    .execute();
  const items: PayerItem[] = [];
  for (const order of orders) {
    const open = requests.filter((r) => r.order_id === order.id);
    for (const request of open) {
      const amountCents = requestAmountNow(askOf(request), order.money);
      if (amountCents === 0) continue;
      items.push({
        key: `request:${request.id}`,
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        label: requestLabel(askOf(request)),
        note: request.note,
        amountCents,
        invoice: null,
      });
    }
    const invoice = invoices.find((i) => i.order_id === order.id);
    if (invoice && open.length === 0) {
      items.push({
        key: `invoice:${order.id}`,
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        label: `Invoice ${invoiceNumber(invoice.number)}`,
        note: null,
        amountCents: balanceDue(order.money),
        invoice: { number: invoice.number, dueOn: invoice.due_on },
      });
    }
  }
  return { userId: user.id, email: user.email, items };
}
