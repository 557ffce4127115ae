import { type Kysely, sql } from 'kysely';
import { formatUsd } from '../../lib/money.ts';
import { config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { orderNumber } from '../mail/order-confirmation.ts';
import { enqueueMail } from '../mail/outbox.ts';

/**
 * A quote's order was just paid (inside completeOrder's transaction): the quote is accepted
 * and the shop is told which order it became (the quote-accepted e-mail). The customer gets
 * the order confirmation like every order.
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
    .select('total_cents')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
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
      orderNumber: orderNumber(orderId),
    },
  });
}
