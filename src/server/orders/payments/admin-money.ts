import type { Kysely } from 'kysely';
import type { AdminOrderMoney } from '../../../lib/admin-schemas/payment-request.ts';
import { overpaidCents } from '../../../lib/orders/order-balance.ts';
import type { Database } from '../../db/types.ts';
import { orderPaymentsView } from './customer-payments.ts';
import { orderMoney } from './record-payment.ts';
import { readPaymentSettings } from './payment-settings.ts';
import { paymentRequestViews } from './request-views.ts';

/**
 * An order's payments, balance and every payment request, as the admin order dialog shows them
 * (docs/decisions/0029-deposits.md).
 */
export async function adminOrderMoney(db: Kysely<Database>, orderId: string): Promise<AdminOrderMoney> {
  const view = (await orderPaymentsView(db, orderId))!;
  const money = (await orderMoney(db, orderId))!;
  const terms = await db
    .selectFrom('orders')
    .leftJoin('business_accounts as a', 'a.id', 'orders.account_id')
    .select(['orders.deposit_cents', 'orders.balance_due', 'orders.po_number', 'a.name as account_name'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const settings = await readPaymentSettings(db);
  return {
    paid_cents: view.paidCents,
    balance_cents: view.balanceCents,
    overpaid_cents: overpaidCents(money),
    terms:
      terms.deposit_cents && terms.balance_due
        ? { deposit_cents: terms.deposit_cents, balance_due: terms.balance_due }
        : null,
    payments: view.payments.map((p) => ({
      id: p.id,
      amount_cents: p.amountCents,
      method: p.method,
      paid_at: p.paidAt.toISOString(),
    })),
    requests: await paymentRequestViews(db, orderId, money),
    account:
      terms.account_name && terms.po_number
        ? {
            name: terms.account_name,
            po_number: terms.po_number,
            invoice: view.invoice
              ? {
                  number: view.invoice.number,
                  terms: view.invoice.terms,
                  due_on: view.invoice.dueOn,
                  url: view.invoice.url,
                }
              : null,
          }
        : null,
    deposit_percent: settings.defaultDepositPercent,
  };
}
