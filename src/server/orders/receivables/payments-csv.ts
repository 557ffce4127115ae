import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ReceivablesExportQuery } from '../../../lib/admin-schemas/receivables.ts';
import { orderNumber } from '../../../lib/orders/order-number.ts';
import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { endOfDay, startOfDay } from '../../db/day-range.ts';
import type { Database } from '../../db/types.ts';
import { qboAmount, qboDate } from './qbo-date.ts';
import { isoDay, shopDayOf } from './shop-days.ts';

/** The fields of QuickBooks Online's Receive payment, one column each. */
export const PAYMENT_COLUMNS = [
  'Payment date',
  'Customer',
  'Invoice no',
  'Order',
  'Amount received',
  'Payment method',
  'Reference no',
] as const;

const METHOD_WORDS: Readonly<Record<string, string>> = { card: 'Credit card', test: 'Test payment' };

/** Payments in one file, at most. */
const EXPORT_MAX = 50_000;

/**
 * Every payment received from `from` to `to` (docs/decisions/0029-deposits.md), oldest first: the day, who paid (the
 * business account's name, else the order's e-mail), the invoice it pays (blank for an order
 * without one), the order, the amount, how and the provider's reference (Stripe's payment, or
 * the session), so each can be matched to its invoice and to the bank deposit.
 */
export async function paymentRows(db: Kysely<Database>, range: ReceivablesExportQuery) {
  const rows = await db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('business_accounts as a', 'a.id', 'o.account_id')
    .leftJoin('invoices as i', 'i.order_id', 'o.id')
    .select([
      isoDay(shopDayOf('p.paid_at')).as('paid_on'),
      sql<string>`coalesce(a.name, o.email)`.as('customer'),
      'i.number',
      'o.id as order_id',
      'p.amount_cents',
      'p.method',
      sql<string>`coalesce(p.payment_intent_id, p.provider_session_id)`.as('reference'),
    ])
    .where('p.paid_at', '>=', startOfDay(range.from))
    .where('p.paid_at', '<', endOfDay(range.to))
    .orderBy('p.paid_at')
    .orderBy('p.id')
    .limit(EXPORT_MAX)
    .execute();
  return rows.map((p) => [
    qboDate(p.paid_on),
    p.customer,
    p.number === null ? '' : invoiceNumber(p.number),
    orderNumber(p.order_id),
    qboAmount(p.amount_cents),
    METHOD_WORDS[p.method] ?? p.method,
    p.reference,
  ]);
}
