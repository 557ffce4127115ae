import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { config } from '../config.ts';
import type { Database, QuoteStatus } from '../db/types.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { enqueueMail } from '../mail/outbox.ts';

/**
 * Whether a payment of one of the quote's orders may go through (docs/decisions/0025-hardening.md): not once the quote
 * was withdrawn, declined or expired. Those close the quote while no payment page of it is open,
 * but a page whose hold ran out can still be paid; the quote stays closed, and completeOrder
 * cancels the order instead, so the payment is flagged for a refund like any payment of a
 * cancelled order (payment-events.ts).
 */
export function quoteTakesPayment(status: QuoteStatus): boolean {
  return status !== 'withdrawn' && status !== 'declined' && status !== 'expired';
}

/**
 * A quote's order was just paid (inside completeOrder's transaction): the quote is accepted
 * and the shop is told which order it became and what was paid and owed (the quote-accepted
 * e-mail: a deposit is not the whole quote). The customer gets the order confirmation like every order.
 */
export async function markQuotePaid(trx: Kysely<Database>, quoteRequestId: string, orderId: string): Promise<void> {
  const quote = await trx
    .updateTable('quote_requests')
    .set({ status: 'accepted', answered_at: sql<Date>`now()` })
    .where('id', '=', quoteRequestId)
    .returning(['reference', 'what', 'full_name', 'email'])
    .executeTakeFirst();
  if (!quote) return;
  const order = await trx
    .selectFrom('orders')
    .select(['total_cents', 'deposit_cents'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  // What Accept charged: the deposit, or the whole total (never called paid in full when it was not).
  const paid = order.deposit_cents ?? order.total_cents;
  const owed = order.total_cents - paid;
  await enqueueMail(trx, {
    template: 'quote-accepted',
    to: config().SHOP_EMAIL,
    replyTo: quote.email,
    values: {
      fullName: quote.full_name,
      emailAddress: quote.email,
      reference: quote.reference,
      what: quote.what,
      total: formatUsd(order.total_cents),
      paid: order.deposit_cents ? `${formatUsd(paid)} (deposit)` : formatUsd(paid),
      owed: formatUsd(owed),
      paidWords: order.deposit_cents
        ? `paid ${formatUsd(paid)} deposit, ${formatUsd(owed)} owed`
        : `paid ${formatUsd(paid)} in full`,
      orderNumber: orderNumber(orderId),
    },
  });
}
