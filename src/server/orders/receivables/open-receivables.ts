import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { type Kysely, sql } from 'kysely';
import { requestAmountNow, requestLabel } from '../../../lib/orders/order-balance.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import {
  ageingBucket,
  type ReceivableItem,
  type ReceivablesAnswer,
  receivablesByCustomer,
} from '../../../lib/orders/receivables.ts';
import type { Database } from '../../db/types.ts';
import { invoicePageUrl } from '../../links/signed-links.ts';
import { askOf } from '../payments/request-views.ts';
import { isoDay, owedSql, shopDayAt, shopDayOf } from './shop-days.ts';

type Item = ReceivableItem & { customer: string; account_id: string | null };

/** The business account's name when the order has one, else the order's e-mail (joined as o, a). */
const customerSql = sql<string>`coalesce(a.name, o.email)`;

/**
 * Accounts receivable at `now` (docs/decisions/0029-deposits.md): every open invoice (its order, not cancelled, still
 * owes: the invoice asks the whole balance) and every open payment request that asks more than
 * $0 now (requestAmountNow, the rule the order page charges by), by customer and aged from the
 * due day: an invoice's due_on, a request's asking day. An order is never counted twice: its
 * invoice stands for everything it owes, so its requests are left out, and several open requests
 * on one order count, oldest first, no more than the order's balance between them.
 */
export async function openReceivables(db: Kysely<Database>, now = new Date()): Promise<ReceivablesAnswer> {
  const today = shopDayAt(now);
  const [{ day }] = (await sql<{ day: string }>`select ${isoDay(today)} as day`.execute(db)).rows as [{ day: string }];
  const invoices = await db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('business_accounts as a', 'a.id', 'o.account_id')
    .select([
      'i.id',
      'i.number',
      'o.id as order_id',
      'o.account_id',
      'o.po_number',
      customerSql.as('customer'),
      isoDay(shopDayOf('i.issued_at')).as('issued_on'),
      isoDay(sql<string>`i.due_on`).as('due_on'),
      sql<number>`(${today} - i.due_on)::int`.as('days_past_due'),
      owedSql.as('owed'),
    ])
    .where('o.status', '<>', 'cancelled')
    .where(owedSql, '>', 0)
    .execute();
  const requests = await db
    .selectFrom('payment_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('business_accounts as a', 'a.id', 'o.account_id')
    .select([
      'r.id',
      'r.kind',
      'r.share_percent',
      'r.amount_cents',
      'o.id as order_id',
      'o.account_id',
      'o.po_number',
      'o.total_cents',
      'o.refunded_cents',
      customerSql.as('customer'),
      isoDay(shopDayOf('r.created_at')).as('asked_on'),
      sql<number>`(${today} - ${shopDayOf('r.created_at')})::int`.as('days_past_due'),
      sql<number>`(select coalesce(sum(p.amount_cents), 0) from order_payments p where p.order_id = o.id)::int`.as(
        'paid_cents',
      ),
    ])
    .where('r.status', '=', 'open')
    .where('o.status', '<>', 'cancelled')
    .where(owedSql, '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('invoices as x').select('x.id').whereRef('x.order_id', '=', 'o.id'))),
    )
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();

  const items: Item[] = invoices.map((i) => ({
    kind: 'invoice',
    id: i.id,
    order_id: i.order_id,
    order_number: orderNumber(i.order_id),
    invoice_number: invoiceNumber(i.number),
    invoice_url: invoicePageUrl(i.id),
    po_number: i.po_number,
    label: `Invoice ${invoiceNumber(i.number)}`,
    issued_on: i.issued_on,
    due_on: i.due_on,
    days_past_due: i.days_past_due,
    bucket: ageingBucket(i.days_past_due),
    amount_cents: i.owed,
    customer: i.customer,
    account_id: i.account_id,
  }));
  /** What earlier requests of the same order already count (never more than its balance). */
  const counted = new Map<string, number>();
  for (const r of requests) {
    const money = { totalCents: r.total_cents, paidCents: r.paid_cents, refundedCents: r.refunded_cents };
    const ask = askOf(r);
    const already = counted.get(r.order_id) ?? 0;
    const balance = requestAmountNow({ kind: 'balance' }, money);
    const amount = Math.min(requestAmountNow(ask, money), balance - already);
    if (amount <= 0) continue;
    counted.set(r.order_id, already + amount);
    items.push({
      kind: 'request',
      id: r.id,
      order_id: r.order_id,
      order_number: orderNumber(r.order_id),
      invoice_number: null,
      invoice_url: null,
      po_number: r.po_number,
      label: requestLabel(ask),
      issued_on: r.asked_on,
      due_on: r.asked_on,
      days_past_due: r.days_past_due,
      bucket: ageingBucket(r.days_past_due),
      amount_cents: amount,
      customer: r.customer,
      account_id: r.account_id,
    });
  }
  return receivablesByCustomer(day, items);
}
