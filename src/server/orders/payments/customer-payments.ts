import { type Kysely, sql } from 'kysely';
import { BUSINESS_TERMS_LABELS } from '../../../lib/orders/business-accounts.ts';
import { invoiceNumber } from '../../../lib/orders/on-account.ts';
import { invoicePageUrl } from '../../links/signed-links.ts';
import type { PaymentRequestView } from '../../../lib/admin-schemas/payment-request.ts';
import { type BalanceDue, balanceDue } from '../../../lib/orders/order-balance.ts';
import type { PaymentMethod } from '../../../lib/orders/payment-methods.ts';
import type { Database } from '../../db/types.ts';
import { orderMoney } from './record-payment.ts';
import { paymentRequestViews } from './request-views.ts';

/**
 * What the order page shows about money (docs/decisions/0029-deposits.md): payments received, what
 * is owed, open requests.
 */
export interface OrderPaymentsView {
  payments: { id: string; amountCents: number; method: PaymentMethod; paidAt: Date }[];
  paidCents: number;
  balanceCents: number;
  /** Open requests the customer can pay now (asking more than nothing), newest first. */
  openRequests: PaymentRequestView[];
  /** Bank payments still settling (docs/decisions/0029-deposits.md): what each is for and how much; not paid yet. */
  processing: { label: string; amountCents: number }[];
  /**
   * Whether the shop has asked this order for a payment after checkout. Until then the page does
   * not speak of a balance: every refund made today lowers what the customer pays (goodwill or a
   * cancel), and total − paid + refunded would read it as money owed.
   */
  requested: boolean;
  /**
   * A quote taken with a deposit (docs/decisions/0029-deposits.md): when the balance is asked, while something is owed
   * and no request asks it yet (the page says when it will be asked); null otherwise.
   */
  balanceAskedLater: BalanceDue | null;
  /**
   * An order placed on account: its invoice and the signed link to it
   * (docs/decisions/0029-deposits.md); null otherwise.
   */
  invoice: { number: string; poNumber: string; terms: string; dueOn: string; url: string } | null;
}

export async function orderPaymentsView(db: Kysely<Database>, orderId: string): Promise<OrderPaymentsView | null> {
  const money = await orderMoney(db, orderId);
  if (!money) return null;
  const payments = await db
    .selectFrom('order_payments')
    .select(['id', 'amount_cents', 'method', 'paid_at'])
    .where('order_id', '=', orderId)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
  const requests = await paymentRequestViews(db, orderId, money);
  const terms = await db.selectFrom('orders').select('balance_due').where('id', '=', orderId).executeTakeFirst();
  const invoice = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'po_number', 'terms'])
    .select(sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_day'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const openRequests = requests.filter((r) => r.status === 'open' && r.processing_cents === null && r.amount_cents > 0);
  const processing = requests.flatMap((r) =>
    r.status === 'open' && r.processing_cents !== null ? [{ label: r.label, amountCents: r.processing_cents }] : [],
  );
  const balanceCents = balanceDue(money);
  return {
    payments: payments.map((p) => ({ id: p.id, amountCents: p.amount_cents, method: p.method, paidAt: p.paid_at })),
    paidCents: money.paidCents,
    balanceCents,
    openRequests,
    processing,
    requested: requests.length > 0 || Boolean(terms?.balance_due) || invoice !== undefined,
    balanceAskedLater:
      terms?.balance_due && balanceCents > 0 && openRequests.length === 0 && processing.length === 0
        ? terms.balance_due
        : null,
    invoice: invoice
      ? {
          number: invoiceNumber(invoice.number),
          poNumber: invoice.po_number,
          terms: BUSINESS_TERMS_LABELS[invoice.terms],
          dueOn: invoice.due_day,
          url: invoicePageUrl(invoice.id),
        }
      : null,
  };
}
