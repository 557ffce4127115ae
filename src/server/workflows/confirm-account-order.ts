import { type Kysely, sql } from 'kysely';
import { BUSINESS_TERMS_LABELS, type BusinessTerms } from '../../lib/orders/business-accounts.ts';
import { formatUsd } from '../../lib/money.ts';
import { dueOn, invoiceNumber } from '../../lib/orders/on-account.ts';
import { shopDateWords } from '../../lib/site/shop-time.ts';
import { owedOnAccount, refuseOverLimit } from '../checkout/account-checkout.ts';
import { completeOrder } from './complete-order.ts';
import { atomically } from '../db/transaction.ts';
import type { Database } from '../db/types.ts';
import { findLockedOrder } from '../orders/lock-order.ts';
import { Conflict, NotFound } from '../errors.ts';
import { invoicePageUrl } from '../links/signed-links.ts';
import { queueOrderMail } from '../mail/order-mail.ts';
import { invoiceIssued } from '../orders/payments/payment-timeline.ts';
import { isPaid } from '../../lib/orders/order-stages.ts';

/**
 * The buyer confirms an order on account from the e-mailed link (docs/decisions/0029-deposits.md):
 * under the order's lock and then the account's, in the lock order of orders/lock-order.ts (so
 * two confirmations cannot both pass the credit limit), the order is placed as a paid checkout
 * would place it, with nothing received, and its invoice is issued and e-mailed. A
 * second confirmation answers the same invoice; a lapsed or cancelled order, a closed account or
 * one now over its limit is refused in words (409) and nothing changes.
 */
export async function confirmAccountOrder(
  db: Kysely<Database>,
  orderId: string,
  now: Date = new Date(),
): Promise<{ invoiceId: string; confirmed: boolean }> {
  return atomically(db, async (trx) => {
    const order = await findLockedOrder(trx, orderId, [
      'status',
      'account_id',
      'po_number',
      'total_cents',
      'expires_at',
      'email',
      'customer_name',
      'payment_provider',
    ]);
    if (order?.payment_provider !== 'account' || !order.account_id || !order.po_number) {
      throw new NotFound('not_found', 'There is no such order.');
    }
    if (isPaid(order)) {
      const issued = await trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirst();
      if (issued) return { invoiceId: issued.id, confirmed: false };
    }
    if (order.status !== 'pending' || (order.expires_at && order.expires_at.getTime() <= now.getTime())) {
      throw new Conflict(
        'order_lapsed',
        'This order was not confirmed in time, so it was let go and nothing was billed. Please order again from your cart.',
      );
    }
    const account = await trx
      .selectFrom('business_accounts')
      .select(['id', 'name', 'terms', 'credit_limit_cents', 'active'])
      .where('id', '=', order.account_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!account.active) {
      throw new Conflict(
        'account_closed',
        'This account is closed, so the order cannot be billed to it. Pay by card, or call us.',
      );
    }
    refuseOverLimit(await owedOnAccount(trx, account.id), order.total_cents, account.credit_limit_cents);
    const placed = await completeOrder(trx, orderId, { email: order.email, name: order.customer_name });
    if (placed.outcome !== 'paid') throw new Conflict('order_lapsed', 'This order can no longer be confirmed.');
    const invoiceId = await issueInvoice(trx, {
      orderId,
      accountId: account.id,
      accountName: account.name,
      poNumber: order.po_number,
      terms: account.terms,
      totalCents: order.total_cents,
      now,
    });
    return { invoiceId, confirmed: true };
  });
}

interface NewInvoice {
  orderId: string;
  accountId: string;
  accountName: string;
  poNumber: string;
  terms: BusinessTerms;
  totalCents: number;
  now: Date;
}

/** Numbers the invoice, dates it by the account's terms, writes the timeline and queues its e-mail. */
async function issueInvoice(trx: Kysely<Database>, invoice: NewInvoice): Promise<string> {
  const due = dueOn(invoice.now, invoice.terms);
  const row = await trx
    .insertInto('invoices')
    .values({
      order_id: invoice.orderId,
      account_id: invoice.accountId,
      po_number: invoice.poNumber,
      terms: invoice.terms,
      issued_at: sql<Date>`${invoice.now.toISOString()}::timestamptz`,
      due_on: due,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
  const number = invoiceNumber(row.number);
  const terms = BUSINESS_TERMS_LABELS[invoice.terms];
  const dueWords = shopDateWords(due);
  await invoiceIssued(
    trx,
    invoice.orderId,
    `Invoice ${number} issued: PO ${invoice.poNumber}, ${terms}, due ${dueWords}`,
  );
  await queueOrderMail(trx, invoice.orderId, 'invoice', {
    accountName: invoice.accountName,
    poNumber: invoice.poNumber,
    invoiceNumber: number,
    total: formatUsd(invoice.totalCents),
    terms,
    dueDate: dueWords,
    invoiceUrl: invoicePageUrl(row.id),
  });
  return row.id;
}
