import { type BalanceDue, balanceDue, depositCents } from '../../lib/orders/order-balance.ts';
import { orderMoney } from '../orders/payments/record-payment.ts';
import { type Kysely, sql } from 'kysely';
import type { PricedQuoteLine } from '../../lib/quotes/quote-pricing.ts';
import { shopToday } from '../catalog/collection-window.ts';
import type { Database, QuoteStatus } from '../db/types.ts';
import { orderPageUrl } from '../links/signed-links.ts';
import { orderNumber } from '../../lib/orders/order-number.ts';
import { isoDay } from './revisions.ts';

/** What the customer's quote page shows (docs/decisions/0017-quotes.md): the sent revision and where the quote is. */
export interface CustomerQuoteView {
  reference: string;
  what: string;
  fullName: string;
  status: QuoteStatus;
  /** Past its valid-until date (status may still read quoted until the sweep marks it). */
  expired: boolean;
  declineReason: string | null;
  revision: {
    number: number;
    lines: PricedQuoteLine[];
    fulfillment: 'shipping' | 'local';
    shippingSpeed: 'standard' | 'express' | 'overnight' | null;
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    totalCents: number;
    validUntil: string;
    message: string | null;
    /** What Accept charges when the quote takes a deposit (docs/decisions/0029-deposits.md); null: the total. */
    depositCents: number | null;
    depositPercent: number;
    balanceDue: BalanceDue;
  } | null;
  /**
   * The paid order this quote became, with the link to its page and what was paid and is owed
   * on it now (a deposit is not the whole quote).
   */
  order: { number: string; url: string; paidCents: number; owedCents: number; deposit: boolean } | null;
  artwork: string[];
}

/** The view of one quote request, or null when there is none (or nothing was ever sent). */
export async function customerQuoteView(db: Kysely<Database>, id: string): Promise<CustomerQuoteView | null> {
  const quote = await db
    .selectFrom('quote_requests as q')
    .leftJoin('quote_revisions as r', 'r.id', 'q.sent_revision_id')
    .select([
      'q.reference',
      'q.what',
      'q.full_name',
      'q.status',
      'q.decline_reason',
      'r.number',
      'r.lines',
      'r.fulfillment',
      'r.shipping_speed',
      'r.subtotal_cents',
      'r.discount_cents',
      'r.shipping_cents',
      'r.tax_cents',
      'r.total_cents',
      'r.valid_until',
      'r.message',
      'r.deposit_percent',
      'r.balance_due',
      sql<boolean>`r.valid_until < ${shopToday()}`.as('past'),
    ])
    .where('q.id', '=', id)
    .executeTakeFirst();
  if (!quote || quote.number === null) return null;
  const [order, artwork] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'deposit_cents'])
      .where('quote_request_id', '=', id)
      .where('status', '=', 'paid')
      .executeTakeFirst(),
    db
      .selectFrom('artwork')
      .select('original_name')
      .where('quote_request_id', '=', id)
      .where('status', '=', 'ready')
      .orderBy('created_at')
      .execute(),
  ]);
  const money = order ? await orderMoney(db, order.id) : null;
  return {
    reference: quote.reference,
    what: quote.what,
    fullName: quote.full_name,
    status: quote.status,
    expired: quote.status === 'expired' || (quote.status === 'quoted' && quote.past === true),
    declineReason: quote.decline_reason,
    revision: {
      number: quote.number,
      lines: (quote.lines ?? []) as PricedQuoteLine[],
      fulfillment: quote.fulfillment ?? 'shipping',
      shippingSpeed: quote.shipping_speed,
      subtotalCents: quote.subtotal_cents ?? 0,
      discountCents: quote.discount_cents ?? 0,
      shippingCents: quote.shipping_cents ?? 0,
      taxCents: quote.tax_cents ?? 0,
      totalCents: quote.total_cents ?? 0,
      validUntil: quote.valid_until ? isoDay(quote.valid_until) : '',
      message: quote.message,
      depositCents: depositCents(quote.total_cents ?? 0, quote.deposit_percent ?? 100),
      depositPercent: quote.deposit_percent ?? 100,
      balanceDue: quote.balance_due ?? 'ready',
    },
    order:
      order && money
        ? {
            number: orderNumber(order.id),
            url: orderPageUrl(order.id),
            paidCents: money.paidCents - money.refundedCents,
            owedCents: balanceDue(money),
            deposit: order.deposit_cents !== null,
          }
        : null,
    artwork: artwork.map((a) => a.original_name),
  };
}
